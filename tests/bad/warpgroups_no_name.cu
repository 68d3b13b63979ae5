// 'warpgroups' needs 'name: count'.
__global__ void k(float *a) {
#pragma tirx warpgroups(4)
  a[0] = 0.f;
}
