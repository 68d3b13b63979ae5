// nvcc's `#pragma unroll` with a comment between it and the grid: nvcc
// applies it to the next statement whatever comments stand between, so it
// would stand before the block tirx-pp writes, not before a loop. An error,
// as without the comment.
__global__ void fill(float *a, int n) {
#pragma unroll 2
  // the columns
#pragma tirx grid(i: n)
  a[i] = 3;
}
