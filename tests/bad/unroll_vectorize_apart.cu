// Two annotations that each transform the same loop cannot both hold, however
// many other annotations of the loop stand between them (eight here).
__global__ void k(float *a, int n) {
#pragma tirx unroll
#pragma tirx uniform(a)
#pragma tirx uniform(a)
#pragma tirx uniform(a)
#pragma tirx uniform(a)
#pragma tirx uniform(a)
#pragma tirx uniform(a)
#pragma tirx uniform(a)
#pragma tirx uniform(a)
#pragma tirx vectorize
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}
