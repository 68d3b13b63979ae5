// TIRX_PP_OWN_HEADER 0.1.0
// tirx/ptx.h - device intrinsics that tirx-pp's output calls.
// One inline function per PTX instruction. Instructions that need a newer
// architecture fall back to an equivalent (or vanish) on older targets, so the
// same output builds for sm_80 and sm_90a.
//
// Minimum architectures (PTX ISA): mbarrier init/arrive/test_wait/inval are
// sm_80; try_wait, arrive with a count, expect_tx, fence.mbarrier_init and
// fence.proxy.async are sm_90; setmaxnreg is sm_90a only. Where an instruction
// has no equivalent on the target it traps (a barrier must never pass silently),
// except fences and setmaxnreg, which have nothing to do there. The `.shared::cta`
// spelling needs PTX ISA 7.8, which every nvcc 12+/13 emits for every target.
// An mbarrier is a uint64_t in shared memory, 8-byte aligned, passed as
// uint64_t * (a generic pointer); each function converts it to the 32-bit
// shared-window address the instructions take.
#pragma once

#ifndef __CUDACC_RTC__
#include <cstdint>
#endif

#if defined(__CUDACC__) || defined(__CUDA_ARCH__)
#define TIRX_DEVICE __device__ __forceinline__
#else
#define TIRX_DEVICE inline
#endif

// Which instruction set the device pass compiles for (never set in the host pass).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define TIRX_SM80_ 1
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define TIRX_SM90_ 1
#endif
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)  // nvcc: -arch=sm_90a
#define TIRX_SM90A_ 1
#endif

// No such instruction on this target: trap, rather than let a barrier silently
// pass (device pass only; the host pass never runs device code).
#ifdef __CUDA_ARCH__
#define TIRX_NO_INSTRUCTION_() __trap()
#else
#define TIRX_NO_INSTRUCTION_() ((void)0)
#endif

// Suspend-time hint (ns) for mbarrier.try_wait: how long a waiting thread may
// sleep in hardware before try_wait returns false and the loop retries (it wakes
// early when the phase completes). 10 ms, CUTLASS's value; override before including.
#ifndef TIRX_MBAR_SUSPEND_NS
#define TIRX_MBAR_SUSPEND_NS 0x989680u
#endif

// The body of a function that reads the 32-bit special register `reg` (0 in
// the host pass, which never runs device code).
#ifdef __CUDA_ARCH__
#define TIRX_SREG_U32_(reg)                          \
  unsigned v;                                        \
  asm volatile("mov.u32 %0, %%" reg ";" : "=r"(v)); \
  return v;
#else
#define TIRX_SREG_U32_(reg) return 0;
#endif

// %laneid: this thread's lane in its warp.
TIRX_DEVICE unsigned tirx_lane_id() { TIRX_SREG_U32_("laneid") }

// %smid: the SM this thread runs on (a block stays on one SM).
TIRX_DEVICE unsigned tirx_smid() { TIRX_SREG_U32_("smid") }

// %globaltimer: nanoseconds, the same clock on every SM (how often it
// advances depends on the GPU and driver).
TIRX_DEVICE unsigned long long tirx_globaltimer() {
#ifdef __CUDA_ARCH__
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
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

// ---- named barriers ---------------------------------------------------------

// bar.sync id, n: named barrier for n threads (a multiple of 32).
TIRX_DEVICE void tirx_bar_sync(unsigned id, unsigned n) {
#ifdef __CUDA_ARCH__
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n) : "memory");
#else
  (void)id, (void)n;
#endif
}

// bar.arrive id, n: arrive at a named barrier without waiting.
TIRX_DEVICE void tirx_bar_arrive(unsigned id, unsigned n) {
#ifdef __CUDA_ARCH__
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(n) : "memory");
#else
  (void)id, (void)n;
#endif
}

// bar.sync id: named barrier for every thread of the block (id 0 is __syncthreads()'s).
TIRX_DEVICE void tirx_bar_sync_all(unsigned id) {
#ifdef __CUDA_ARCH__
  asm volatile("bar.sync %0;" ::"r"(id) : "memory");
#else
  (void)id;
#endif
}

// ---- shared-memory addresses --------------------------------------------------

// cvta.to.shared: generic pointer -> 32-bit shared address, the "r" operand that
// mbarrier/fence instructions take (cheaper than a 64-bit generic address).
TIRX_DEVICE uint32_t tirx_smem_addr(const void *p) {
#ifdef __CUDA_ARCH__
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
#else
  (void)p;
  return 0;
#endif
}

// ---- mbarriers -----------------------------------------------------------------

// mbarrier.init: phase 0, expecting `count` arrivals per phase; "memory" keeps
// earlier shared-memory traffic to the barrier's word from moving past it.
TIRX_DEVICE void tirx_mbar_init(uint64_t *bar, uint32_t count) {
#if defined(TIRX_SM80_)
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(tirx_smem_addr(bar)), "r"(count)
               : "memory");
#else
  (void)bar, (void)count;
  TIRX_NO_INSTRUCTION_();
#endif
}

// fence.mbarrier_init.release.cluster: makes prior mbarrier.inits visible to the
// async proxy (TMA complete_tx) and the cluster; follow it with a block barrier.
// sm_80 has neither, and the block barrier alone publishes the init: nothing.
TIRX_DEVICE void tirx_fence_mbar_init() {
#if defined(TIRX_SM90_)
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
}

// mbarrier.arrive (release): one arrival, state token discarded (sink `_`), the
// form a producer/consumer trigger uses; "memory" publishes earlier stores first.
TIRX_DEVICE void tirx_mbar_arrive(uint64_t *bar) {
#if defined(TIRX_SM80_)
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(tirx_smem_addr(bar)) : "memory");
#else
  (void)bar;
  TIRX_NO_INSTRUCTION_();
#endif
}

// mbarrier.arrive returning the state token (the phase arrived on), for
// mbarrier.test_wait/try_wait on a token instead of a parity.
TIRX_DEVICE uint64_t tirx_mbar_arrive_token(uint64_t *bar) {
  uint64_t state = 0;
#if defined(TIRX_SM80_)
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];"
               : "=l"(state)
               : "r"(tirx_smem_addr(bar))
               : "memory");
#else
  (void)bar;
  TIRX_NO_INSTRUCTION_();
#endif
  return state;
}

// mbarrier.arrive with count: `count` arrivals at once (a warp arriving for all
// its lanes). sm_80 lacks the count operand: count-1 arrivals marked
// .noComplete (they cannot finish the phase, since ours is still pending), then one.
TIRX_DEVICE void tirx_mbar_arrive_cnt(uint64_t *bar, uint32_t count) {
#if defined(TIRX_SM90_)
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0], %1;" ::"r"(tirx_smem_addr(bar)), "r"(count)
               : "memory");
#elif defined(TIRX_SM80_)
  if (count > 1)
    asm volatile("mbarrier.arrive.noComplete.shared::cta.b64 _, [%0], %1;" ::"r"(tirx_smem_addr(bar)),
                 "r"(count - 1)
                 : "memory");
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(tirx_smem_addr(bar)) : "memory");
#else
  (void)bar, (void)count;
  TIRX_NO_INSTRUCTION_();
#endif
}

// mbarrier.arrive.expect_tx: one arrival plus `bytes` expected transaction bytes,
// issued by the one thread that launches a TMA copy completing on this barrier.
// No transaction counts (and no TMA) before sm_90: a call there is a bug, so trap.
TIRX_DEVICE void tirx_mbar_arrive_expect_tx(uint64_t *bar, uint32_t bytes) {
#if defined(TIRX_SM90_)
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(tirx_smem_addr(bar)),
               "r"(bytes)
               : "memory");
#else
  (void)bar, (void)bytes;
  TIRX_NO_INSTRUCTION_();
#endif
}

// mbarrier.expect_tx: raise this phase's expected transaction bytes without
// arriving (several TMA copies on one barrier, one arrive). sm_90+; traps before.
TIRX_DEVICE void tirx_mbar_expect_tx(uint64_t *bar, uint32_t bytes) {
#if defined(TIRX_SM90_)
  asm volatile("mbarrier.expect_tx.shared::cta.b64 [%0], %1;" ::"r"(tirx_smem_addr(bar)), "r"(bytes)
               : "memory");
#else
  (void)bar, (void)bytes;
  TIRX_NO_INSTRUCTION_();
#endif
}

// mbarrier.test_wait.parity (acquire): true once the phase with this parity
// has completed; never blocks. "memory": later loads stay after it.
TIRX_DEVICE bool tirx_mbar_test_wait_parity(uint64_t *bar, uint32_t parity) {
#if defined(TIRX_SM80_)
  uint32_t done;
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "mbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(done)
      : "r"(tirx_smem_addr(bar)), "r"(parity)
      : "memory");
  return done != 0;
#else
  (void)bar, (void)parity;
  TIRX_NO_INSTRUCTION_();
  return true;
#endif
}

// mbarrier.try_wait.parity (acquire): true once the phase with this parity has
// completed; may sleep up to suspend_ns first. sm_80: the non-sleeping
// mbarrier.test_wait.parity. "memory": later loads stay after the wait.
TIRX_DEVICE bool tirx_mbar_try_wait_parity(uint64_t *bar, uint32_t parity, uint32_t suspend_ns) {
#if defined(TIRX_SM90_)
  uint32_t done;
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2, %3;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(done)
      : "r"(tirx_smem_addr(bar)), "r"(parity), "r"(suspend_ns)
      : "memory");
  return done != 0;
#else
  (void)suspend_ns;
  return tirx_mbar_test_wait_parity(bar, parity);
#endif
}

// mbarrier.inval: return the barrier's word to ordinary shared memory (required
// before reusing it for other data); "memory" orders it against that reuse.
TIRX_DEVICE void tirx_mbar_inval(uint64_t *bar) {
#if defined(TIRX_SM80_)
  asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(tirx_smem_addr(bar)) : "memory");
#else
  (void)bar;
  TIRX_NO_INSTRUCTION_();
#endif
}

// ---- clusters (sm_90) --------------------------------------------------------------
// A thread block cluster: up to 8 blocks (portable size) that run at once on
// one GPC and reach each other's shared memory. Every launch on sm_90 runs in
// clusters (of 1 block without a cluster launch); before sm_90 there are none,
// and a block is a cluster of one: ranks read 0, sizes 1, cluster barriers are
// block barriers, and a remote arrive is a local one.

// The body of a function that reads the cluster special register `reg`
// (mov.u32 from %reg; sm_90), or returns `alone` before sm_90 (what a block
// that is a cluster of one would read).
#if defined(TIRX_SM90_)
#define TIRX_CLUSTER_SREG_(reg, alone)            \
  uint32_t v;                                     \
  asm volatile("mov.u32 %0, %%" reg ";" : "=r"(v)); \
  return v;
#else
#define TIRX_CLUSTER_SREG_(reg, alone) return alone;
#endif

// %cluster_ctarank: this block's rank in its cluster, 0 .. size-1 (x fastest).
TIRX_DEVICE uint32_t tirx_cluster_rank() { TIRX_CLUSTER_SREG_("cluster_ctarank", 0) }

// %cluster_nctarank: the blocks in this cluster.
TIRX_DEVICE uint32_t tirx_cluster_size() { TIRX_CLUSTER_SREG_("cluster_nctarank", 1) }

// %cluster_nctaid.x / .y: the cluster's shape in blocks.
TIRX_DEVICE uint32_t tirx_cluster_dim_x() { TIRX_CLUSTER_SREG_("cluster_nctaid.x", 1) }
TIRX_DEVICE uint32_t tirx_cluster_dim_y() { TIRX_CLUSTER_SREG_("cluster_nctaid.y", 1) }

// %cluster_ctaid.x / .y / .z: this block's position in its cluster.
TIRX_DEVICE uint32_t tirx_cluster_ctaid_x() { TIRX_CLUSTER_SREG_("cluster_ctaid.x", 0) }
TIRX_DEVICE uint32_t tirx_cluster_ctaid_y() { TIRX_CLUSTER_SREG_("cluster_ctaid.y", 0) }
TIRX_DEVICE uint32_t tirx_cluster_ctaid_z() { TIRX_CLUSTER_SREG_("cluster_ctaid.z", 0) }

// barrier.cluster.arrive.release: this thread has arrived at the cluster
// barrier; its earlier memory accesses are released to the cluster. Not
// .aligned: a thread may reach it alone (an early return). sm_80: the block barrier.
TIRX_DEVICE void tirx_cluster_arrive() {
#if defined(TIRX_SM90_)
  asm volatile("barrier.cluster.arrive.release;" ::: "memory");
#elif defined(__CUDA_ARCH__)
  __syncthreads();
#endif
}

// barrier.cluster.wait.acquire: waits until every non-exited thread of the
// cluster has arrived; the accesses they released are then visible.
TIRX_DEVICE void tirx_cluster_wait() {
#if defined(TIRX_SM90_)
  asm volatile("barrier.cluster.wait.acquire;" ::: "memory");
#endif
}

// The whole cluster barrier: arrive, then wait.
TIRX_DEVICE void tirx_cluster_sync() {
  tirx_cluster_arrive();
  tirx_cluster_wait();
}

// mapa.shared::cluster: the address of the same shared-memory location in
// block `rank` of the cluster (for the .shared::cluster instructions).
TIRX_DEVICE uint32_t tirx_mapa(uint32_t smem_addr, uint32_t rank) {
#if defined(TIRX_SM90_)
  uint32_t remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(smem_addr), "r"(rank));
  return remote;
#else
  (void)rank;
  return smem_addr;
#endif
}

// mbarrier.arrive.shared::cluster (release at CTA scope, the default): one
// arrival on the barrier at the same offset in block `rank` of the cluster
// (its own rank included), as CUTLASS's ClusterBarrier::arrive(cta_id). It
// hands back what this thread has finished with (a ring slot whose reads are
// complete) without waiting for its earlier accesses to be performed at
// cluster scope: measured on the H200, the .release.cluster form below in a
// 2 x 1 cluster GEMM's slot release halved its speed. Ordinary stores into
// another block's shared memory are not published by it: tirx_fence_cluster()
// first. sm_80: a local arrive.
TIRX_DEVICE void tirx_mbar_arrive_remote(uint64_t *bar, uint32_t rank) {
#if defined(TIRX_SM90_)
  asm volatile("mbarrier.arrive.shared::cluster.b64 _, [%0];" ::"r"(tirx_mapa(tirx_smem_addr(bar), rank))
               : "memory");
#else
  (void)rank;
  tirx_mbar_arrive(bar);
#endif
}

// fence.acq_rel.cluster: this thread's earlier memory accesses are performed
// at cluster scope before its later ones (stores into another block's shared
// memory, then the tirx_trigger that tells that block).
TIRX_DEVICE void tirx_fence_cluster() {
#if defined(TIRX_SM90_)
  asm volatile("fence.acq_rel.cluster;" ::: "memory");
#elif defined(__CUDA_ARCH__)
  __threadfence();  // no clusters: a block's own scope, and more
#endif
}

// mbarrier.arrive.release.cluster.shared::cluster: one arrival on the barrier
// at the same offset in block `rank` of the cluster (its own rank included),
// releasing this thread's earlier accesses at cluster scope. When to use
// which: this form where the arrival itself must publish data, e.g. ordinary
// stores into block `rank`'s shared memory that it reads after its
// cluster-scope wait (tirx_mbar_wait_parity_cluster), without a
// tirx_fence_cluster() first; tirx_mbar_arrive_remote (release at CTA scope,
// as CUTLASS's ClusterBarrier::arrive) where it only hands something back,
// such as a ring slot whose reads are done, and for every trigger tirx-pp
// lowers: this form in the 2 x 1 cluster GEMM's slot release halved its speed
// (H200). tirx-pp never emits it. sm_80: a local arrive.
TIRX_DEVICE void tirx_mbar_arrive_cluster(uint64_t *bar, uint32_t rank) {
#if defined(TIRX_SM90_)
  asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(
                   tirx_mapa(tirx_smem_addr(bar), rank))
               : "memory");
#else
  (void)rank;
  tirx_mbar_arrive(bar);
#endif
}

// mbarrier.try_wait.parity.acquire.cluster: as tirx_mbar_try_wait_parity, with
// acquire at cluster scope, for barriers that other blocks of the cluster
// arrive on (what they released before arriving is then visible here).
TIRX_DEVICE bool tirx_mbar_try_wait_parity_cluster(uint64_t *bar, uint32_t parity, uint32_t suspend_ns) {
#if defined(TIRX_SM90_)
  uint32_t done;
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2, %3;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(done)
      : "r"(tirx_smem_addr(bar)), "r"(parity), "r"(suspend_ns)
      : "memory");
  return done != 0;
#else
  return tirx_mbar_try_wait_parity(bar, parity, suspend_ns);
#endif
}

// ---- waits: loops of try_wait ---------------------------------------------------
// `cluster`: acquire at cluster scope (tirx_mbar_try_wait_parity_cluster), for
// a barrier that other blocks of the cluster arrive on; otherwise the block's.

// Blocking wait for the phase with this parity: try_wait until it succeeds
// (each try sleeps in hardware, so this is not a hot spin on sm_90).
TIRX_DEVICE void tirx_mbar_wait_parity(uint64_t *bar, uint32_t parity, bool cluster = false) {
  while (!(cluster ? tirx_mbar_try_wait_parity_cluster(bar, parity, TIRX_MBAR_SUSPEND_NS)
                   : tirx_mbar_try_wait_parity(bar, parity, TIRX_MBAR_SUSPEND_NS))) {
  }
}

// The cluster-scope wait (the name tirx-pp gives `tirx_wait(e[i], p)` on a
// cluster event).
TIRX_DEVICE void tirx_mbar_wait_parity_cluster(uint64_t *bar, uint32_t parity) {
  tirx_mbar_wait_parity(bar, parity, true);
}

// Watchdog wait: as tirx_mbar_wait_parity, but false once more than max_cycles
// clock64() cycles have passed (checked between tries, so it can overshoot by one
// suspend hint); true when the phase completed.
TIRX_DEVICE bool tirx_mbar_wait_parity_timeout(uint64_t *bar, uint32_t parity, long long max_cycles,
                                               bool cluster = false) {
#ifdef __CUDA_ARCH__
  const long long start = clock64();
  while (!(cluster ? tirx_mbar_try_wait_parity_cluster(bar, parity, TIRX_MBAR_SUSPEND_NS)
                   : tirx_mbar_try_wait_parity(bar, parity, TIRX_MBAR_SUSPEND_NS)))
    if (clock64() - start > max_cycles) return false;
  return true;
#else
  (void)bar, (void)parity, (void)max_cycles, (void)cluster;
  return true;
#endif
}

// ---- proxies ----------------------------------------------------------------------

// fence.proxy.async.shared::cta: orders this thread's ordinary (generic-proxy)
// shared-memory accesses before later async-proxy ones (TMA store, wgmma operands).
// sm_80 has no async proxy, so there is nothing to order: nothing.
TIRX_DEVICE void tirx_fence_proxy_async_smem() {
#if defined(TIRX_SM90_)
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

// ---- register reallocation (warp specialization) ---------------------------------

// setmaxnreg.inc: raise this warpgroup's per-thread register limit to N (blocks
// until the block's pool has them). N must be an immediate, hence the template;
// sm_90a only (the `a` feature set), nothing elsewhere. All 4 warps must execute it,
// in a kernel with __launch_bounds__ (ptxas ignores it otherwise: info C7508).
template <unsigned N>
TIRX_DEVICE void tirx_setmaxnreg_inc() {
  static_assert(N >= 24 && N <= 256 && N % 8 == 0, "setmaxnreg: N must be a multiple of 8 in [24, 256]");
#if defined(TIRX_SM90A_)
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(N));
#endif
}

// setmaxnreg.dec: lower this warpgroup's per-thread register limit to N, returning
// the rest to the block's pool (a producer warpgroup that only issues TMA).
template <unsigned N>
TIRX_DEVICE void tirx_setmaxnreg_dec() {
  static_assert(N >= 24 && N <= 256 && N % 8 == 0, "setmaxnreg: N must be a multiple of 8 in [24, 256]");
#if defined(TIRX_SM90A_)
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(N));
#endif
}
