// An undeclared name in stream(...).
__global__ void k(float *a) {}
void run(float *a) {
#pragma tirx launch stream(nn)
  k<<<1, 32>>>(a);
}
