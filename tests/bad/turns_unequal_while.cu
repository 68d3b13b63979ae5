// wg 1 takes one more turn than wg 2 in a while loop that counts down; wg 2
// would wait for its last turn forever (the same in a for loop is caught).
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    int left = wg == 1 ? 4 : 3;
    while (left-- > 0) {
#pragma tirx turn(mma)
      out[threadIdx.x] += 1.f;
    }
  }
}
