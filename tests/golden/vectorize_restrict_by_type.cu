// A pointer promises no overlap when its type is __restrict__-qualified, not
// when its type's spelling holds the word: unrestricted_t *dst may overlap
// src (dst = src + 4), so the vector path tests that their vectors are apart,
// as for any written array; a __restrict__ pointer is not tested.
#include "tirx.h"
typedef float unrestricted_t;
__global__ void shift8(const float *src, unrestricted_t *dst) {
#pragma tirx vectorize
  for (int v = 0; v < 8; ++v) dst[v] = src[v] * 2.f;
}

__global__ void promised(const float *src, float *__restrict__ dst) {
#pragma tirx vectorize
  for (int v = 0; v < 8; ++v) dst[v] = src[v] * 2.f;
}
