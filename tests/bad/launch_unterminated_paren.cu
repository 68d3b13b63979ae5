// 'launch' with an unbalanced clause.
__global__ void k(float *a) { a[0] = 0.f; }
void host(float *a) {
#pragma tirx launch grid(persistent
  k<<<1, 128>>>(a);
}
