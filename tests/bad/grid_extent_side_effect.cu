// A side effect in an unrolled grid's extent: the copies use its value, 2,
// and the assignment to s was lost.
__global__ void k(int *out) {
  int s = 0;
#pragma tirx grid(i: (s = 5, 2)) unroll
  { out[i] = s; }
}
