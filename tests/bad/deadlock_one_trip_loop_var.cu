#include "tirx.h"
// producer: one load per tile; consumer: first tile waits two phases (a bug when ktiles==1 / 1 tile per block)
__global__ void k(const float *in, float *out, int tiles) {
  __shared__ float buf[2][128];
  const int s = tiles > 0 ? 0 : 1;
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < 1; ++i) {
      buf[0][threadIdx.x] = in[threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(full[s]);
    tirx_wait(full[s + 1]);
    out[threadIdx.x] = buf[0][threadIdx.x - 128] + buf[1][threadIdx.x - 128];
  }
}
