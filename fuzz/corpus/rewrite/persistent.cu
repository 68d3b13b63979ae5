// persistent: a block-strided tile loop.
#include "tirx.h"

__global__ void tiles(float *out, int total) {
#pragma tirx persistent(tile: total)
  {
    out[tile] = (float)tile;
  }
}
