// smem takes one byte count.
__global__ void k(float *a) { a[0] = 0.f; }
void run(float *a) {
#pragma tirx launch smem(1024, 2048)
  k<<<1, 32>>>(a);
}
