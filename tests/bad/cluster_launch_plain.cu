// A kernel written for clusters, launched with plain <<<...>>>: no cluster
// is formed, and the multicast copies name a block that is not there.
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
void run(float *a, int n) {
  pair<<<8, 256>>>(a, n);
}
