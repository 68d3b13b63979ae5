// vectorize reads every vector before the body and writes them after it; the
// loop reads and writes one element at a time. Where two arrays overlap and
// one of them is written, the two differ, so the run-time test that picks the
// vector path also tests that such vectors are apart (the scalar loop runs
// where they are not).
#include <cuda_fp16.h>
#include "tirx.h"

// dst = src + 4 (a shift within one 32-byte vector): the loop reads elements
// it wrote four lanes before.
__global__ void shift8(const float *src, float *dst) {
#pragma tirx vectorize
  for (int v = 0; v < 8; ++v) dst[v] = src[v] * 2.f;
}

// p == q: each lane adds 1 to the 1 it just stored.
__global__ void two_writes(float *p, float *q) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    p[v] = 1.f;
    q[v] += 1.f;
  }
}

// in == out: `in` goes to a call by reference, so it is stored back too.
__device__ __half twice(__half &h) { return __hadd(h, h); }
__global__ void half_call(__half *in, __half *out, int b) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) out[b + v] = twice(in[b + v]);
}

// One array in place: each lane reads and writes its own element; no test.
// Local arrays used only element by element (r, s) are out of any pointer's
// reach: no test (taking their addresses would also keep them out of
// registers). t is passed on whole, so a pointer may reach it: tested.
__device__ void use(float *q) { q[0] = 0.f; }
__global__ void in_place(float *p, int b) {
  float r[4], s[4], t[4];
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) p[b + v] = p[b + v] * 2.f;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) r[v] = s[v] = p[b + v];
  p[b] = r[0] + s[3];
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) t[v] = p[b + v];
  use(t);
}

// An array the loop writes, read again at a fixed index: the scalar loop reads
// what lane 0 wrote. Left to '#pragma unroll'.
__global__ void running(float *y) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) y[v] += y[0];
}
