// Turns declared in a walk over tiles written with a goto back: each pass
// hands out the first turn again, as in a for loop.
#include "tirx.h"
__global__ void k(float *out, int tiles, int n) {
  TIRX_WARPGROUPS(wg, 3);
  int tile = blockIdx.x;
next_tile:
  TIRX_ASYNC(wg == 0) { out[threadIdx.x] = 0.f; }
  TIRX_ASYNC(wg >= 1) {
    TIRX_TURNS(mma);
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      TIRX_TURN(mma) acc += out[tile * 256 + threadIdx.x];
    }
    out[tile * 512 + threadIdx.x] = acc;
  }
  tile += gridDim.x;
  if (tile < tiles) goto next_tile;
}
