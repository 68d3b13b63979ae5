// Four extents of 2^31: the product overflows 64 bits if multiplied blindly.
__global__ void k(float *a) {
#pragma tirx grid(i: 2147483647, j: 2147483647, k: 2147483647, l: 2147483647) unroll
  a[0] = 0.f;
}
