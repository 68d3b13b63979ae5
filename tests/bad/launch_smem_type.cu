// A type in smem(...): not a number of bytes.
__global__ void k(float *a) {}
void run(float *a) {
#pragma tirx launch smem(int)
  k<<<1, 32>>>(a);
}
