// Zero warpgroups.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 0)
  a[0] = 0.f;
}
