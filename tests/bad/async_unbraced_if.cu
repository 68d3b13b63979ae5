// An async region as the unbraced body of an if: in C++ only the first region
// is under the if and the second runs whatever mode is, but lowered, the second
// would chain to the first (`if (wg == 0) {...} else if (wg == 1) {...}`) inside the if.
#include "tirx.h"
__global__ void k(float *out, int mode) {
#pragma tirx warpgroups(wg: 2)
  if (mode == 0)
#pragma tirx async(wg == 0)
  {
    out[threadIdx.x] = 1.f;
  }
#pragma tirx async(wg == 1)
  {
    out[threadIdx.x] = 2.f;
  }
}
