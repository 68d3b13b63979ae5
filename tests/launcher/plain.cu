// No annotation: compiled exactly as without tirx-pp.
#include "params.h"
__global__ void scale(float *a, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= s * SCALE;
}
