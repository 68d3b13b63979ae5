#include <cuda_runtime.h>
#define K(name, op) __global__ void name(float *a, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] = op; }
K(k0, a[i] + 0) K(k1, a[i] * 1) K(k2, a[i] - 2) K(k3, a[i] / 3)
template <class F> __global__ void apply(float *a, int n, F f) { int i = threadIdx.x; if (i < n) a[i] = f(a[i]); }
struct Twice { __device__ float operator()(float x) const { return 2 * x; } };
void launch(float *a, int n) { apply<<<1, 256>>>(a, n, Twice{}); k0<<<1, 256>>>(a, n); }
