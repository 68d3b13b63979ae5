#include "sum.cuh"

__global__ void second(float *x) { x[1] = sum_row(x); }
