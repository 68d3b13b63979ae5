// Waits under a condition on the thread that picks the same threads at every
// visit, the condition a local declared second in its declaration (`const int t
// = ..., reader = t < 64;`): its one initializer is read as the first's would be.
#include "tirx.h"
__global__ void k(const float *in, float *out, int n) {
  __shared__ float buf[2][64];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] count(64)
#pragma tirx event empty[2] count(64) ready
#pragma tirx async(wg == 0)
  {
    const int t = threadIdx.x, writer = t < 64;
    for (int i = 0; i < n; ++i) {
      if (writer) {
        tirx_wait(empty[i % 2]);
        buf[i % 2][t] = in[i * 64 + t];
        tirx_trigger(full[i % 2]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    const int t = threadIdx.x - 128, reader = t < 64;
    for (int i = 0; i < n; ++i) {
      if (reader) {
        tirx_wait(full[i % 2]);
        out[i * 64 + t] = buf[i % 2][t];
        tirx_trigger(empty[i % 2]);
      }
    }
  }
}
