// No tiles: the loop never runs.
__global__ void k(float *a) {
#pragma tirx persistent(tile: 0)
  a[tile] = 0.f;
}
