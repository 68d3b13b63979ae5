// tirx/ptx.h - device intrinsics that tirx-pp's output calls.
// One inline function per PTX instruction. Instructions that need a newer
// architecture fall back to an equivalent (or vanish) on older targets, so the
// same output builds for sm_80 and sm_90a.
#pragma once

#if defined(__CUDACC__) || defined(__CUDA_ARCH__)
#define TIRX_DEVICE __device__ __forceinline__
#else
#define TIRX_DEVICE inline
#endif

// %laneid: this thread's lane in its warp.
TIRX_DEVICE unsigned tirx_lane_id() {
#ifdef __CUDA_ARCH__
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
#else
  return 0;
#endif
}

// elect.sync: true in exactly one lane of a converged warp (sm_90+); lane 0 before.
TIRX_DEVICE bool tirx_elect_one_sync() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  unsigned elected;
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "elect.sync _|p, 0xffffffff;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(elected));
  return elected != 0;
#else
  return tirx_lane_id() == 0;
#endif
}

// bar.sync id, n: named barrier for n threads (a multiple of 32).
TIRX_DEVICE void tirx_bar_sync(unsigned id, unsigned n) {
#ifdef __CUDA_ARCH__
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n) : "memory");
#endif
}

// bar.arrive id, n: arrive at a named barrier without waiting.
TIRX_DEVICE void tirx_bar_arrive(unsigned id, unsigned n) {
#ifdef __CUDA_ARCH__
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(n) : "memory");
#endif
}
