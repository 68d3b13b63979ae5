// 2^64 + 1 warpgroups: clang's error must point at the literal, not column 1.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 18446744073709551617)
  a[0] = 0.f;
}
