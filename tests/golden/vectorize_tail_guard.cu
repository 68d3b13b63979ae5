// vectorize over a tail guard (ggml's cumsum store loop): every access to dst
// is under `idx + j < n`; the guard is tested for every lane before the vector
// path is taken, and the tail runs the guarded loop. Written with the guard
// tested for the whole vector first, the loop vectorizes the same way.
#include "tirx.h"

__global__ void store_guarded(float *dst, const float *src, float off, long n) {
  long idx = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
#pragma tirx vectorize
  for (int j = 0; j < 4; j++) {
    if (idx + j < n) {
      dst[idx + j] = src[idx + j] + off;
    }
  }
}

__global__ void store_whole(float *dst, const float *src, float off, long n) {
  long idx = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (idx + 4 <= n) {
#pragma tirx vectorize
    for (int j = 0; j < 4; j++) dst[idx + j] = src[idx + j] + off;
  } else {
    for (int j = 0; idx + j < n; j++) dst[idx + j] = src[idx + j] + off;
  }
}
