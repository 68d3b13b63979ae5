// nvcc's '#pragma unroll' above a grid: it would stand before the block
// tirx-pp writes in place of the statement, not before a loop.
__global__ void fill(float *a, int n) {
#pragma unroll 2
#pragma tirx grid(i: n)
  a[i] = 3;
}
