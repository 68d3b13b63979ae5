// A pragma on the last line, with no statement after it.
__global__ void k(float *a) {
  a[0] = 0.f;
}
#pragma tirx unroll
