// Loops whose bounds tirx-pp cannot evaluate, counted alike in both regions
// (docs/regions-and-events.md, "Loops of unknown length"): a consumer that
// takes the first step before its loop and starts it at 1; a bound through a
// local constant; credits given before the loop (a constant more per run);
// a bound that is a template's parameter; per tile of a persistent loop, the
// attention forward's shape (K_0, then K_j with V_{j-1}, then the last V).
#include "tirx.h"

__global__ void peeled(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
  const int steps = nk;
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2]
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < nk; ++k) {
      tirx_wait(empty[k % 2]);
      buf[k % 2][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[k % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int s = 0; s < 2; ++s) tirx_trigger(empty[s]);  // a credit per slot
    tirx_wait(full[0]);
    float acc = buf[0][threadIdx.x - 128];
    tirx_trigger(empty[0]);
    for (int k = 1; k < steps; ++k) {
      tirx_wait(full[k % 2]);
      acc += buf[k % 2][threadIdx.x - 128];
      tirx_trigger(empty[k % 2]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

template <int N>
__global__ void fixed(const float *in, float *out) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < N; ++k) {
      tirx_wait(empty[k % 2]);
      buf[k % 2][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[k % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; k < N; ++k) {
      tirx_wait(full[k % 2]);
      acc += buf[k % 2][threadIdx.x - 128];
      tirx_trigger(empty[k % 2]);
    }
    out[threadIdx.x - 128] = acc;
  }
}
template __global__ void fixed<6>(const float *, float *);

__global__ void two_rings(const float *k_in, const float *v_in, float *out, int tiles, int nk) {
  __shared__ float ks[2][128], vs[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event kfull[2]
#pragma tirx event kempty[2] ready
#pragma tirx event vfull[2]
#pragma tirx event vempty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      int s = it % 2;
      tirx_wait(kempty[s]);
      ks[s][threadIdx.x] = k_in[tile * nk * 128 + threadIdx.x];
      tirx_trigger(kfull[s]);
      for (int j = 1; j < nk; ++j) {
        const int prev = s;
        s = (it + j) % 2;
        tirx_wait(kempty[s]);
        ks[s][threadIdx.x] = k_in[(tile * nk + j) * 128 + threadIdx.x];
        tirx_trigger(kfull[s]);
        tirx_wait(vempty[prev]);
        vs[prev][threadIdx.x] = v_in[(tile * nk + j - 1) * 128 + threadIdx.x];
        tirx_trigger(vfull[prev]);
      }
      tirx_wait(vempty[s]);
      vs[s][threadIdx.x] = v_in[(tile * nk + nk - 1) * 128 + threadIdx.x];
      tirx_trigger(vfull[s]);
      it += nk;
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int j = 0; j < nk; ++j) {
        const int s = (it + j) % 2;
        tirx_wait(kfull[s]);
        acc += ks[s][threadIdx.x - 128];
        tirx_trigger(kempty[s]);
        tirx_wait(vfull[s]);
        acc += vs[s][threadIdx.x - 128];
        tirx_trigger(vempty[s]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
      it += nk;
    }
  }
}
