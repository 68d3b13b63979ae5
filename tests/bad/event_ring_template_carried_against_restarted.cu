// A ring sized by the template's STAGES: the producer carries its position
// across the tiles of the persistent loop (`(it + k) % STAGES`, `it += nk`),
// the consumer starts it over every tile (`k % STAGES`). At any size but one
// the second tile's slots are filled in one order and read in another once nk
// is not a multiple of STAGES.
#include "tirx.h"
template <int STAGES>
__global__ void carried_against_restarted(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % STAGES;
        tirx_wait(empty[s]);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[s]);
      }
      it += nk;
    }
  }
#pragma tirx async(wg == 1)
  {
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        tirx_wait(full[k % STAGES]);
        acc += buf[k % STAGES][threadIdx.x - 128];
        tirx_trigger(empty[k % STAGES]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}
template __global__ void carried_against_restarted<4>(const float *, float *, int, int);
