// An inthreads region as the unbraced body of a loop: each iteration ends with
// the region's block barrier (the next reads what another warp wrote), which
// would land after the loop; and the region reads the loop's variable.
#include "tirx.h"
__global__ void smooth(float *out, const float *in, int steps) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
  int src = 0;
  for (int it = 0; it < steps; ++it)
#pragma tirx inthreads(wg == 0)
  {
    const int t = threadIdx.x;
    buf[1 - src][t] = 0.5f * (buf[src][t] + buf[src][(t + 1) % 128]) + in[it];
    src = 1 - src;
  }
  out[threadIdx.x] = buf[0][threadIdx.x % 128];
}
