// A negative bound: the loop never runs; with -Werror that stops the build.
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < -5; ++i) a[0] = 0.f;
}
