// 2^32 + 2 warpgroups: truncated to int this is 2, a valid count; the real
// count is far over 8 and must be refused, not become __launch_bounds__(256).
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 4294967298)
  a[0] = 0.f;
}
