// Two partitions in one annotation.
__global__ void k(float *a) {
#pragma tirx warps(w: 2, v: 3)
  a[0] = 0.f;
}
