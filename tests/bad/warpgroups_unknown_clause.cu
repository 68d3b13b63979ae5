// 'warpgroups' with a clause it does not know: must not be silently dropped.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2) fast
  a[0] = 0.f;
}
