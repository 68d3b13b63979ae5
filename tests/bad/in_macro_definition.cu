// docs/language.md#headers-and-existing-builds: an annotation that comes out of a user macro is never silently
// dropped. `_Pragma("tirx ...")` in a #define is an error (a use of the macro
// would reach nvcc unrewritten: an `elect` would run on every thread);
// TIRX_* macros and tirx_* calls in a #define are tirx.h's to expand.
#define MY_UNROLL _Pragma("tirx unroll")
#define MY_LOOP(n) TIRX_UNROLL for (int i = 0; i < n; ++i)
#define MY_SYNC tirx_cta_sync(1)
__global__ void k(float *a) {
  a[0] = 0.f;
}
