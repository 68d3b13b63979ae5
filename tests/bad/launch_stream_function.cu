// A function in stream(...): not a cudaStream_t.
__global__ void k(float *a) {}
void run(float *a) {
#pragma tirx launch stream(k)
  k<<<1, 32>>>(a);
}
