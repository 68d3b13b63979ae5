// nvcc's '#pragma unroll' kept above a loop given to vectorize: it would
// stand before the run-time test tirx-pp writes there, not before a loop.
__global__ void copy4(float *a, const float *b) {
#pragma unroll 1
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) a[v] = b[v];
}
