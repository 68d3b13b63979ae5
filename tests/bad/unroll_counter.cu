// __COUNTER__ in an unrolled body: the loop reads one value, copies would read four.
__global__ void k(int *out) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) out[i] = __COUNTER__;
}
