// tirx_thread_return() outside a __global__ function.
#include "tirx.h"
__device__ void f(float *a) {
  if (a[0] > 0.f) tirx_thread_return();
}
