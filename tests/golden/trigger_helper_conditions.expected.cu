#line 1 "trigger_helper_conditions.cu"
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
__global__ void __launch_bounds__(256, 1) k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
  alignas(128) __shared__ float bs[S][128];
  alignas(128) __shared__ float cs[S][128];
  alignas(128) __shared__ float ds[S][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t a_full[S]; tirx_event_init(a_full, S, (1)); uint32_t __tirx_phase_1_a_full = 0u;
__shared__ uint64_t b_full[S]; tirx_event_init(b_full, S, (1)); uint32_t __tirx_phase_1_b_full = 0u;
__shared__ uint64_t c_full[S]; tirx_event_init(c_full, S, (1)); uint32_t __tirx_phase_1_c_full = 0u;
__shared__ uint64_t d_full[S]; tirx_event_init(d_full, S, (1)); uint32_t __tirx_phase_1_d_full = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      if (leads(threadIdx.x, 128)) {
        tirx_event_arrive_bytes(&a_full[s], 512, true);
        tirx_tma_load_2d(as[s], map, i, 0, &a_full[s]);
      }
      if (warp_idx() == 1 && tirx_lane_id() == 0) {
        tirx_event_arrive_bytes(&b_full[s], 512, true);
        tirx_tma_load_2d(bs[s], map, i, 128, &b_full[s]);
      }
      auto last_warp_leads = [](unsigned t) { return t == 96; };
      if (first_of<32>() && last_warp_leads(threadIdx.x)) {
        tirx_event_arrive_bytes(&c_full[s], 512, true);
        tirx_tma_load_2d(cs[s], map, i, 256, &c_full[s]);
      }
      if (is_thread(64)) {
        tirx_event_arrive_bytes(&d_full[s], 512, true);
        tirx_tma_load_2d(ds[s], map, i, 384, &d_full[s]);
      }
    }
  }
else if (wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(a_full, __tirx_phase_1_a_full, s);
      tirx_event_wait(b_full, __tirx_phase_1_b_full, s);
      tirx_event_wait(c_full, __tirx_phase_1_c_full, s);
      tirx_event_wait(d_full, __tirx_phase_1_d_full, s);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128] + bs[s][threadIdx.x - 128] + cs[s][threadIdx.x - 128] +
                                   ds[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
  }
}
