// A stage kept outside the persistent loop in the producer (`if (++stage ==
// 2) stage = 0;`, as CUTLASS's pipelines keep theirs) against a consumer
// that sets its slot back to 0 at the top of every tile.
#include "tirx.h"
__global__ void stage_against_reset(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int stage = 0;
#pragma tirx persistent(tile: tiles)
    {
      for (int k = 0; k < nk; ++k) {
        tirx_wait(empty[stage]);
        buf[stage][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[stage]);
        if (++stage == 2) stage = 0;
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    int s;
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      s = 0;
      for (int k = 0; k < nk; ++k) {
        tirx_wait(full[s]);
        acc += buf[s][threadIdx.x - 128];
        tirx_trigger(empty[s]);
        s ^= 1;
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}
