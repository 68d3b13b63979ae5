// A causal producer stops loading past the diagonal; the consumer's loop
// still runs every block and waits for copies that never come.
#include "tirx.h"
#define STAGES 2
__global__ void pipe(const float *in, float *out, int n, int rows) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    const int row_end = blockIdx.x * rows + rows;
    for (int k = 0; k < n; ++k) {
      if (k * 128 >= row_end) break;  // above the diagonal: masked anyway
      int s = k % STAGES;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}
