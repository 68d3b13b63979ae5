// The extent continues on the next line: the error points at 'n' (line 4),
// not at the backslash.
__global__ void k(float *a, int n) {
#pragma tirx grid(i: \
  n) unroll
  a[i] = 0.f;
}
