// The bound of both regions' loops computed once for the block, then cut to
// the causal diagonal in the consumer only: the same name, but the consumer's
// threads give it another value, and the producer fills slots that nobody
// empties once n_block_max > qt + 3.
#include "tirx.h"
__global__ void k(const float *in, float *out, int seqlen, int causal) {
  __shared__ float buf[2][128];
  const int qt = blockIdx.x;
  int n_block_max = (seqlen + 127) / 128;
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < n_block_max; ++k) {
      tirx_wait(empty[k % 2]);
      buf[k % 2][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[k % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    if (causal) n_block_max = min(n_block_max, qt + 1);
    float acc = 0.f;
    for (int k = 0; k < n_block_max; ++k) {
      tirx_wait(full[k % 2]);
      acc += buf[k % 2][threadIdx.x - 128];
      tirx_trigger(empty[k % 2]);
    }
    out[qt * 128 + threadIdx.x - 128] = acc;
  }
}
