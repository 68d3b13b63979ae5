// A partition whose count depends on a template parameter, lowered once per
// value of it (values(D: 64, 128)): three consumers at D = 64 (160 registers),
// two at D = 128 (232), each under its own `if constexpr`; the launch bounds
// follow D, and an instance with another D stops at a static_assert.
#include "tirx.h"

__host__ __device__ constexpr int consumers(int d) { return d == 64 ? 3 : 2; }

template <int D>
__global__ void attn(float *out, const float *in, int n) {
  float scale = 1.f / D;
#pragma tirx warpgroups(wg: 1 + consumers(D)) values(D: 64, 128)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0) regs(24)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      tirx_trigger(full[i % 2]);
    }
  }
#pragma tirx async(wg >= 1) regs(consumers(D) == 3 ? 160 : 232)
  {
#pragma tirx turns mma
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_wait(full[i % 2]);
#pragma tirx turn(mma)
      {
        acc += in[i * D + threadIdx.x % D] * scale;
      }
      tirx_trigger(empty[i % 2]);
    }
    tirx_region_sync();
    out[threadIdx.x] = acc;
  }
}

template __global__ void attn<64>(float *, const float *, int);
template __global__ void attn<128>(float *, const float *, int);
