// TIRX_GRID with five dimensions, the fifth used: the dimension count first and only.
__global__ void k(float *a) {
  TIRX_GRID_UNROLL(i, 2, j, 2, l, 2, m, 2, n, 2) { a[n] = 0.f; }
}
