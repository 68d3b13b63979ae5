// A bound of class type that converts to an integer, as CuTe's sizes do
// (size(r) returns C<4>, whose value is its type; `n - 1` converts n first):
// clang wraps such a comparison in the temporary's cleanup, and unroll reads
// the comparison inside it and the bound's value through the conversion.
template <int N>
struct C {
  static constexpr int value = N;
  __host__ __device__ constexpr operator int() const { return N; }
};
template <class T>
__device__ constexpr C<4> size(const T &) { return {}; }
__global__ void k(float *a) {
  float r[4];
#pragma tirx unroll
  for (int i = 0; i < size(r); ++i) r[i] = a[i];
  C<3> n;
#pragma tirx unroll
  for (int i = 0; i < n - 1; ++i) a[i] = r[i];
}
