// The bound 2^63 is unsigned long long, so 'i < bound' is an unsigned
// comparison and true at i = 0: the loop runs (0, 2^62) and then i += 2^62
// overflows long long. It is not a loop that never runs.
__global__ void k(float *a) {
#pragma tirx unroll
  for (long long i = 0; i < 9223372036854775808ULL; i += 4611686018427387904LL) a[0] += 1.f;
}
