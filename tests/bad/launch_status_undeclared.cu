// An undeclared name in status(...).
__global__ void k(float *a) {}
void run(float *a) {
#pragma tirx launch status(nn)
  k<<<1, 32>>>(a);
}
