// A ring whose producer forgot to wait for a free slot (adoption trial 3,
// ThunderKittens' educational level_08 rewritten with events): the consumers
// trigger 'empty' and nothing waits on it, so the producer refills a slot
// still in use. tirx-pp warns.
#include "tirx.h"
__global__ void k(const float *in, float *out, int n) {
  __shared__ float buf[2][128];
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    for (int t = 0; t < n; ++t) {
      buf[t % 2][threadIdx.x] = in[t * 128 + threadIdx.x];
      tirx_trigger(full[t % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int t = 0; t < n; ++t) {
      tirx_wait(full[t % 2]);
      out[t * 128 + threadIdx.x - 128] = buf[t % 2][threadIdx.x - 128];
      tirx_trigger(empty[t % 2]);
    }
  }
}
