// A trigger in a lambda runs where the lambda is called: here under elect,
// so it arrives once per warp, and the event counts 4 arrivals a phase (the
// consumer's four warps), as for a trigger written under the elect itself.
// Counted where the lambda is written, the event waited for 128 and the
// producer hung on its first reuse of a slot.
#include "tirx.h"
constexpr int S = 2;
__global__ void k(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S]
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % S]);
      buf[i % S][threadIdx.x] = in[i * 128 + threadIdx.x];
      tirx_trigger(full[i % S]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    auto release = [&](int s) { tirx_trigger(empty[s]); };
    for (int i = 0; i < n; ++i) {
      tirx_wait(full[i % S]);
      acc += buf[i % S][threadIdx.x - 128];
      __syncwarp();
#pragma tirx elect
      release(i % S);
    }
    out[threadIdx.x - 128] = acc;
  }
}
