// Block-per-tile code made persistent: its `return` (skip this tile) now
// ends the block's walk, and every tile the block would take after it is
// never done.
__global__ void bump(float *x, const int *skip, int n_tiles) {
#pragma tirx persistent(tile: n_tiles)
  {
    if (skip[tile]) return;
    x[tile * blockDim.x + threadIdx.x] += 1.f;
  }
}
