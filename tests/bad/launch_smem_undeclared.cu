// An undeclared name in smem(...): copied into the launch, nvcc would refuse it.
__global__ void k(float *a) {}
void run(float *a) {
#pragma tirx launch smem(nn)
  k<<<1, 32>>>(a);
}
