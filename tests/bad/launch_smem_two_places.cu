// The dynamic shared memory given in the launch and in smem(...).
__global__ void k(float *a) { a[0] = 0.f; }
void run(float *a) {
#pragma tirx launch smem(4096)
  k<<<1, 32, 1024>>>(a);
}
