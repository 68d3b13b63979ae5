#line 1 "unroll_scaled.cu"
// unroll on the halving and doubling loops of reductions and scans
// (i *= C, i /= C, i <<= C, i >>= C); found in the adoption trial 2
// (cuda-samples scalarProd, llm.c softmax_forward).
#include "tirx.h"
__global__ void k(float *a, unsigned *b) {
  float v = a[threadIdx.x];
{
  { int offset = 16; v += __shfl_down_sync(0xffffffff, v, offset); }
#line 8 "unroll_scaled.cu"
  { int offset = 8; v += __shfl_down_sync(0xffffffff, v, offset); }
#line 8 "unroll_scaled.cu"
  { int offset = 4; v += __shfl_down_sync(0xffffffff, v, offset); }
#line 8 "unroll_scaled.cu"
  { int offset = 2; v += __shfl_down_sync(0xffffffff, v, offset); }
#line 8 "unroll_scaled.cu"
  { int offset = 1; v += __shfl_down_sync(0xffffffff, v, offset); } }
{
  { int s = 512; a[s] = v; }
#line 10 "unroll_scaled.cu"
  { int s = 256; a[s] = v; }
#line 10 "unroll_scaled.cu"
  { int s = 128; a[s] = v; }
#line 10 "unroll_scaled.cu"
  { int s = 64; a[s] = v; }
#line 10 "unroll_scaled.cu"
  { int s = 32; a[s] = v; }
#line 10 "unroll_scaled.cu"
  { int s = 16; a[s] = v; }
#line 10 "unroll_scaled.cu"
  { int s = 8; a[s] = v; }
#line 10 "unroll_scaled.cu"
  { int s = 4; a[s] = v; }
#line 10 "unroll_scaled.cu"
  { int s = 2; a[s] = v; }
#line 10 "unroll_scaled.cu"
  { int s = 1; a[s] = v; } }
{
  { unsigned int m = 1; b[m] = m; }
#line 12 "unroll_scaled.cu"
  { unsigned int m = 2; b[m] = m; }
#line 12 "unroll_scaled.cu"
  { unsigned int m = 4; b[m] = m; }
#line 12 "unroll_scaled.cu"
  { unsigned int m = 8; b[m] = m; }
#line 12 "unroll_scaled.cu"
  { unsigned int m = 16; b[m] = m; } }
{
  { int w = 1; a[w] += v; }
#line 14 "unroll_scaled.cu"
  { int w = 2; a[w] += v; }
#line 14 "unroll_scaled.cu"
  { int w = 4; a[w] += v; }
#line 14 "unroll_scaled.cu"
  { int w = 8; a[w] += v; } }
{
  { int i = -7; a[8 + i] = v; }
#line 16 "unroll_scaled.cu"
  { int i = -3; a[8 + i] = v; }
#line 16 "unroll_scaled.cu"
  { int i = -1; a[8 + i] = v; } }
  unsigned char c;
{
  { c = 3; b[c] = c; }
#line 19 "unroll_scaled.cu"
  { c = 48; b[c] = c; } c = 0; }
  b[0] = c;
  a[threadIdx.x] = v;
}
