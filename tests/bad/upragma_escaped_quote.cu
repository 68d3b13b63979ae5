// An escaped quote inside the _Pragma string: the grid extent is a string.
__global__ void k(float *a) {
  _Pragma("tirx grid(i: \"x\") unroll") a[0] = 0.f;
}
