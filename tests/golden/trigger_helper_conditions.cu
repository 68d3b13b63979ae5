// Byte triggers under conditions that helpers compute: tirx-pp reads a
// helper of the file whose body is one `return` (its parameters standing for
// the call's arguments, a template's for its template arguments), a lambda's,
// tirx.h's index functions and a shuffle from lane 0 (CUTLASS's
// canonical_warp_idx_sync() form), and counts the threads each condition lets
// through: one per phase here, as count(1) says. A helper may return early
// under conditions ('if (c) return a; return b;' reads as 'c ? a : b').
#include "tirx.h"
#include "tirx/tma.h"
#define S 2
__device__ bool leads(unsigned t, unsigned group) { return t % group == 0; }
template <int G>
__device__ bool first_of() { return threadIdx.x % G == 0; }
__device__ bool is_thread(unsigned t) {
  if (threadIdx.x != t) return false;
  return true;
}
__device__ int warp_idx() { return __shfl_sync(0xffffffffu, (int)threadIdx.x / 32, 0); }
__global__ void k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
  alignas(128) __shared__ float bs[S][128];
  alignas(128) __shared__ float cs[S][128];
  alignas(128) __shared__ float ds[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event a_full[S] count(1)
#pragma tirx event b_full[S] count(1)
#pragma tirx event c_full[S] count(1)
#pragma tirx event d_full[S] count(1)
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(empty[s]);
      if (leads(threadIdx.x, 128)) {
        tirx_trigger_bytes(a_full[s], 512);
        tirx_tma_load_2d(as[s], map, i, 0, &a_full[s]);
      }
      if (warp_idx() == 1 && tirx_lane_id() == 0) {
        tirx_trigger_bytes(b_full[s], 512);
        tirx_tma_load_2d(bs[s], map, i, 128, &b_full[s]);
      }
      auto last_warp_leads = [](unsigned t) { return t == 96; };
      if (first_of<32>() && last_warp_leads(threadIdx.x)) {
        tirx_trigger_bytes(c_full[s], 512);
        tirx_tma_load_2d(cs[s], map, i, 256, &c_full[s]);
      }
      if (is_thread(64)) {
        tirx_trigger_bytes(d_full[s], 512);
        tirx_tma_load_2d(ds[s], map, i, 384, &d_full[s]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(a_full[s]);
      tirx_wait(b_full[s]);
      tirx_wait(c_full[s]);
      tirx_wait(d_full[s]);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128] + bs[s][threadIdx.x - 128] + cs[s][threadIdx.x - 128] +
                                   ds[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
  }
}
