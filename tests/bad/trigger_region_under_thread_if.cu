// Two producer warps' region stands inside an enclosing region, under 'if
// (threadIdx.x < 32)': only warp 0 runs it, one arrival a phase, and count(2)
// never completes a phase (tirx-pp accepted it before: the walk took the
// 'if' both ways).
#include "tirx.h"
__global__ void k(float *out, const float *in, int n) {
  __shared__ float buf[2][128];
#pragma tirx warps(w: 8)
#pragma tirx event full[2] count(2)
#pragma tirx event empty[2] ready
#pragma tirx async(w < 4)
  {
    if (threadIdx.x < 32) {
#pragma tirx async(w < 2)
      {
        for (int kt = 0; kt < n; ++kt) {
          tirx_wait(empty[kt % 2]);
          if (threadIdx.x % 32 == 0) tirx_trigger_bytes(full[kt % 2], 512);
        }
      }
    }
  }
#pragma tirx async(w >= 4)
  {
    float acc = 0;
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(full[kt % 2]);
      acc += buf[kt % 2][threadIdx.x % 128];
#pragma tirx elect
      tirx_trigger(empty[kt % 2]);
    }
    out[threadIdx.x] = acc;
  }
}
