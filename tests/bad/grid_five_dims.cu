// Five dimensions, the fifth used by the statement: the message is the
// dimension count (not "expected a statement" through clang's knock-on error).
__global__ void k(float *a) {
#pragma tirx grid(i: 2, j: 2, l: 2, m: 2, n: 2)
  a[i + j + l + m + n] = 0.f;
}
