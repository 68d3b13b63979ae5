// Several events in one declaration, as Croqtile writes them: each name with
// the clauses after it (empty[S] ready).
#include "tirx.h"
constexpr int S = 2;
__global__ void ring(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S], empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(empty[s]);
      out[threadIdx.x] += k;
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(full[s]);
      out[threadIdx.x] += 1;
      tirx_trigger(empty[s]);
    }
  }
}
