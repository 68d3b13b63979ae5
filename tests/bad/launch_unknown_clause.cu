// A clause 'launch' does not have.
__global__ void k(float *a) { a[0] = 0.f; }
void run(float *a) {
#pragma tirx launch blocks(4)
  k<<<1, 32>>>(a);
}
