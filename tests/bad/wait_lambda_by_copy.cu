// A wait in a lambda that captures by copy: the closure is made anew each
// iteration from the kernel's phase bits, which nothing flips, so from the
// second round on every wait asks for parity 0 and passes on a phase that
// completed long before. The lambda must capture by reference ('[&]').
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
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      auto consume = [=]() mutable {
        tirx_wait(full[s]);
        return buf[s][threadIdx.x - 128];
      };
      acc += consume();
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}
