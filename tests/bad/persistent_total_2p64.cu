// TOTAL of 2^64 + 1: clang's error must point at the literal, not column 1.
__global__ void k(float *a) {
#pragma tirx persistent(t: 18446744073709551617)
  a[t] = 0.f;
}
