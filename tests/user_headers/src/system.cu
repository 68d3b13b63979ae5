// An annotated header found through -isystem is left alone, with a warning.
#include <vendor/lib.cuh>
__global__ void k(float *x) { x[0] = LIB_VALUE; }
