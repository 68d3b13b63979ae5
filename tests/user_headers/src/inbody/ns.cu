namespace ops {
#include "ops.cuh"
}

__global__ void zero(float *x) { ops::zero_two(x); }
