// The same clause twice.
__global__ void k(float *a) { a[0] = 0.f; }
void run(float *a, cudaStream_t s) {
#pragma tirx launch stream(s) stream(0)
  k<<<1, 32>>>(a);
}
