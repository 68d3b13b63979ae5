#include "tirx.h"
__device__ void helper(float *a) {
  if (a[0] > 0.f) tirx_thread_return();
}
__global__ void k(float *a) {
  tirx_region_sync();
  tirx_cta_sync(1);
  tirx_warpgroup_sync();
  auto f = [] { tirx_thread_return(); };
  f();
}
