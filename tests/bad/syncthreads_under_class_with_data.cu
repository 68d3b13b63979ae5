// A condition on a call that returns a class: where the class holds data (a
// base's `int v`), its value may be the thread's own, and the __syncthreads()
// under it is reached by part of the block. Only a class that holds no data
// (CuTe's C<N>) gives the same value in every thread.
struct Base { int v; };
template <int N> struct D : Base { __host__ __device__ operator int() const { return v; } };
template <class T> __device__ D<2> rank(const T &p) { return {{(int)(size_t)p}}; }
__global__ void k(float *a) {
  float *f = a + threadIdx.x * 4;
  __shared__ float s[128];
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) s[threadIdx.x] += f[i];
  if (rank(f) == 2) __syncthreads();
}
