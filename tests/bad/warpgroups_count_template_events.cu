// A partition count that depends on a template parameter, in a kernel with
// events and a persistent loop that skips tiles: the count's error is the
// only message. (Each wait was also said to be skipped by the `continue`
// "under a condition on the thread": with the partition unread, no region
// told which threads run them.)
#include "tirx.h"
template <int D>
__global__ void k(const int *len, float *out, int tiles) {
#pragma tirx warpgroups(wg: 1 + (D == 64 ? 3 : 2))
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0) regs(24)
  {
    int n = 0;
#pragma tirx persistent(tile: tiles)
    {
      if (len[tile] == 0) continue;
      const int s = n++ % 2;
      tirx_wait(empty[s]);
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg >= 1) regs(D == 64 ? 160 : 240)
  {
    int n = 0;
#pragma tirx persistent(tile: tiles)
    {
      if (len[tile] == 0) continue;
      const int s = n++ % 2;
      tirx_wait(full[s]);
      out[tile * 512 + threadIdx.x] = 1.f;
      tirx_trigger(empty[s]);
    }
  }
}
template __global__ void k<64>(const int *, float *, int);
