// Where TOTAL's type is wider than int (an int64_t count), the int tile index
// walks below it with tirx_tile_below, which traps where TOTAL is past what
// an int counts; an int TOTAL and one whose type depends on a template
// parameter keep the plain condition.
#include <cstddef>
#include <cstdint>
__global__ void scale_all(float *x, int n, unsigned u, size_t z, int64_t tiles, int rows) {
#pragma tirx persistent(t: n)
  x[t] *= 2.f;
#pragma tirx persistent(t: u)
  x[t] *= 2.f;
#pragma tirx persistent(t: z)
  x[t] *= 2.f;
#pragma tirx persistent(tile: tiles)
  x[tile] *= min(128, rows - tile * 128);
}
template <class T>
__global__ void scale_any(float *x, T n) {
#pragma tirx persistent(t: n)
  x[t] *= 2.f;
}
template __global__ void scale_any<size_t>(float *, size_t);
