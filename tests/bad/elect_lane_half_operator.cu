// Arithmetic on a class type is an operator call (__half's operator+ from
// cuda_fp16.h), whose operands libclang lists in source order: the first
// operand, the per-lane load, is an argument like the second, not the callee.
#include <cuda_fp16.h>
#include "tirx.h"
__global__ void k(__half *out, const __half *in) {
  __half v = in[threadIdx.x];
  __half w = v + in[0];
#pragma tirx elect
  out[blockIdx.x] = w;
}
// The same sum of values every lane shares is fine.
__global__ void fine(__half *out, const __half *in) {
  __half w = in[blockIdx.x] + in[0];
#pragma tirx elect
  out[blockIdx.x] = w;
}
