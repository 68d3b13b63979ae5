// The reverse: a producer that starts its ring position over every tile
// (`k % 2`) against a consumer that carries it on as the GEMM examples do
// (the first step before the loop at `it % 2`, then `(it + kt) % 2`, and
// `it += nk` after the loop).
#include "tirx.h"
__global__ void restarted_against_carried(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
#pragma tirx persistent(tile: tiles)
    {
      for (int k = 0; k < nk; ++k) {
        tirx_wait(empty[k % 2]);
        buf[k % 2][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[k % 2]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;  // k-steps consumed so far
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      int s = it % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      for (int kt = 1; kt < nk; ++kt) {
        const int prev = s;
        s = (it + kt) % 2;
        tirx_wait(full[s]);
        acc += buf[s][threadIdx.x - 128];
        tirx_trigger(empty[prev]);
      }
      tirx_trigger(empty[s]);
      it += nk;
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}
