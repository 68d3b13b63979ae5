// A type as the count.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: int)
  a[0] = 0.f;
}
