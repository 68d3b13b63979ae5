// A break that only some threads of a participant take, in the loop of its
// turns: the named barrier of its next turn waits for them forever.
#include "tirx.h"
__global__ void k(float *out, const float *in, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[threadIdx.x] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    for (int i = 0; i < n; ++i) {
      float v = in[i * 256 + threadIdx.x - 128];
      if (v < 0.f) break;
#pragma tirx turn(mma)
      out[threadIdx.x] += v;
    }
  }
}
