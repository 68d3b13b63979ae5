// A type as the number of tiles.
__global__ void k(float *a) {
#pragma tirx persistent(t: int)
  a[t] = 0.f;
}
