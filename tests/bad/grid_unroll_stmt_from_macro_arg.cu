#define ID(x) x
__global__ void k(float *a) {
#pragma tirx grid(i: 4)
  ID(a[i] = 0.f);
}
