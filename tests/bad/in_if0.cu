// A malformed annotation in a block the preprocessor skips.
__global__ void k(float *a) {
#if 0
#pragma tirx unrol(
  for (;;) ;
#endif
  a[0] = 0.f;
}
