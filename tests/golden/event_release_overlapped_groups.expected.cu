#line 1 "event_release_overlapped_groups.cu"
// FlashAttention-3's overlap of two wgmma groups: S_j = Q K_j (the first group
// after the wait on kfull[s]), O += P V_{j-1} (the second); tirx_wgmma_wait<1>()
// retires the first, so handing back K's slot s after it is right.
#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"
#include <cuda_bf16.h>
#define STAGES 2
typedef __nv_bfloat16 bf16;
template <int D> __device__ void issue_qk(float (&s)[64], const bf16 *q, const bf16 *k) {
  tirx_wgmma_fence();
  for (int kk = 0; kk < 4; ++kk)
    tirx_wgmma_m64n128k16_bf16(s, tirx_wgmma_desc_sw128(q + kk * 16), tirx_wgmma_desc_sw128(k + kk * 16), kk > 0);
  tirx_wgmma_commit();
}
template <int D> __device__ void issue_pv(float (&o)[64], const bf16 *p, const bf16 *v) {
  tirx_wgmma_fence();
  for (int kk = 0; kk < 4; ++kk)
    tirx_wgmma_m64n128k16_bf16(o, tirx_wgmma_desc_sw128(p + kk * 16), tirx_wgmma_desc_sw128(v + kk * 16), 1);
  tirx_wgmma_commit();
}
template <int D> __global__ void __launch_bounds__(256, 1) fa(const __grid_constant__ CUtensorMap mapK, const __grid_constant__ CUtensorMap mapV, float *O, int nkv) {
  extern __shared__ __align__(1024) unsigned char smem[];
  bf16 *Ks = reinterpret_cast<bf16 *>(smem), *Vs = Ks + STAGES * 128 * 64, *Q = Vs + STAGES * 128 * 64, *P = Q + 64 * 64;
const int wg = tirx_warpgroup_index();
__shared__ uint64_t kfull[STAGES]; tirx_event_init(kfull, STAGES, 1); uint32_t __tirx_phase_1_kfull = 0u;
__shared__ uint64_t kempty[STAGES]; tirx_event_init(kempty, STAGES, 4); uint32_t __tirx_phase_0_kempty = ~0u;
__shared__ uint64_t vfull[STAGES]; tirx_event_init(vfull, STAGES, 1); uint32_t __tirx_phase_1_vfull = 0u;
__shared__ uint64_t vempty[STAGES]; tirx_event_init(vempty, STAGES, 4); uint32_t __tirx_phase_0_vempty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<40>();
    for (int j = 0; j < nkv; ++j) {
      const int s = j % STAGES;
      tirx_event_wait(kempty, __tirx_phase_0_kempty, s);
      tirx_event_arrive_bytes(&kfull[s], 128 * 64 * 2, threadIdx.x == 0);
      if (threadIdx.x == 0) tirx_tma_load_2d(Ks + s * 128 * 64, &mapK, j * 128, 0, &kfull[s]);
      tirx_event_wait(vempty, __tirx_phase_0_vempty, s);
      tirx_event_arrive_bytes(&vfull[s], 128 * 64 * 2, threadIdx.x == 0);
      if (threadIdx.x == 0) tirx_tma_load_2d(Vs + s * 128 * 64, &mapV, j * 128, 0, &vfull[s]);
    }
  }
else if (wg == 1)
  { tirx_setmaxnreg_dec<232>();
    float sc[64], o[64] = {};
    int s = 0;
    tirx_event_wait(kfull, __tirx_phase_1_kfull, s);
    issue_qk<64>(sc, Q, Ks + s * 128 * 64);
    tirx_wgmma_wait<0>();
if (tirx_elect_one_sync())
    tirx_mbar_arrive(&kempty[s]);
    for (int j = 1; j < nkv; ++j) {
      const int prev = s;
      s = j % STAGES;
      tirx_event_wait(kfull, __tirx_phase_1_kfull, s);
      tirx_event_wait(vfull, __tirx_phase_1_vfull, prev);
      issue_qk<64>(sc, Q, Ks + s * 128 * 64);
      issue_pv<64>(o, P, Vs + prev * 128 * 64);
      tirx_wgmma_wait<1>();  // S_j done: K's slot s is free
if (tirx_elect_one_sync())
      tirx_mbar_arrive(&kempty[s]);
      tirx_wgmma_wait<0>();
if (tirx_elect_one_sync())
      tirx_mbar_arrive(&vempty[prev]);
    }
    tirx_event_wait(vfull, __tirx_phase_1_vfull, s);
    issue_pv<64>(o, P, Vs + s * 128 * 64);
    tirx_wgmma_wait<0>();
if (tirx_elect_one_sync())
    tirx_mbar_arrive(&vempty[s]);
    for (int i = 0; i < 64; ++i) O[i * 128 + threadIdx.x % 128] = o[i] + sc[i];
  }
}
template __global__ void fa<64>(const __grid_constant__ CUtensorMap, const __grid_constant__ CUtensorMap, float *, int);
