// TIRX_PP_OWN_HEADER 0.1.0
// tirx/grid.h - the instructions of grid events (docs/regions-and-events.md#grid-events):
// a counter in global memory that blocks of one grid arrive at and read, at
// GPU scope. One inline function per PTX instruction; all are sm_70 (the
// .release/.acquire/.relaxed qualifiers and nanosleep), so every target the
// other headers build for has them. A counter is an `unsigned` in global
// memory passed as a generic pointer (global is the only state space that
// every block of the grid reaches).
#pragma once

#include "ptx.h"

// red.release.gpu.global.add.u32: one arrival, nothing read back. Release at
// GPU scope: every write this thread has made or observed (the region's,
// gathered on a block-local barrier first) is visible to a block that
// acquires the count.
TIRX_DEVICE void tirx_red_release_gpu_add(unsigned *counter, unsigned v) {
#if defined(TIRX_SM80_)
  asm volatile("red.release.gpu.global.add.u32 [%0], %1;" ::"l"(counter), "r"(v) : "memory");
#else
  (void)counter, (void)v;
  TIRX_NO_INSTRUCTION_();
#endif
}

// atom.acq_rel.gpu.global.add.u32: one arrival that reads the count before
// it (the last arrival knows itself by it). Release as above, and acquire:
// what the earlier arrivals released is visible to this thread after it.
TIRX_DEVICE unsigned tirx_atom_acq_rel_gpu_add(unsigned *counter, unsigned v) {
  unsigned old = 0;
#if defined(TIRX_SM80_)
  asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(counter), "r"(v) : "memory");
#else
  (void)counter, (void)v;
  TIRX_NO_INSTRUCTION_();
#endif
  return old;
}

// ld.acquire.gpu.global.u32: the count, and what the arrivals it counts
// released (a wait's spin, a test for the last arrival).
TIRX_DEVICE unsigned tirx_ld_acquire_gpu(const unsigned *counter) {
  unsigned v = 0;
#if defined(TIRX_SM80_)
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(counter) : "memory");
#else
  (void)counter;
  TIRX_NO_INSTRUCTION_();
#endif
  return v;
}

// st.relaxed.gpu.global.u32: the reset to zero once every block of the phase
// is done with the counter (no data to publish with it).
TIRX_DEVICE void tirx_st_relaxed_gpu(unsigned *counter, unsigned v) {
#if defined(TIRX_SM80_)
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(counter), "r"(v) : "memory");
#else
  (void)counter, (void)v;
  TIRX_NO_INSTRUCTION_();
#endif
}

// nanosleep.u32: the backoff of a wait's spin, so that the waiting thread
// leaves the memory system to the blocks it waits for.
TIRX_DEVICE void tirx_nanosleep(unsigned ns) {
#if defined(TIRX_SM80_)
  asm volatile("nanosleep.u32 %0;" ::"r"(ns));
#else
  (void)ns;
#endif
}
