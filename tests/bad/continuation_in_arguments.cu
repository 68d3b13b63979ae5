// A backslash-newline inside the dimension list.
__global__ void k(float *a) {
#pragma tirx grid(i: 4, \
  j: 2) unroll
  a[i + j] = 0.f;
}
