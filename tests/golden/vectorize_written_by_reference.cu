// Elements written other than by '=' or '++': bound to a reference to
// non-const (a helper's parameter, a local reference, an aggregate's
// reference member, a lambda's parameter), through '?:', or as an asm
// output. Each array is loaded and, as it may be written, stored back after
// the lanes: before, only the load was made and the writes stayed in the
// vector copies (a compare-exchange step left both arrays as they were).
#include "tirx.h"
__device__ void cswap(float &a, float &b) {
  if (a > b) {
    float t = a;
    a = b;
    b = t;
  }
}
struct Slot {
  float &r;
};
__device__ void triple(Slot s) { s.r *= 3.f; }

__global__ void exchange(float *lo, float *hi, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (base + 4 > n) return;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) cswap(lo[base + v], hi[base + v]);
}

__global__ void bind(float *y, float *z, const float *x, bool c) {
  int b = threadIdx.x * 4;
  float t = 0.f;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    float &r = y[b + v];
    r = x[b + v] + 1.f;
    (c ? z[b + v] : t) = x[b + v];
  }
  y[0] += t;
}

__global__ void aggregate_and_lambda(float *y, float *w) {
  int b = threadIdx.x * 4;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    triple(Slot{y[b + v]});
    [](float &a) { a *= 2.f; }(w[b + v]);
  }
}

__global__ void exp2_asm(float *y, const float *x) {
  int b = threadIdx.x * 4;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) asm("ex2.approx.f32 %0, %1;" : "=f"(y[b + v]) : "f"(x[b + v]));
}

// An aggregate of values copies the element: 'y' is only read, and not stored.
struct Pair {
  float a, b;
};
__device__ float sum(Pair p) { return p.a + p.b; }
__global__ void aggregate_of_values(float *o, float *y, float *z) {
  int b = threadIdx.x * 4;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) o[b + v] = sum(Pair{y[b + v], z[b + v]});
}
