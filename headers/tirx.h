// TIRX_PP_OWN_HEADER 0.1.0
// tirx.h - the macro spelling of tirx annotations, and what they mean
// without tirx-pp.
//
// Run through tirx-pp, every TIRX_* macro and tirx_* call in an annotated file
// is rewritten (docs/language.md).  Compiled directly by nvcc, the loop, grid, elect,
// sync and persistent forms below are equivalent plain CUDA, and the forms
// that only tirx-pp can lower (warpgroups, async regions, events) stop the
// build with a message that says to run tirx-pp.  tirx-pp itself defines
// __TIRX_PP__ while it parses, so that those forms parse quietly.
#pragma once

#include "tirx/ptx.h"
#include "tirx/trace.h"
#ifdef __CUDACC__
#include <cstdio>
#endif

#define TIRX_PRAGMA_(text) _Pragma(#text)
#define TIRX_CAT_(a, b) a##b
#define TIRX_CAT(a, b) TIRX_CAT_(a, b)

// ---- loops (docs/language.md#loops) ----------------------------------------
#define TIRX_UNROLL _Pragma("unroll")
#define TIRX_UNROLL_N(n) TIRX_PRAGMA_(unroll n)
#define TIRX_SERIAL _Pragma("unroll 1")
#define TIRX_VECTORIZE _Pragma("unroll")

// TIRX_GRID(i, E1[, j, E2[, k, E3[, l, E4]]]): loop nest, outermost first, with
// every extent evaluated once before the nest starts.
#define TIRX_NARGS_(_1, _2, _3, _4, _5, _6, _7, _8, n, ...) n
#define TIRX_NARGS(...) TIRX_NARGS_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define TIRX_EXTENTS_2(i, e) __tirx_n_##i = (e)
#define TIRX_EXTENTS_4(i, e, ...) __tirx_n_##i = (e), TIRX_EXTENTS_2(__VA_ARGS__)
#define TIRX_EXTENTS_6(i, e, ...) __tirx_n_##i = (e), TIRX_EXTENTS_4(__VA_ARGS__)
#define TIRX_EXTENTS_8(i, e, ...) __tirx_n_##i = (e), TIRX_EXTENTS_6(__VA_ARGS__)
#define TIRX_LOOPS_2(P, i, e) P for (int i = 0; i < __tirx_n_##i; ++i)
#define TIRX_LOOPS_4(P, i, e, ...) P for (int i = 0; i < __tirx_n_##i; ++i) TIRX_LOOPS_2(P, __VA_ARGS__)
#define TIRX_LOOPS_6(P, i, e, ...) P for (int i = 0; i < __tirx_n_##i; ++i) TIRX_LOOPS_4(P, __VA_ARGS__)
#define TIRX_LOOPS_8(P, i, e, ...) P for (int i = 0; i < __tirx_n_##i; ++i) TIRX_LOOPS_6(P, __VA_ARGS__)
#define TIRX_GRID_(P, i, ...)                                                   \
  for (int __tirx_once_##i = 1,                                                 \
           TIRX_CAT(TIRX_EXTENTS_, TIRX_NARGS(i, __VA_ARGS__))(i, __VA_ARGS__); \
       __tirx_once_##i; __tirx_once_##i = 0)                                    \
  TIRX_CAT(TIRX_LOOPS_, TIRX_NARGS(i, __VA_ARGS__))(P, i, __VA_ARGS__)
#define TIRX_GRID(...) TIRX_GRID_(, __VA_ARGS__)
#define TIRX_GRID_UNROLL(...) TIRX_GRID_(_Pragma("unroll"), __VA_ARGS__)

// ---- threads and collectives (docs/language.md#threads-warps-collectives) ---
// The statement after it runs on one lane; written so that an `else` after
// that statement stays with the `if` it belongs to (`if (c) TIRX_ELECT s; else t;`).
#define TIRX_ELECT if (!tirx_elect_one_sync()) {} else
#define TIRX_UNIFORM
#define TIRX_UNIFORM_VARS(...)
#define tirx_thread_return() return

TIRX_DEVICE bool tirx_elect_sync() { return tirx_elect_one_sync(); }
TIRX_DEVICE void tirx_cta_sync() { __syncthreads(); }
TIRX_DEVICE void tirx_warp_sync() { __syncwarp(); }
TIRX_DEVICE void tirx_warpgroup_sync(unsigned id) { tirx_bar_sync(id, 128); }

// ---- what tirx-pp's lowering of regions and events calls ------------------
// (docs/language.md#partitions-and-async-regions, #events)

// A partition is over a one-dimensional block (docs/regions-and-events.md):
// launched with blockDim.y or blockDim.z above 1, threadIdx.x / 32 would give
// the warps of every row the same index, and the regions would run on the
// wrong threads. Such a launch traps (the launch fails), never runs silently
// wrong; no printf here, which would give every kernel a stack frame.
TIRX_DEVICE void tirx_partition_check() {
  if ((blockDim.y | blockDim.z) != 1u) __trap();
}

// The warpgroup / warp index of this thread, the same in every lane (read
// through a shuffle so that the compiler knows it is warp-uniform).
TIRX_DEVICE int tirx_warpgroup_index() {
  tirx_partition_check();
  return __shfl_sync(0xffffffffu, (int)(threadIdx.x / 128), 0);
}
TIRX_DEVICE int tirx_warp_index() {
  tirx_partition_check();
  return __shfl_sync(0xffffffffu, (int)(threadIdx.x / 32), 0);
}

// An event's mbarriers: one thread initializes every slot for `count`
// arrivals, fences the init for the async proxy, then the whole block syncs.
TIRX_DEVICE void tirx_event_init(uint64_t *bars, int slots, uint32_t count) {
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    for (int i = 0; i < slots; ++i) tirx_mbar_init(&bars[i], count);
    tirx_fence_mbar_init();
  }
  __syncthreads();
}

// Waits for the parity this thread expects next on slot `slot`, then flips it.
// `cluster`: a cluster event (docs/clusters.md), waited on with acquire at
// cluster scope (tirx_cluster_event_wait).
template <class Bits>
TIRX_DEVICE void tirx_event_wait(uint64_t *bars, Bits &phase, int slot, bool cluster = false) {
  tirx_mbar_wait_parity(&bars[slot], (uint32_t)(phase >> slot) & 1u, cluster);
  phase ^= Bits(1) << slot;
}

#ifdef __CUDACC__
// --watchdog: set by the first wait that gives up, so that one thread speaks.
static __device__ unsigned tirx_watchdog_fired_;
#endif

// The first wait that gave up says where it was stuck, once; every other
// thread that gives up sleeps until the trap ends the grid, so that the
// message is out before it. `cluster`: a cluster event, waited on at cluster
// scope; the message says so and gives the block's rank in its cluster.
TIRX_DEVICE void tirx_watchdog_say_(uint32_t parity, long long cycles, const char *event, int slot, const char *file,
                                    int line, bool cluster) {
#ifdef __CUDA_ARCH__
  if (atomicExch(&tirx_watchdog_fired_, 1u) != 0u)
    for (;;) __nanosleep(1000000);
  // What tirx-pp's static check cannot follow (docs/known-problems.md) is
  // named, so that the message says why it was not caught at translation.
  if (cluster)
    printf("%s:%d: tirx watchdog: block (%d,%d,%d), rank %u of a cluster of %u, thread (%d,%d,%d) waited %lld "
           "cycles on %s[%d], a cluster event, for parity %u (a deadlock tirx-pp's static check cannot see: a slot, "
           "parity or trip count known only at run time, a wait under a data-dependent condition, a cluster "
           "event's count(N), or blocks of the cluster that trigger it unequally); trapping\n",
           file, line, (int)blockIdx.x, (int)blockIdx.y, (int)blockIdx.z, tirx_cluster_rank(), tirx_cluster_size(),
           (int)threadIdx.x, (int)threadIdx.y, (int)threadIdx.z, cycles, event, slot, parity);
  else
    printf("%s:%d: tirx watchdog: block (%d,%d,%d) thread (%d,%d,%d) waited %lld cycles on %s[%d] for parity %u "
           "(a deadlock tirx-pp's static check cannot see: a slot, parity or trip count known only at run time, or "
           "a wait under a data-dependent condition); trapping\n",
           file, line, (int)blockIdx.x, (int)blockIdx.y, (int)blockIdx.z, (int)threadIdx.x, (int)threadIdx.y,
           (int)threadIdx.z, cycles, event, slot, parity);
#else
  (void)parity, (void)cycles, (void)event, (void)slot, (void)file, (void)line, (void)cluster;
#endif
}

// The trap that ends the grid after the watchdog spoke.
TIRX_DEVICE void tirx_watchdog_trap_() {
#ifdef __CUDA_ARCH__
  __threadfence_system();
  __trap();
#endif
}

// A wait that gives up after `cycles`: says where it was stuck, once, and traps.
TIRX_DEVICE void tirx_mbar_wait_parity_watchdog(uint64_t *bar, uint32_t parity, long long cycles, const char *event,
                                                int slot, const char *file, int line, bool cluster = false) {
  if (tirx_mbar_wait_parity_timeout(bar, parity, cycles, cluster)) return;
  tirx_watchdog_say_(parity, cycles, event, slot, file, line, cluster);
  tirx_watchdog_trap_();
}

// The name tirx-pp's lowering gives the wait on a cluster event: the
// function above with `cluster` set. (Under --trace or --watchdog a wait is
// the one hook's, tirx/hook.h.)
template <class Bits>
TIRX_DEVICE void tirx_cluster_event_wait(uint64_t *bars, Bits &phase, int slot) {
  tirx_event_wait(bars, phase, slot, true);
}

// --watchdog's per-block table: what each partition index waits for, and the
// last trigger of each slot.
#include "tirx/watchdog.h"
// The one hook of each wait and trigger under --trace and --watchdog.
#include "tirx/hook.h"

// tirx_trigger_bytes: one arrive.expect_tx per phase, by the thread `who` picks.
TIRX_DEVICE void tirx_event_arrive_bytes(uint64_t *bar, uint32_t bytes, bool who) {
  if (who) tirx_mbar_arrive_expect_tx(bar, bytes);
}

// ---- cluster events (docs/clusters.md) -------------------------------------
// `#pragma tirx event e[N] cluster[(x|y|x, y)]`: the triggers of a cluster
// event arrive in other blocks of the cluster too. Which ones, by the clause:
// `cluster` every block of the cluster; `cluster(x)` the blocks of this
// block's cluster row (the same y: what a copy multicast along x filled);
// `cluster(y)` those of its column; `cluster(x, y)` both, CUTLASS's
// (cx + cy - 1). A block gets arrivals from as many blocks as it sends to.
#define TIRX_FANIN_ALL 0
#define TIRX_FANIN_X 1
#define TIRX_FANIN_Y 2
#define TIRX_FANIN_XY 3

// Whether block `rank` of the cluster (x fastest, then y, then z) gets this
// block's arrivals; this block's own position is %cluster_ctaid.
TIRX_DEVICE bool tirx_cluster_reaches(uint32_t rank, int mode) {
  if (mode == TIRX_FANIN_ALL) return true;
  const uint32_t cx = tirx_cluster_dim_x(), cy = tirx_cluster_dim_y();
  const uint32_t dx = rank % cx, dy = rank / cx % cy, dz = rank / (cx * cy);
  if (dz != tirx_cluster_ctaid_z()) return false;
  if (mode == TIRX_FANIN_X) return dy == tirx_cluster_ctaid_y();
  if (mode == TIRX_FANIN_Y) return dx == tirx_cluster_ctaid_x();
  return dx == tirx_cluster_ctaid_x() || dy == tirx_cluster_ctaid_y();
}

// The blocks whose arrivals reach each block: a cluster event's count is its
// arrivals from one block times this.
TIRX_DEVICE uint32_t tirx_cluster_fanin(int mode) {
  const uint32_t cx = tirx_cluster_dim_x(), cy = tirx_cluster_dim_y();
  return mode == TIRX_FANIN_ALL ? tirx_cluster_size()
         : mode == TIRX_FANIN_X ? cx
         : mode == TIRX_FANIN_Y ? cy
                                : cx + cy - 1;
}

// A cluster event's mbarriers: one thread of each block initializes its
// block's slots and fences the init for the cluster (and the async proxy),
// then the whole cluster syncs, so that no block arrives on (or multicasts
// into) a barrier of another before that one is initialized.
TIRX_DEVICE void tirx_cluster_event_init(uint64_t *bars, int slots, uint32_t count) {
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    for (int i = 0; i < slots; ++i) tirx_mbar_init(&bars[i], count);
    tirx_fence_mbar_init();
  }
  tirx_cluster_sync();
}

// Declared with each cluster event: its destructor runs when the event's
// scope ends, at every return of the kernel too, and is a cluster barrier, so
// that no block exits while another may still arrive on its barriers or
// multicast into its shared memory.
struct tirx_cluster_exit_t {
  TIRX_DEVICE tirx_cluster_exit_t() {}
  TIRX_DEVICE ~tirx_cluster_exit_t() { tirx_cluster_sync(); }
  tirx_cluster_exit_t(const tirx_cluster_exit_t &) = delete;
  tirx_cluster_exit_t &operator=(const tirx_cluster_exit_t &) = delete;
};

// tirx_trigger on a cluster event, by a whole converged warp: lane r arrives
// on rank r's barrier when the mode reaches it (one arrival per warp in each
// block reached; a cluster has at most 16 blocks). The warp barrier first, so
// that the lane's release covers the warp's earlier accesses. The arrivals
// release at CTA scope (tirx_mbar_arrive_remote: what a ring slot's release
// needs); stores into another block's shared memory need tirx_fence_cluster()
// before the trigger.
TIRX_DEVICE void tirx_cluster_arrive_warp(uint64_t *bar, int mode) {
  __syncwarp();
  const uint32_t lane = tirx_lane_id();
  if (lane < tirx_cluster_size() && tirx_cluster_reaches(lane, mode)) tirx_mbar_arrive_remote(bar, lane);
}

// tirx_trigger on a cluster event by one thread (under elect, or counted by
// count(N)): one arrival in each block reached.
TIRX_DEVICE void tirx_cluster_arrive_each(uint64_t *bar, int mode) {
  const uint32_t n = tirx_cluster_size();
  for (uint32_t r = 0; r < n; ++r)
    if (tirx_cluster_reaches(r, mode)) tirx_mbar_arrive_remote(bar, r);
}

// ---- grid events (docs/regions-and-events.md#grid-events) -----------------
// `#pragma tirx event done[N] grid(COUNTERS) count(C)`: a counter per index in
// global memory (COUNTERS, zero before the first launch) that the blocks of
// one grid arrive at. Every operation is made by a whole region: its threads
// meet on a block-local barrier, one thread (the leader) arrives or reads at
// GPU scope, and, for what the operation returns, the leader tells the others
// through shared memory on a second barrier. The barriers are a pair of
// mbarriers per event and region (`bars`; [0] counts the region's threads,
// [1] the leader), each phase bit in `phase`; `bars` null: the operation is
// outside every region, and the block meets on __syncthreads().
#include "tirx/grid.h"

// `barrier` false: the declaration right after (events of the block) ends
// in the block barrier that publishes this init too.
TIRX_DEVICE void tirx_grid_event_init(uint64_t *bars, uint32_t threads, bool barrier = true) {
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    tirx_mbar_init(&bars[0], threads);
    tirx_mbar_init(&bars[1], 1);
    tirx_fence_mbar_init();
  }
  if (barrier) __syncthreads();
}

// Every thread of the region arrives and waits: the region's writes before
// the operation are the leader's to release (mbarrier.arrive releases, the
// wait acquires, at CTA scope; the leader's GPU-scope release is cumulative),
// and no thread starts the next operation before all are past this one.
TIRX_DEVICE void tirx_grid_gather_(uint64_t *bars, uint32_t &phase) {
  if (!bars) return __syncthreads();
  tirx_mbar_arrive(&bars[0]);
  tirx_mbar_wait_parity(&bars[0], phase & 1u);
  phase ^= 1u;
}

// The leader's answer to every thread of the region (and what the leader
// acquired, through the barrier's release and acquire).
TIRX_DEVICE bool tirx_grid_scatter_(uint64_t *bars, int *flag, uint32_t &phase, bool leader, bool value) {
  if (leader) *flag = value;
  if (!bars) {
    __syncthreads();
  } else {
    if (leader) tirx_mbar_arrive(&bars[1]);
    tirx_mbar_wait_parity(&bars[1], (phase >> 1) & 1u);
    phase ^= 2u;
  }
  return *(volatile int *)flag != 0;
}

// tirx_trigger: one arrival of the block, released at GPU scope.
TIRX_DEVICE void tirx_grid_arrive(unsigned *counter, uint64_t *bars, int *flag, uint32_t &phase, bool leader) {
  tirx_grid_gather_(bars, phase);
  if (leader) tirx_red_release_gpu_add(counter, 1);
  tirx_grid_scatter_(bars, flag, phase, leader, false);
}

// tirx_trigger_last: one arrival; true in every thread of the block whose
// arrival is the count-th, which then sees what every arrival of the phase
// released, and resets the counter to zero for the next phase (the next
// launch): no other block touches it before then.
TIRX_DEVICE bool tirx_grid_arrive_last(unsigned *counter, unsigned count, uint64_t *bars, int *flag, uint32_t &phase,
                                       bool leader) {
  tirx_grid_gather_(bars, phase);
  bool last = false;
  if (leader) {
    last = tirx_atom_acq_rel_gpu_add(counter, 1) == count - 1;
    if (last) tirx_st_relaxed_gpu(counter, 0);
  }
  return tirx_grid_scatter_(bars, flag, phase, leader, last);
}

// tirx_trigger_if_last: when every other arrival of the phase is in, this
// block's arrival (the last: the counter goes back to zero) and true; else
// nothing and false (the block arrives later).
TIRX_DEVICE bool tirx_grid_arrive_if_last(unsigned *counter, unsigned count, uint64_t *bars, int *flag,
                                          uint32_t &phase, bool leader) {
  tirx_grid_gather_(bars, phase);
  bool last = false;
  if (leader) {
    last = tirx_ld_acquire_gpu(counter) == count - 1;
    if (last) tirx_st_relaxed_gpu(counter, 0);
  }
  return tirx_grid_scatter_(bars, flag, phase, leader, last);
}

// tirx_wait: the leader spins (acquire, backing off from 32 to 1024 ns) until
// `count` blocks have arrived, then counts the block out: the blocks that
// wait are the ones that arrived (tirx-pp checks that a trigger comes
// first), so the last of the 2 x count to leave resets the counter. With
// `cycles` > 0 (--watchdog) the spin gives up after that many and returns
// false, the count seen in *seen.
TIRX_DEVICE bool tirx_grid_spin_(unsigned *counter, unsigned count, long long cycles, unsigned *seen) {
  const long long start = clock64();
  for (unsigned ns = 32; (*seen = tirx_ld_acquire_gpu(counter)) < count; ns = ns < 1024 ? 2 * ns : ns) {
    if (cycles > 0 && clock64() - start > cycles) return false;
    tirx_nanosleep(ns);
  }
  if (tirx_atom_acq_rel_gpu_add(counter, 1) == 2 * count - 1) tirx_st_relaxed_gpu(counter, 0);
  return true;
}

TIRX_DEVICE void tirx_grid_wait(unsigned *counter, unsigned count, uint64_t *bars, int *flag, uint32_t &phase,
                                bool leader) {
  tirx_grid_gather_(bars, phase);
  unsigned seen;
  if (leader) tirx_grid_spin_(counter, count, 0, &seen);
  tirx_grid_scatter_(bars, flag, phase, leader, false);
}

// tirx_wait under --watchdog: a spin that gives up says where it was and
// how many of the arrivals came, and traps.
TIRX_DEVICE void tirx_grid_wait_watchdog(unsigned *counter, unsigned count, uint64_t *bars, int *flag,
                                         uint32_t &phase, bool leader, long long cycles, const char *event,
                                         const char *file, int line) {
  tirx_grid_gather_(bars, phase);
  unsigned seen;
  if (leader && !tirx_grid_spin_(counter, count, cycles, &seen)) {
#ifdef __CUDA_ARCH__
    printf("%s:%d: tirx watchdog: block (%d,%d,%d) waited %lld cycles on grid event '%s' (counter %p): %u of %u "
           "arrivals (are the blocks it waits for resident, and past their own waits?); trapping\n",
           file, line, (int)blockIdx.x, (int)blockIdx.y, (int)blockIdx.z, cycles, event, (void *)counter, seen, count);
    __trap();
#else
    (void)event, (void)file, (void)line;
#endif
  }
  tirx_grid_scatter_(bars, flag, phase, leader, false);
}

// ---- turns (docs/language.md#turns, docs/turns.md) -------------------------
// TIRX_TURNS(name); declares that the partitions of the enclosing async region
// take turns; TIRX_TURN(name) STMT is one turn. Turns only order work (which
// partition issues first); results never depend on them, so without tirx-pp
// they compile to nothing. (The regions around them still need tirx-pp.)
#define TIRX_TURNS(name) ((void)0)
#define TIRX_TURN(name)

// ---- schedules (docs/language.md#schedules) --------------------------------
#if defined(__CUDACC__) || defined(__CUDA_ARCH__)
#define TIRX_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define TIRX_HOST_DEVICE inline
#endif

#define TIRX_PERSISTENT(tile, total) \
  for (int tile = blockIdx.x; tile < (total); tile += gridDim.x)

// persistent(tile: TOTAL)'s loop condition where TOTAL's type reaches past
// int (an int64_t or unsigned count), or depends on a template parameter:
// the int tile index below TOTAL, and, for a type that reaches past int, a
// trap where TOTAL is past what the index counts while it steps by gridDim.x
// (2^31 - gridDim.x: the last index below TOTAL plus the step must still be
// an int), rather than an index that overflows; walk more items than that
// with a loop of your own.
template <class T>
struct tirx_reaches_past_int_ {
  static constexpr bool value = sizeof(T) > sizeof(int);
};
template <>
struct tirx_reaches_past_int_<unsigned> {
  static constexpr bool value = true;
};
template <>
struct tirx_reaches_past_int_<unsigned long> {
  static constexpr bool value = true;
};
template <bool Reaches>
struct tirx_past_int_ {
  template <class T>
  TIRX_DEVICE static bool test(T) { return false; }  // an int, or narrower: never past
};
template <>
struct tirx_past_int_<true> {
  template <class T>  // (a class converts; no (T) cast)
  TIRX_DEVICE static bool test(T total) { return total > 2147483648LL - (long long)gridDim.x; }
};
template <class T>
TIRX_DEVICE bool tirx_tile_below(int tile, T total) {
  if (tirx_past_int_<tirx_reaches_past_int_<T>::value>::test(total)) __trap();
  return tile < total;
}
// The same TOTAL as the int count that persistent's order(...) walks.
template <class T>
TIRX_DEVICE int tirx_tile_count(T total) {
  if (tirx_past_int_<tirx_reaches_past_int_<T>::value>::test(total)) __trap();
  return (int)total;
}

// persistent(tile: TOTAL) order(grouped(COLS, G)): the row-major number of
// the tile at position `pos` of the grouped order. The TOTAL tiles form a
// grid of COLS columns; groups of G tile rows are walked column by column
// (the last group may have fewer rows), so that the blocks running at one
// time share rows of A and columns of B in L2. For any arguments the result
// is a permutation of 0..total-1: an incomplete last row (TOTAL not a
// multiple of COLS) comes last, in row-major order, and COLS < 1 or G < 1
// leave the order as it is.
TIRX_HOST_DEVICE int tirx_tile_grouped(int pos, int total, int cols, int group) {
  if (cols < 1 || group < 1) return pos;
  int rows = total / cols;
  if (pos >= rows * cols) return pos;
  if (group > rows) group = rows;  // and group * cols cannot overflow
  int first = pos / (group * cols) * group;  // the first row of pos's group
  int height = rows - first < group ? rows - first : group;
  int at = pos - first * cols;  // position inside the group
  return (first + at % height) * cols + at / height;
}

// persistent(tile: TOTAL) order(longest_first(COLS, G)): the row-major number
// of the tile that block `block` of `blocks` takes at its step `step`, or -1
// when it has no more. The TOTAL tiles form rows of COLS columns whose work
// grows with the column (causal attention: query tile c reads c + 1 key
// blocks). Positions walk groups of G rows, each from its last column to its
// first (the grouped order of tirx_tile_grouped, columns reversed: the longest
// tiles first), and are dealt to the blocks back and forth: block b takes
// position b at step 0, 2 * blocks - 1 - b at step 1, 2 * blocks + b at step
// 2..., so that the block that took the longest tile of one step takes the
// shortest of the next and the blocks' sums of work come out about even.
// G = 1: a row's tiles together (what they share stays in L2); G = the rows:
// the longest tiles of every row first (the smoothest balance). For any
// arguments the blocks together take every tile once: an incomplete last row
// comes last, in order, and COLS < 1 or G < 1 leave the positions in order.
TIRX_HOST_DEVICE int tirx_tile_longest_first(int step, int block, int blocks, int total, int cols, int group) {
  long long pos = (long long)step * blocks + (step % 2 ? blocks - 1 - block : block);
  if (step < 0 || pos >= total) return -1;
  int t = tirx_tile_grouped((int)pos, total, cols, group);
  if (cols < 1 || group < 1 || t >= total / cols * cols) return t;
  return t / cols * cols + (cols - 1 - t % cols);
}

// ---- groups of tile grids: one persistent launch over several GEMMs ----------
// A grouped GEMM (a mixture of experts: one GEMM per expert, each with its
// own number of rows) runs `persistent(tile: TOTAL)` over the tiles of all
// groups, group after group: group g has ceil(rows_g / tile_rows) rows of
// `cols` tiles. first[g] is the number of group g's first tile (the tiles of
// the groups before it) and first[groups] is TOTAL; the block finds a tile's
// group with tirx_group_of, its place inside the group is tile - first[g]
// (which tirx_tile_grouped may reorder as for one GEMM).

#ifdef __CUDACC__
// first[0..groups] from the groups' sizes, computed by the 32 lanes of one
// warp together (all must call it; the block syncs before others read
// `first`, which is usually shared memory). `sizes` holds groups + 1 prefix
// sums (offsets: group g's rows are sizes[g] .. sizes[g + 1] - 1) when
// `offsets`, else one row count per group; a negative count is an empty
// group. Each lane sums a run of groups, then a shuffle scan adds the runs.
// The lanes are threadIdx.x % 32: a block of more than one dimension traps
// (tirx_partition_check), where its warps would scan with the wrong lanes.
TIRX_DEVICE void tirx_group_tiles_scan(int *first, const int *sizes, int groups, bool offsets, int tile_rows,
                                       int cols) {
  tirx_partition_check();
  const int lane = threadIdx.x % 32, per = (groups + 31) / 32, lo = lane * per;
  const int hi = lo + per < groups ? lo + per : groups;
  int sum = 0;
  for (int g = lo; g < hi; ++g) {
    const int rows = offsets ? sizes[g + 1] - sizes[g] : sizes[g];
    sum += rows > 0 ? (rows + tile_rows - 1) / tile_rows * cols : 0;
  }
  int before = sum;  // inclusive scan of the lanes' sums, then exclusive
  for (int d = 1; d < 32; d *= 2) {
    const int v = __shfl_up_sync(0xffffffffu, before, d);
    if (lane >= d) before += v;
  }
  before -= sum;
  for (int g = lo; g < hi; ++g) {
    first[g] = before;
    const int rows = offsets ? sizes[g + 1] - sizes[g] : sizes[g];
    before += rows > 0 ? (rows + tile_rows - 1) / tile_rows * cols : 0;
  }
  if (lane == 31) first[groups] = before;
}
#endif

// The group whose tiles hold `tile` (0 <= tile < first[groups]): the last g
// with first[g] <= tile, by bisection, so that empty groups (first[g] ==
// first[g + 1]) are passed over.
TIRX_HOST_DEVICE int tirx_group_of(int tile, const int *first, int groups) {
  int lo = 0, hi = groups - 1;
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (first[mid] <= tile) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// The loop walks positions and sets `tile` in its condition, so that `break`
// and `continue` in the statement stay the loop's (tirx-pp lowers the pragma
// to the same loop).
#define TIRX_PERSISTENT_GROUPED(tile, total, cols, group)                                                    \
  for (int __tirx_pos_##tile = blockIdx.x, tile = 0;                                                         \
       __tirx_pos_##tile < (total) &&                                                                        \
       ((tile = tirx_tile_grouped(__tirx_pos_##tile, (total), (cols), (group))), true);                      \
       __tirx_pos_##tile += gridDim.x)

// ---- launches: what `#pragma tirx launch` lowers to ------------------------
// (docs/language.md#launches)
// Host code of a CUDA compilation only (not NVRTC, which has no runtime API).
#if defined(__CUDACC__) && !defined(__CUDACC_RTC__)
#include <cstdlib>

// What a failed launch under `#pragma tirx launch` (without `status(VAR)`)
// does: by default print "FILE:LINE:COL: launch of KERNEL failed: MESSAGE" and
// exit(1). `tirx_launch_handler() = f;` installs another (one that throws,
// or logs and returns: then the program goes on after the launch).
typedef void (*tirx_launch_handler_t)(cudaError_t err, const char *file, int line, int col, const char *kernel);

inline void tirx_launch_error_exit(cudaError_t err, const char *file, int line, int col, const char *kernel) {
  fprintf(stderr, "%s:%d:%d: launch of %s failed: %s\n", file, line, col, kernel, cudaGetErrorString(err));
  exit(1);
}

inline tirx_launch_handler_t &tirx_launch_handler() {
  static tirx_launch_handler_t handler = tirx_launch_error_exit;
  return handler;
}

// A prepared launch: the configuration to launch with, or the error that
// stopped the preparation (then the launch is skipped and reported).
struct tirx_launch_t {
  dim3 grid, block;
  size_t smem;
  cudaStream_t stream;
  cudaError_t err;
  dim3 cluster;       // cluster(X, Y): the cluster's shape; 1 x 1 x 1 without
  char why[320];      // what was wrong with the configuration, when err says it
};

// The grid of `grid(persistent)`: as many blocks as can be resident at once
// (multiprocessors x blocks per multiprocessor for this kernel, block size and
// shared memory), no more than `work`, at least 1. The device queries are
// cached per host thread, so that launches in a loop stay cheap.
inline cudaError_t tirx_persistent_grid(const void *kernel, long long work, int threads, size_t smem,
                                        unsigned *grid) {
  struct Seen {
    const void *kernel;
    int device, threads;
    size_t smem;
    int blocks;  // resident blocks per multiprocessor
  };
  static thread_local int sms_of[64];  // by device; 0 until asked
  static thread_local Seen seen[16];
  static thread_local int next;
  int device, sms = 0, per_sm = -1;
  cudaError_t err = cudaGetDevice(&device);
  if (err != cudaSuccess) return err;
  if (device >= 0 && device < 64) sms = sms_of[device];
  if (!sms) {
    err = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (err != cudaSuccess) return err;
    if (device >= 0 && device < 64) sms_of[device] = sms;
  }
  for (const Seen &s : seen)
    if (s.kernel == kernel && s.device == device && s.threads == threads && s.smem == smem) per_sm = s.blocks;
  if (per_sm < 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem);
    if (err != cudaSuccess) return err;
    seen[next] = Seen{kernel, device, threads, smem, per_sm};
    next = (next + 1) % 16;
  }
  long long cap = (long long)sms * (per_sm > 0 ? per_sm : 1);
  long long n = work < cap ? work : cap;
  *grid = (unsigned)(n < 1 ? 1 : n);
  return cudaSuccess;
}

// The kernel's dynamic shared memory limit raised to `smem` when the default
// is too small: 48 KiB in all, so less the kernel's static shared memory.
// Remembered per kernel, device and host thread, so that launches in a loop
// ask the runtime once. When static and dynamic shared memory together are
// more than the device gives a block, cudaErrorInvalidValue, and `why` (n
// bytes) says by how much (and, while a trace records, what `--trace`'s
// stages take of it): the runtime's own error says only "invalid argument".
inline cudaError_t tirx_raise_smem_limit(const void *kernel, size_t smem, char *why = nullptr, size_t n = 0) {
  struct Raised {
    const void *kernel;
    int device;
    size_t smem;
  };
  static thread_local Raised raised[16];
  static thread_local int next;
  int device;
  cudaError_t err = cudaGetDevice(&device);
  if (err != cudaSuccess) return err;
  for (const Raised &r : raised)
    if (r.kernel == kernel && r.device == device && r.smem >= smem) return cudaSuccess;
  cudaFuncAttributes attr;
  int most = 0;
  err = cudaFuncGetAttributes(&attr, kernel);
  if (err == cudaSuccess) err = cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
  if (err == cudaSuccess && smem + attr.sharedSizeBytes > (size_t)most) {
    if (why && n)
      snprintf(why, n,
               "the kernel's %zu bytes of static shared memory and the launch's %zu bytes of dynamic shared memory "
               "are %zu bytes, over the %d this device gives a block%s",
               attr.sharedSizeBytes, smem, attr.sharedSizeBytes + smem, most,
               tirx_trace_active() ? " (--trace takes TIRX_TRACE_STAGE x 16 bytes of it for each traced region of an "
                                     "sm_90 kernel: -DTIRX_TRACE_STAGE=2 takes 32)"
                                   : "");
    return cudaErrorInvalidValue;
  }
  if (err == cudaSuccess && smem + attr.sharedSizeBytes > 48 * 1024)
    err = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
  if (err == cudaSuccess) raised[next] = Raised{kernel, device, smem}, next = (next + 1) % 16;
  return err;
}

// Before the launch: the kernel's dynamic shared memory limit raised when
// needed, and with `persistent` the grid sized from `grid`, which is then the
// number of work items (tiles).
template <class Kernel>
inline tirx_launch_t tirx_launch_begin(Kernel *kernel, dim3 grid, dim3 block, size_t smem, cudaStream_t stream,
                                       bool persistent) {
  tirx_launch_t l = {grid, block, smem, stream, cudaSuccess, dim3(1, 1, 1), ""};
  const void *k = (const void *)kernel;
  if (smem > 0) l.err = tirx_raise_smem_limit(k, smem, l.why, sizeof l.why);
  if (l.err == cudaSuccess && persistent) {
    unsigned n = 1;
    l.err = tirx_persistent_grid(k, (long long)grid.x * grid.y * grid.z, (int)(block.x * block.y * block.z), smem, &n);
    l.grid = dim3(n);
  }
  return l;
}

// After the launch: the preparation's error or the launch's, then, when
// `blocking`, the stream's (the kernel's own failure). A failure goes to the
// handler when `report`; the result is returned either way (`status(VAR)`).
inline cudaError_t tirx_launch_end(const tirx_launch_t &l, const char *file, int line, int col, const char *kernel,
                                   bool blocking, bool report) {
  cudaError_t err = l.err != cudaSuccess ? l.err : cudaGetLastError();
  if (err == cudaSuccess && blocking) err = cudaStreamSynchronize(l.stream);
  // What was wrong with the configuration: to the handler's stream, and under
  // status(VAR) too while a trace records (the user asked to be told).
  if (err != cudaSuccess && l.why[0] && (report || tirx_trace_active()))
    fprintf(stderr, "%s:%d:%d: %s\n", file, line, col, l.why);
  if (err != cudaSuccess && report) tirx_launch_handler()(err, file, line, col, kernel);
  return err;
}

// `#pragma tirx launch cluster(X[, Y])` (docs/clusters.md): as
// tirx_launch_begin, for a launch in clusters of X x Y blocks. The grid must
// be a multiple of the cluster in each dimension: otherwise the launch is
// skipped with cudaErrorInvalidValue and `why` says so. With `persistent`
// (one-dimensional clusters only) the grid is as many whole clusters as can
// be resident at once (cudaOccupancyMaxActiveClusters) times X, no more than
// `work` rounded up to a multiple of X, at least X.
template <class Kernel>
inline tirx_launch_t tirx_launch_begin_cluster(Kernel *kernel, dim3 grid, dim3 block, size_t smem,
                                               cudaStream_t stream, bool persistent, dim3 cluster) {
  tirx_launch_t l = tirx_launch_begin(kernel, grid, block, smem, stream, false);  // the smem limit
  l.cluster = cluster;
  if (l.err == cudaSuccess && persistent) {
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = cluster.x, attr[0].val.clusterDim.y = cluster.y, attr[0].val.clusterDim.z = cluster.z;
    cfg.gridDim = cluster, cfg.blockDim = block, cfg.dynamicSmemBytes = smem, cfg.stream = stream;
    cfg.attrs = attr, cfg.numAttrs = 1;
    int clusters = 0;
    l.err = cudaOccupancyMaxActiveClusters(&clusters, kernel, &cfg);
    const long long work = (long long)grid.x * grid.y * grid.z;
    long long want = (work + cluster.x - 1) / cluster.x;  // whole clusters
    if (clusters > 0 && want > clusters) want = clusters;
    l.grid = dim3((unsigned)((want < 1 ? 1 : want) * cluster.x));
  }
  if (l.err == cudaSuccess && (l.grid.x % cluster.x || l.grid.y % cluster.y || l.grid.z % cluster.z)) {
    l.err = cudaErrorInvalidValue;
    snprintf(l.why, sizeof l.why, "the grid (%u, %u, %u) is not a multiple of the cluster (%u, %u, %u) in each dimension",
             l.grid.x, l.grid.y, l.grid.z, cluster.x, cluster.y, cluster.z);
  }
  return l;
}

// The launch of a cluster launch: `tirx_launch_cluster(l, kernel)(args...)`
// calls cudaLaunchKernelEx with l's configuration and the cluster dimension
// attribute; its error goes to l.err (the launch is not a `<<<...>>>`, whose
// error cudaGetLastError() would report).
template <class... Params>
struct tirx_cluster_launcher_t {
  tirx_launch_t &l;
  void (*kernel)(Params...);
  template <class... Args>
  void operator()(Args &&...args) const {
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = l.cluster.x, attr[0].val.clusterDim.y = l.cluster.y;
    attr[0].val.clusterDim.z = l.cluster.z;
    cfg.gridDim = l.grid, cfg.blockDim = l.block, cfg.dynamicSmemBytes = l.smem, cfg.stream = l.stream;
    cfg.attrs = attr, cfg.numAttrs = 1;
    l.err = cudaLaunchKernelEx(&cfg, kernel, static_cast<Args &&>(args)...);
    if (l.err != cudaSuccess) (void)cudaGetLastError();  // reported through l.err, not left behind
  }
};

template <class... Params>
inline tirx_cluster_launcher_t<Params...> tirx_launch_cluster(tirx_launch_t &l, void (*kernel)(Params...)) {
  return tirx_cluster_launcher_t<Params...>{l, kernel};
}
#endif

// ---- forms that only tirx-pp can lower (docs/language.md#spellings) --------
#ifdef __TIRX_PP__
#define TIRX_NEEDS_PP_(what) static_assert(true, "")
#define TIRX_CALL_NEEDS_PP_(what) ((void)0)
#define TIRX_BOOL_NEEDS_PP_(what) false
#else
#define TIRX_NEEDS_PP_(what) \
  static_assert(false, what " needs tirx-pp: run 'tirx-pp file.cu -o out.cu' and compile out.cu")
#define TIRX_CALL_NEEDS_PP_(what) \
  ([] { static_assert(false, what " needs tirx-pp: run 'tirx-pp file.cu -o out.cu' and compile out.cu"); }())
#define TIRX_BOOL_NEEDS_PP_(what) \
  ([] { static_assert(false, what " needs tirx-pp: run 'tirx-pp file.cu -o out.cu' and compile out.cu"); return false; }())
#endif
#define tirx_region_sync() TIRX_CALL_NEEDS_PP_("tirx_region_sync()")
#define tirx_wait(...) TIRX_CALL_NEEDS_PP_("tirx_wait()")
#define tirx_trigger(...) TIRX_CALL_NEEDS_PP_("tirx_trigger()")
#define tirx_trigger_bytes(...) TIRX_CALL_NEEDS_PP_("tirx_trigger_bytes()")
#define tirx_trigger_last(...) TIRX_BOOL_NEEDS_PP_("tirx_trigger_last()")
#define tirx_trigger_if_last(...) TIRX_BOOL_NEEDS_PP_("tirx_trigger_if_last()")
#define TIRX_WARPGROUPS(name, n) TIRX_NEEDS_PP_("TIRX_WARPGROUPS");
#define TIRX_WARPS(name, n) TIRX_NEEDS_PP_("TIRX_WARPS");
#define TIRX_ASYNC(pred) TIRX_NEEDS_PP_("TIRX_ASYNC");
#define TIRX_INTHREADS(pred) TIRX_NEEDS_PP_("TIRX_INTHREADS");
#define TIRX_LAUNCH(...) TIRX_NEEDS_PP_("TIRX_LAUNCH");
#define TIRX_ASYNC_REGS(pred, regs) TIRX_NEEDS_PP_("TIRX_ASYNC_REGS");
#define TIRX_EVENT(name, n) TIRX_NEEDS_PP_("TIRX_EVENT");
#define TIRX_EVENT_READY(name, n) TIRX_NEEDS_PP_("TIRX_EVENT_READY");
#define TIRX_EVENT_COUNT(name, n, c) TIRX_NEEDS_PP_("TIRX_EVENT_COUNT");
