// A launch annotation in device code.
__global__ void k(float *a) {
#pragma tirx launch smem(1024)
  a[0] = 0.f;
}
