// Left to nvcc's '#pragma unroll', each with a remark: a body that waits for
// other threads (the vectors would be loaded before the barrier, and miss
// what the neighbour writes before it), and one whose access is only in an
// unevaluated operand (sizeof reads nothing; the vector load would).
__global__ void exchange(float *scratch, const float *peer, float *out) {
  int t = threadIdx.x;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    scratch[t * 4 + v] = out[t * 4 + v];
    __syncthreads();
    out[t * 4 + v] += peer[(t ^ 1) * 4 + v];
  }
}

__global__ void sizes(float *y, const float *x) {
  int b = threadIdx.x * 4;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) y[b + v] = (float)sizeof(x[b + v]);
}

// A shuffle trades registers only: vectorized.
__global__ void shuffled(float *y, const float *x) {
  int b = threadIdx.x * 4;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) y[b + v] = __shfl_xor_sync(0xffffffffu, x[b + v], 1);
}
