#include "sum.cuh"

__global__ void first(float *x) { x[0] = sum_row(x); }
