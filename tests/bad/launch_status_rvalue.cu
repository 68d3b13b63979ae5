// A value, not a variable, in status(...): it is assigned the launch's error.
__global__ void k(float *a) {}
void run(float *a) {
#pragma tirx launch status(5)
  k<<<1, 32>>>(a);
}
