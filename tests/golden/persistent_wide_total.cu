// The tile index is a long long where TOTAL's type is wider than int (it
// counts past 2^31 - 1), an int otherwise and where the type depends on a
// template parameter.
#include <cstddef>
__global__ void scale_all(float *x, int n, unsigned u, size_t z, long long tiles) {
#pragma tirx persistent(t: n)
  x[t] *= 2.f;
#pragma tirx persistent(t: u)
  x[t] *= 2.f;
#pragma tirx persistent(t: z)
  x[t] *= 2.f;
#pragma tirx persistent(tile: tiles)
  x[tile] *= 2.f;
#pragma tirx persistent(t: 3000000000)
  x[t] *= 2.f;
}
template <class T>
__global__ void scale_any(float *x, T n) {
#pragma tirx persistent(t: n)
  x[t] *= 2.f;
}
template __global__ void scale_any<size_t>(float *, size_t);
