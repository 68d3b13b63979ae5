// A constant TOTAL past what persistent's int tile index counts.
__global__ void k(float *x) {
#pragma tirx persistent(t: 3000000000)
  x[t] = 1.f;
}
