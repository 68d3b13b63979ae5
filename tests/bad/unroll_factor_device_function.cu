// A device function as the unroll factor: not an integer.
__device__ int f();
__global__ void k(float *a) {
#pragma tirx unroll(f)
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}
