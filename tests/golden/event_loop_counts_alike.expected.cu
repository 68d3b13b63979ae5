#line 1 "event_loop_counts_alike.cu"
// Loops whose bounds tirx-pp cannot evaluate, counted alike in both regions
// (docs/regions-and-events.md, "Loops of unknown length"): a consumer that
// takes the first step before its loop and starts it at 1; a bound through a
// local constant; credits given before the loop (a constant more per run);
// a bound that is a template's parameter; per tile of a persistent loop, the
// attention forward's shape (K_0, then K_j with V_{j-1}, then the last V).
#include "tirx.h"

__global__ void __launch_bounds__(256, 1) peeled(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
  const int steps = nk;
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = 0u;
if (wg == 0)
  {
    for (int k = 0; k < nk; ++k) {
      tirx_event_wait(empty, __tirx_phase_0_empty, k % 2);
      buf[k % 2][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[k % 2]);
    }
  }
else if (wg == 1)
  {
    for (int s = 0; s < 2; ++s) tirx_mbar_arrive(&empty[s]);  // a credit per slot
    tirx_event_wait(full, __tirx_phase_1_full, 0);
    float acc = buf[0][threadIdx.x - 128];
    tirx_mbar_arrive(&empty[0]);
    for (int k = 1; k < steps; ++k) {
      tirx_event_wait(full, __tirx_phase_1_full, k % 2);
      acc += buf[k % 2][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[k % 2]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

template <int N>
__global__ void __launch_bounds__(256, 1) fixed(const float *in, float *out) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int k = 0; k < N; ++k) {
      tirx_event_wait(empty, __tirx_phase_0_empty, k % 2);
      buf[k % 2][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[k % 2]);
    }
  }
else if (wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; k < N; ++k) {
      tirx_event_wait(full, __tirx_phase_1_full, k % 2);
      acc += buf[k % 2][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[k % 2]);
    }
    out[threadIdx.x - 128] = acc;
  }
}
template __global__ void fixed<6>(const float *, float *);

__global__ void __launch_bounds__(256, 1) two_rings(const float *k_in, const float *v_in, float *out, int tiles, int nk) {
  __shared__ float ks[2][128], vs[2][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t kfull[2]; tirx_event_init(kfull, 2, 128); uint32_t __tirx_phase_1_kfull = 0u;
__shared__ uint64_t kempty[2]; tirx_event_init(kempty, 2, 128); uint32_t __tirx_phase_0_kempty = ~0u;
__shared__ uint64_t vfull[2]; tirx_event_init(vfull, 2, 128); uint32_t __tirx_phase_1_vfull = 0u;
__shared__ uint64_t vempty[2]; tirx_event_init(vempty, 2, 128); uint32_t __tirx_phase_0_vempty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      int s = it % 2;
      tirx_event_wait(kempty, __tirx_phase_0_kempty, s);
      ks[s][threadIdx.x] = k_in[tile * nk * 128 + threadIdx.x];
      tirx_mbar_arrive(&kfull[s]);
      for (int j = 1; j < nk; ++j) {
        const int prev = s;
        s = (it + j) % 2;
        tirx_event_wait(kempty, __tirx_phase_0_kempty, s);
        ks[s][threadIdx.x] = k_in[(tile * nk + j) * 128 + threadIdx.x];
        tirx_mbar_arrive(&kfull[s]);
        tirx_event_wait(vempty, __tirx_phase_0_vempty, prev);
        vs[prev][threadIdx.x] = v_in[(tile * nk + j - 1) * 128 + threadIdx.x];
        tirx_mbar_arrive(&vfull[prev]);
      }
      tirx_event_wait(vempty, __tirx_phase_0_vempty, s);
      vs[s][threadIdx.x] = v_in[(tile * nk + nk - 1) * 128 + threadIdx.x];
      tirx_mbar_arrive(&vfull[s]);
      it += nk;
    }
  }
else if (wg == 1)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      float acc = 0.f;
      for (int j = 0; j < nk; ++j) {
        const int s = (it + j) % 2;
        tirx_event_wait(kfull, __tirx_phase_1_kfull, s);
        acc += ks[s][threadIdx.x - 128];
        tirx_mbar_arrive(&kempty[s]);
        tirx_event_wait(vfull, __tirx_phase_1_vfull, s);
        acc += vs[s][threadIdx.x - 128];
        tirx_mbar_arrive(&vempty[s]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
      it += nk;
    }
  }
}
