// A while loop of unknown trip count whose bound depends on the participant:
// wg 1 takes one more turn than wg 2 whatever n is, but tirx-pp cannot count
// them (a warning).
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    int i = 0;
    while (i < n + (wg == 1)) {
#pragma tirx turn(mma)
      out[threadIdx.x] += 1.f;
      ++i;
    }
  }
}
