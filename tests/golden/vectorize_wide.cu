// vectorize over 8 floats per thread (two float4), 8 __nv_bfloat16 (one
// 16-byte vector, what __nv_bfloat162 pairs make) and 4 __half (8 bytes).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include "tirx.h"
__global__ void scale8(const float *in, float *out, float s) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
#pragma tirx vectorize
  for (int v = 0; v < 8; ++v) out[base + v] = in[base + v] * s;
}

__global__ void relu_bf16(const __nv_bfloat16 *in, __nv_bfloat16 *out) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
  TIRX_VECTORIZE for (int v = 0; v < 8; ++v) {
    float x = __bfloat162float(in[base + v]);
    out[base + v] = __float2bfloat16(x > 0.f ? x : 0.f);
  }
}

__global__ void add_half(const __half *a, const __half *b, __half *c) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) c[base + v] = __hadd(a[base + v], b[base + v]);
}
