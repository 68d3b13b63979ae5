// 2^63 warpgroups: the message must not call it 0 (a truncation to int).
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 9223372036854775808)
  a[0] = 0.f;
}
