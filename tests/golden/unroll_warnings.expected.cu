#line 1 "unroll_warnings.cu"
// Unrolled loops add no nvcc warning the loop did not have: cuda-samples'
// convolution (a negative start, indices added to threadIdx.x), unsigned,
// size_t and 8-bit indices, a shift by the index. nvcc_warnings.sh compares.
#include <cstddef>
#include "tirx.h"
#define KERNEL_RADIUS 8
__global__ void convolution_rows(const float *in, const float *kernel, float *out) {
  float sum = 0;
{
  { int j = -8; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = -7; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = -6; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = -5; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = -4; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = -3; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = -2; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = -1; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = 0; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = 1; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = 2; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = 3; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = 4; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = 5; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = 6; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = 7; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; }
#line 10 "unroll_warnings.cu"
  { int j = 8; 
#line 11 "unroll_warnings.cu"
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j]; } }
  out[threadIdx.x] = sum;
}

__global__ void indices(const float *in, float *out, unsigned base) {
  float s = 0;
{
  { unsigned int u = 4294967294u; s += in[base + u]; }
#line 18 "unroll_warnings.cu"
  { unsigned int u = 4294967295u; s += in[base + u]; }
#line 18 "unroll_warnings.cu"
  { unsigned int u = 0; s += in[base + u]; }
#line 18 "unroll_warnings.cu"
  { unsigned int u = 1; s += in[base + u]; } }
  {
#line 19 "unroll_warnings.cu"
  { size_t z = 0; s += in[threadIdx.x - z]; }
#line 19 "unroll_warnings.cu"
  { size_t z = 1; s += in[threadIdx.x - z]; }
#line 19 "unroll_warnings.cu"
  { size_t z = 2; s += in[threadIdx.x - z]; } }
{
  { unsigned char c = 254; s += in[c]; }
#line 21 "unroll_warnings.cu"
  { unsigned char c = 255; s += in[c]; }
#line 21 "unroll_warnings.cu"
  { unsigned char c = 0; s += in[c]; } }
{
  { int b = 0; s += (float)(threadIdx.x << (b * 8 - 8) >> 8); }
#line 23 "unroll_warnings.cu"
  { int b = 1; s += (float)(threadIdx.x << (b * 8 - 8) >> 8); }
#line 23 "unroll_warnings.cu"
  { int b = 2; s += (float)(threadIdx.x << (b * 8 - 8) >> 8); }
#line 23 "unroll_warnings.cu"
  { int b = 3; s += (float)(threadIdx.x << (b * 8 - 8) >> 8); } }
  {
  { int i = 0; int k = 0; s += in[threadIdx.x + i - k]; }
#line 25 "unroll_warnings.cu"
  { int i = 0; int k = 1; s += in[threadIdx.x + i - k]; }
#line 25 "unroll_warnings.cu"
  { int i = 0; int k = 2; s += in[threadIdx.x + i - k]; }
#line 25 "unroll_warnings.cu"
  { int i = 1; int k = 0; s += in[threadIdx.x + i - k]; }
#line 25 "unroll_warnings.cu"
  { int i = 1; int k = 1; s += in[threadIdx.x + i - k]; }
#line 25 "unroll_warnings.cu"
  { int i = 1; int k = 2; s += in[threadIdx.x + i - k]; } }
  out[threadIdx.x] = s;
}
