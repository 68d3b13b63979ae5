// The same width twice: one copy serves both inclusions.
#define WIDTH 4
#define SUM_NAME sum_a
#include "sum.cuh"
#undef SUM_NAME
#define SUM_NAME sum_b
#include "sum.cuh"

__global__ void add(float *x) { x[0] = sum_a(x) + sum_b(x); }
