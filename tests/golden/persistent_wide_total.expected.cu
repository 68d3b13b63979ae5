#include "tirx.h"
#line 1 "persistent_wide_total.cu"
// Where TOTAL's type is wider than int (an int64_t count), the int tile index
// walks below it with tirx_tile_below, which traps where TOTAL is past what
// an int counts; an int TOTAL and one whose type depends on a template
// parameter keep the plain condition.
#include <cstddef>
#include <cstdint>
__global__ void scale_all(float *x, int n, unsigned u, size_t z, int64_t tiles, int rows) {
for (int t = blockIdx.x; t < (n); t += gridDim.x)
  x[t] *= 2.f;
for (int t = blockIdx.x; t < (u); t += gridDim.x)
  x[t] *= 2.f;
for (int t = blockIdx.x; tirx_tile_below(t, (z)); t += gridDim.x)
  x[t] *= 2.f;
for (int tile = blockIdx.x; tirx_tile_below(tile, (tiles)); tile += gridDim.x)
  x[tile] *= min(128, rows - tile * 128);
}
template <class T>
__global__ void scale_any(float *x, T n) {
for (int t = blockIdx.x; t < (n); t += gridDim.x)
  x[t] *= 2.f;
}
template __global__ void scale_any<size_t>(float *, size_t);
