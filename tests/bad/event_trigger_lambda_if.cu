// A trigger in a lambda, and the lambda called by one thread: the 'if' at the
// call is around the trigger. Counted where the trigger is written, the event
// got 128 arrivals a phase and one came (a hang); it needs count(N) as the
// trigger written under the 'if' itself does.
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
      tirx_region_sync();
      if (threadIdx.x == 128) release(i % S);
    }
    out[threadIdx.x - 128] = acc;
  }
}
