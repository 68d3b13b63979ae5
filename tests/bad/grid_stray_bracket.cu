// A stray ']' inside the dimension list: the error points at it.
__global__ void k(float *a) {
#pragma tirx grid(i: 4]) unroll
  a[0] = 0.f;
}
