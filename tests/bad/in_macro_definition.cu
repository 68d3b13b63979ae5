// Annotations inside macro definitions are other directives' text: ignored,
// the file comes out byte for byte.
#define MY_UNROLL _Pragma("tirx unroll")
#define MY_LOOP(n) TIRX_UNROLL for (int i = 0; i < n; ++i)
#define MY_BAD \
  _Pragma("tirx unrol(") TIRX_GRID(i)
#define MY_SYNC tirx_cta_sync(1)
__global__ void k(float *a) {
  a[0] = 0.f;
}
