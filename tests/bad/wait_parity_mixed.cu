// The consumer peels its first stage with an explicit parity (as CUTLASS code
// does: wait(full[0], 0)), then its loop leaves the parity to tirx-pp. The
// phase bits tirx-pp keeps never saw the first wait, so at i == 2 the loop's
// wait on slot 0 asks for parity 0 again: it passes at once, before the
// producer's second copy into that slot (a race that ran on an H200: 30, not
// 36). An error: every wait of an event gives its parity, or none does.
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
    tirx_wait(full[0], 0);
    acc += buf[0][threadIdx.x - 128];
    tirx_trigger(empty[0]);
    for (int i = 1; i < n; ++i) {
      tirx_wait(full[i % S]);
      acc += buf[i % S][threadIdx.x - 128];
      tirx_trigger(empty[i % S]);
    }
    out[threadIdx.x - 128] = acc;
  }
}
