// 'event' without a name.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx event
  a[0] = 0.f;
}
