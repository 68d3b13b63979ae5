// unroll: the copies read no more what the loop's header read; nvcc must not
// warn where the loop gave no warning. The bound's local (`n`) stays referenced
// (`(void)n;`: #177-D otherwise), and an index that only sizeof reads gets no
// value (#550-D, set but never used, otherwise).
#include "tirx.h"

__global__ void zero(float *x) {
  constexpr int n = 4;
#pragma tirx unroll
  for (int i = 0; i < n; ++i) x[i] = 0;
}

__global__ void sizes(unsigned *out, const double *x) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) out[0] += sizeof(x[i]);
}
