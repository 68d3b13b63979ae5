// '#pragma tirx uniform' on an 'if' that tests the thread index cannot stand for
// a count: only a quarter of the region arrives (before: tirx-pp counted 128
// arrivals, exit 0, and the kernel hung).
#include "tirx.h"
__global__ void k(const float *in, float *out, int n) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      buf[i % 2][threadIdx.x] = in[i * 128 + threadIdx.x];
      tirx_trigger(full[i % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_wait(full[i % 2]);
      acc += buf[i % 2][threadIdx.x - 128];
#pragma tirx uniform
      if (threadIdx.x % 4 == 0) tirx_trigger(empty[i % 2]);
    }
    out[threadIdx.x - 128] = acc;
  }
}
