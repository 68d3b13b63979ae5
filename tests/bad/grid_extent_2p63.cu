// Extent 2^63 (unsigned long long): 'i < 2^63' never ends for an int i, so
// the unrolled grid is far over the limit; it is not a negative extent.
__global__ void k(float *a) {
#pragma tirx grid(i: 9223372036854775808) unroll
  a[0] = 0.f;
}
