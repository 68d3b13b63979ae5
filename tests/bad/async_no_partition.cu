// A region in a kernel without a partition.
__global__ void k(float *a) {
#pragma tirx async(threadIdx.x < 128)
  { a[0] = 0.f; }
}
