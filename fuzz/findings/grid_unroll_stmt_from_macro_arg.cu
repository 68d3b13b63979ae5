#define ID(x) x
__global__ void k(float *a) {
#pragma tirx grid(i: 4)
  ID(a[i] = 0.f);
#pragma tirx elect
  ID(a[0] = 1.f);
#pragma tirx grid(j: 2) unroll
  ID(a[j] += 2.f);
}
