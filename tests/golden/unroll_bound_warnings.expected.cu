#line 1 "unroll_bound_warnings.cu"
// unroll: the copies read no more what the loop's header read; nvcc must not
// warn where the loop gave no warning. The bound's local (`n`) stays referenced
// (`(void)n;`: #177-D otherwise), and an index that only sizeof reads gets no
// value (#550-D, set but never used, otherwise).
#include "tirx.h"

__global__ void zero(float *x) {
  constexpr int n = 4;
{ (void)n;
  { int i = 0; x[i] = 0; }
#line 10 "unroll_bound_warnings.cu"
  { int i = 1; x[i] = 0; }
#line 10 "unroll_bound_warnings.cu"
  { int i = 2; x[i] = 0; }
#line 10 "unroll_bound_warnings.cu"
  { int i = 3; x[i] = 0; } }
}

__global__ void sizes(unsigned *out, const double *x) {
{
  { int i; out[0] += sizeof(x[i]); }
#line 15 "unroll_bound_warnings.cu"
  { int i; out[0] += sizeof(x[i]); } }
}
