// A byte trigger under an `if` that reads no thread index, with count(1):
// all 128 threads of the region would arrive and announce the bytes.
// '#pragma tirx uniform' on the `if` (or no `if`) is what was meant.
#include "tirx.h"
__global__ void k(float *out, int n) {
  __shared__ float buf[8];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[4] count(1)
#pragma tirx event empty[4] ready
#pragma tirx async(wg == 0)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(empty[kt % 4]);
      if (n > 1) tirx_trigger_bytes(full[kt % 4], 0);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(full[kt % 4]);
      if (threadIdx.x % 128 == 0) buf[0] += 1;
#pragma tirx elect
      tirx_trigger(empty[kt % 4]);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = buf[0];
}
