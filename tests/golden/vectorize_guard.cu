// vectorize with conditions in the body: an access that some lanes may skip
// (the tail guard of a row) runs as a vector only where every lane takes it.
// The guards are tested for every lane before the vector path; where one
// fails, the loop runs as written, guard and all.
#include "tirx.h"

// ggml's norm kernels: rows of ncols floats, four per thread, the row's end
// guarded. A vector past the end would touch the next row's first elements.
__global__ void scale_rows(const float *x, float *dst, int ncols, float s) {
  const int row = blockIdx.x;
  for (int c0 = threadIdx.x * 4; c0 < ncols; c0 += blockDim.x * 4) {
#pragma tirx vectorize
    for (int v = 0; v < 4; ++v)
      if (c0 + v < ncols) dst[row * ncols + c0 + v] = x[row * ncols + c0 + v] * s;
  }
}

// A guard that does not use v is tested once; the parts of a && one by one.
__global__ void add_bias(float *y, const float *bias, int n, int rows) {
  const int row = blockIdx.y, base = threadIdx.x * 2;
#pragma tirx vectorize
  for (int v = 0; v < 2; ++v) {
    if (row < rows && base + v < n) y[row * n + base + v] += bias[base + v];
  }
}

// The else side of ?: and of an if: the guard must fail in every lane.
__global__ void pad(const float *in, float *out, int n, int base) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) out[base + v] = base + v >= n ? 0.f : in[base + v];
}

// An array that every lane reads needs no guard: its masked store stays a
// vector (in place: what a lane skips is stored back as it was read).
__global__ void clamp(float *a, int base) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v)
    if (a[base + v] < 0.f) a[base + v] = 0.f;
}

// Two arrays on the two sides of one condition: no lane runs both, so no
// test could pick the vector path. Left to '#pragma unroll'; reading both in
// every lane first (float x = a[v], y = b[v]) vectorizes.
__global__ void choose(const float *a, const float *b, float *out, int k) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) out[v] = v < k ? a[v] : b[v];
}
