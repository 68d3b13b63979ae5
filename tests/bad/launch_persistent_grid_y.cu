// One row of blocks per head, blockIdx.y the head, launched with
// grid(persistent): the launch makes the grid one-dimensional, so every
// block would see head 0.
#include "tirx.h"
__global__ void heads(float *out, int tiles) {
  const int head = blockIdx.y;
#pragma tirx persistent(tile: tiles)
  out[(head * tiles + tile) * 128 + threadIdx.x] = head;
}
void run(float *out, int tiles, int n_heads) {
#pragma tirx launch grid(persistent)
  heads<<<dim3(tiles, n_heads), 128>>>(out, tiles);
}
