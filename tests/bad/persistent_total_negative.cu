// A negative total.
__global__ void k(float *a) {
  TIRX_PERSISTENT(tile, -3) a[tile] = 0.f;
}
