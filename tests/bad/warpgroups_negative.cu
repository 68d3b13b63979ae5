// A negative warpgroup count.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: -1)
  a[0] = 0.f;
}
