// vectorize in a constexpr function: the vector path (uninitialized arrays,
// loads through pointer casts) cannot be in one, so the loop is left to nvcc's
// unrolling and the remark says why; the same loop in a plain function is vectorized.
__host__ __device__ constexpr void scale4(float *y, const float *x, float s) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) y[v] = x[v] * s;
}
__device__ void scale4_plain(float *__restrict__ y, const float *__restrict__ x, float s) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) y[v] = x[v] * s;
}
__global__ void k(float *y, const float *x) {
  scale4(y, x, 2.f);
  scale4_plain(y + 4, x + 4, 2.f);
}
