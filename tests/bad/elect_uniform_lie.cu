__global__ void k(int *a) {
  int lane = threadIdx.x % 32;
#pragma tirx uniform(lane)
#pragma tirx elect
  atomicAdd(&a[lane], 1);
}
