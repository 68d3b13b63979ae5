#line 1 "persistent.cu"
// persistent: a block-strided tile loop.
#include "tirx.h"

__global__ void tiles(float *out, int total) {
for (int tile = blockIdx.x; tile < (total); tile += gridDim.x)
  {
    out[tile] = (float)tile;
  }
}
