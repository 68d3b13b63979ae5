#line 1 "vectorize_barrier.cu"
// Left to nvcc's '#pragma unroll', each with a remark: a body that waits for
// other threads (the vectors would be loaded before the barrier, and miss
// what the neighbour writes before it), and one whose access is only in an
// unevaluated operand (sizeof reads nothing; the vector load would).
__global__ void exchange(float *scratch, const float *peer, float *out) {
  int t = threadIdx.x;
#pragma unroll
  for (int v = 0; v < 4; ++v) {
    scratch[t * 4 + v] = out[t * 4 + v];
    __syncthreads();
    out[t * 4 + v] += peer[(t ^ 1) * 4 + v];
  }
}

__global__ void sizes(float *y, const float *x) {
  int b = threadIdx.x * 4;
#pragma unroll
  for (int v = 0; v < 4; ++v) y[b + v] = (float)sizeof(x[b + v]);
}

// A shuffle trades registers only: vectorized.
__global__ void shuffled(float *y, const float *x) {
  int b = threadIdx.x * 4;
if (((unsigned long long)(const void *)&(y)[b] | (unsigned long long)(const void *)&(x)[b]) % 16 == 0 &&
      (const void *)&(y)[b] != (const void *)&(x)[b]) {
#line 25 "vectorize_barrier.cu"
    alignas(16) float __tirx_1_0[4];
#line 25 "vectorize_barrier.cu"
    alignas(16) float __tirx_1_1[4]; *(float4 *)__tirx_1_1 = *(const float4 *)&(x)[b];
#line 25 "vectorize_barrier.cu"
    { __tirx_1_0[0] = __shfl_xor_sync(0xffffffffu, __tirx_1_1[0], 1); }
#line 25 "vectorize_barrier.cu"
    { __tirx_1_0[1] = __shfl_xor_sync(0xffffffffu, __tirx_1_1[1], 1); }
#line 25 "vectorize_barrier.cu"
    { __tirx_1_0[2] = __shfl_xor_sync(0xffffffffu, __tirx_1_1[2], 1); }
#line 25 "vectorize_barrier.cu"
    { __tirx_1_0[3] = __shfl_xor_sync(0xffffffffu, __tirx_1_1[3], 1); }
#line 25 "vectorize_barrier.cu"
    *(float4 *)&(y)[b] = *(const float4 *)__tirx_1_0;
#line 25 "vectorize_barrier.cu"
  } else {
#line 25 "vectorize_barrier.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) y[b + v] = __shfl_xor_sync(0xffffffffu, x[b + v], 1); }
}
