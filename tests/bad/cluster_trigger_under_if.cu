#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[2] ready cluster
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) tirx_wait(e[i % 2]);
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i)
      if (out[i] > 0.f) tirx_trigger(e[i % 2]);
  }
}
