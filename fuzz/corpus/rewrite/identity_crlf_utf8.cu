// CRLF, UTF-8 (café, 控制流), no newline at the end
__global__ void k(float *a) {
  a[threadIdx.x] *= 2.f;  // —
}