// --trace on a kernel lowered once per value of D (values(D: 64, 128)): each
// lowering records its regions, waits and turns, and the kernel registers its
// names once.
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
