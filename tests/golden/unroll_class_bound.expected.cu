#line 1 "unroll_class_bound.cu"
// A bound of class type that converts to an integer, as CuTe's sizes do
// (size(r) returns C<4>, whose value is its type; `n - 1` converts n first):
// clang wraps such a comparison in the temporary's cleanup, and unroll reads
// the comparison inside it and the bound's value through the conversion. In a
// template, where that class is C<M> (or the size of a `float r[M]`), the trip
// count is known only at instantiation: the loop is left to nvcc's
// `#pragma unroll`, as for `i < M`.
template <int N>
struct C {
  static constexpr int value = N;
  __host__ __device__ constexpr operator int() const { return N; }
};
template <class T>
__device__ constexpr C<4> size(const T &) { return {}; }
__global__ void k(float *a) {
  float r[4];
{ (void)r;
  { int i = 0; r[i] = a[i]; }
#line 18 "unroll_class_bound.cu"
  { int i = 1; r[i] = a[i]; }
#line 18 "unroll_class_bound.cu"
  { int i = 2; r[i] = a[i]; }
#line 18 "unroll_class_bound.cu"
  { int i = 3; r[i] = a[i]; } }
  C<3> n;
{ (void)n;
  { int i = 0; a[i] = r[i]; }
#line 21 "unroll_class_bound.cu"
  { int i = 1; a[i] = r[i]; } }
}
template <int M>
__global__ void k_any(const float *a, float *b) {
  float r[M];
#pragma unroll
  for (int i = 0; i < size(r); ++i) r[i] = a[i];
  C<M> m;
#pragma unroll
  for (int i = 0; i < m; ++i) b[i] = r[i];
}
template __global__ void k_any<3>(const float *, float *);
