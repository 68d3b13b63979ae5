#line 1 "persistent_wide_total.cu"
// The tile index is a long long where TOTAL's type is wider than int (it
// counts past 2^31 - 1), an int otherwise and where the type depends on a
// template parameter.
#include <cstddef>
__global__ void scale_all(float *x, int n, unsigned u, size_t z, long long tiles) {
for (int t = blockIdx.x; t < (n); t += gridDim.x)
  x[t] *= 2.f;
for (int t = blockIdx.x; t < (u); t += gridDim.x)
  x[t] *= 2.f;
for (long long t = blockIdx.x; t < (z); t += gridDim.x)
  x[t] *= 2.f;
for (long long tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
  x[tile] *= 2.f;
for (long long t = blockIdx.x; t < (3000000000); t += gridDim.x)
  x[t] *= 2.f;
}
template <class T>
__global__ void scale_any(float *x, T n) {
for (int t = blockIdx.x; t < (n); t += gridDim.x)
  x[t] *= 2.f;
}
template __global__ void scale_any<size_t>(float *, size_t);
