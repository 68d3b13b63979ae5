// grid(...) knows only 'persistent'.
__global__ void k(float *a) { a[0] = 0.f; }
void run(float *a) {
#pragma tirx launch grid(64)
  k<<<1, 32>>>(a);
}
