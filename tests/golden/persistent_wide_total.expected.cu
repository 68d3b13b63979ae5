#include "tirx.h"
#line 1 "persistent_wide_total.cu"
// Where TOTAL's type reaches past int (an int64_t or unsigned count), the int tile index
// walks below it with tirx_tile_below, which traps where TOTAL is past what
// an int counts; so does one whose type depends on a template parameter (an
// instantiation may make it wide: the test is compiled only where it is).
// An int TOTAL keeps the plain condition.
#include <cstddef>
#include <cstdint>
__global__ void scale_all(float *x, int n, unsigned u, size_t z, int64_t tiles, int rows) {
for (int t = blockIdx.x; t < (n); t += gridDim.x)
  x[t] *= 2.f;
for (int t = blockIdx.x; tirx_tile_below(t, (u)); t += gridDim.x)
  x[t] *= 2.f;
for (int t = blockIdx.x; tirx_tile_below(t, (z)); t += gridDim.x)
  x[t] *= 2.f;
for (int tile = blockIdx.x; tirx_tile_below(tile, (tiles)); tile += gridDim.x)
  x[tile] *= min(128, rows - tile * 128);
  // An order numbers the tiles with int: TOTAL goes in through
  // tirx_tile_count, which traps past int as well.
for (int __tirx_pos_tile = blockIdx.x, tile = 0; __tirx_pos_tile < (tirx_tile_count((tiles))) && ((tile = tirx_tile_grouped(__tirx_pos_tile, (tirx_tile_count((tiles))), (8), (4))), true); __tirx_pos_tile += gridDim.x)
  x[tile] += 1.f;
for (int __tirx_step_tile = 0, tile = 0; (tile = tirx_tile_longest_first(__tirx_step_tile, blockIdx.x, gridDim.x, (tirx_tile_count((z))), (8), (1))) >= 0; ++__tirx_step_tile)
  x[tile] += 1.f;
}
template <class T>
__global__ void scale_any(float *x, T n) {
for (int t = blockIdx.x; tirx_tile_below(t, (n)); t += gridDim.x)
  x[t] *= 2.f;
}
template __global__ void scale_any<size_t>(float *, size_t);
template __global__ void scale_any<int>(float *, int);
template __global__ void scale_any<unsigned>(float *, unsigned);
template __global__ void scale_any<short>(float *, short);
// A count of class type that converts to long long (8 bytes of data): the
// trap's test compares with no cast to the class.
struct Count {
  long long n;
  __host__ __device__ operator long long() const { return n; }
};
template __global__ void scale_any<Count>(float *, Count);
