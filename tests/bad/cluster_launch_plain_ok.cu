// A kernel with cluster events is launched with #pragma tirx launch cluster(...):
// a launch in a comment, in #if 0 or in a macro definition is no launch.
#include "tirx.h"
__global__ void pair(float *a, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[2] ready cluster
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) tirx_wait(e[i % 2]);
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) tirx_trigger(e[i % 2]);
  }
}
#define LAUNCH_PAIR(a, n) pair<<<8, 256>>>(a, n)
void run(float *a, int n) {
#if 0
  pair<<<8, 256>>>(a, n);
#endif
  // pair<<<8, 256>>>(a, n);
#pragma tirx launch cluster(2)
  pair<<<8, 256>>>(a, n);
}
