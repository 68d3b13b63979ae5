// The producer announces each operand's bytes in a load lambda and calls it
// for A and for B: two arrive.expect_tx a phase. Counted once where it is
// written, the event was made for one arrival and its phase completed after
// A's copy, before B's. A lambda called at more than one place needs count(N).
#include "tirx.h"
constexpr int S = 2;
__device__ void copy_async(float *dst, const float *src, uint64_t *bar);
__global__ void k(const float *a, const float *b, float *out, int n) {
  __shared__ __align__(128) float as[S][128];
  __shared__ __align__(128) float bs[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S]
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    auto load = [&](float *dst, const float *src, int s) {
      tirx_trigger_bytes(full[s], 512);
      if (threadIdx.x == 0) copy_async(dst, src, &full[s]);
    };
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(empty[s]);
      load(as[s], a + i * 128, s);
      load(bs[s], b + i * 128, s);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(full[s]);
      acc += as[s][threadIdx.x - 128] * bs[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}
