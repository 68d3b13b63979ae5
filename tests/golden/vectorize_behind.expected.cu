#line 1 "vectorize_behind.cu"
// vectorize holds each array's vector in registers from before the body to
// after it. Memory the body reaches another way does not see them: an
// element read or written at an index without 'v' (`D[b]`) through another
// pointer, and a vectorized array's pointer passed on. Where that memory may
// lie in a vector the loop writes (or the access writes into one it reads),
// the vector path would differ from the loop.
#include "tirx.h"

// D may point into A (any two pointers may): the run-time test also checks
// that D[b] lies outside A's vector, and the loop runs where it does not.
__global__ void other_read(float *A, const float *D, int b, float *out) {
  float s = 0.f;
if (((unsigned long long)(const void *)&(A)[0]) % 16 == 0 &&
      ((unsigned long long)&((D)[b]) + sizeof((D)[b]) <= (unsigned long long)(const void *)&(A)[0] || (unsigned long long)(const void *)&(A)[0] + 16 <= (unsigned long long)&((D)[b]))) {
#line 14 "vectorize_behind.cu"
    alignas(16) float __tirx_1_0[4]; *(float4 *)__tirx_1_0 = *(const float4 *)&(A)[0];
#line 14 "vectorize_behind.cu"
    { {
    __tirx_1_0[0] = 2.f * __tirx_1_0[0];
    s += D[b];
  } }
#line 14 "vectorize_behind.cu"
    { {
    __tirx_1_0[1] = 2.f * __tirx_1_0[1];
    s += D[b];
  } }
#line 14 "vectorize_behind.cu"
    { {
    __tirx_1_0[2] = 2.f * __tirx_1_0[2];
    s += D[b];
  } }
#line 14 "vectorize_behind.cu"
    { {
    __tirx_1_0[3] = 2.f * __tirx_1_0[3];
    s += D[b];
  } }
#line 14 "vectorize_behind.cu"
    *(float4 *)&(A)[0] = *(const float4 *)__tirx_1_0;
#line 14 "vectorize_behind.cu"
  } else {
#line 14 "vectorize_behind.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) {
    A[v] = 2.f * A[v];
    s += D[b];
  } }
  out[0] = s;
}

// D[b], written in each lane, may lie in the vector of A (read) or of B.
__global__ void other_written(const float *A, float *B, float *D, int b) {
if (((unsigned long long)(const void *)&(B)[0] | (unsigned long long)(const void *)&(A)[0]) % 16 == 0 &&
      (const void *)&(B)[0] != (const void *)&(A)[0] &&
      ((unsigned long long)&((D)[b]) + sizeof((D)[b]) <= (unsigned long long)(const void *)&(B)[0] || (unsigned long long)(const void *)&(B)[0] + 16 <= (unsigned long long)&((D)[b])) &&
      ((unsigned long long)&((D)[b]) + sizeof((D)[b]) <= (unsigned long long)(const void *)&(A)[0] || (unsigned long long)(const void *)&(A)[0] + 16 <= (unsigned long long)&((D)[b]))) {
#line 24 "vectorize_behind.cu"
    alignas(16) float __tirx_2_0[4]; *(float4 *)__tirx_2_0 = *(const float4 *)&(B)[0];
#line 24 "vectorize_behind.cu"
    alignas(16) float __tirx_2_1[4]; *(float4 *)__tirx_2_1 = *(const float4 *)&(A)[0];
#line 24 "vectorize_behind.cu"
    { {
    __tirx_2_0[0] = __tirx_2_1[0];
    D[b] = __tirx_2_0[0];
  } }
#line 24 "vectorize_behind.cu"
    { {
    __tirx_2_0[1] = __tirx_2_1[1];
    D[b] = __tirx_2_0[1];
  } }
#line 24 "vectorize_behind.cu"
    { {
    __tirx_2_0[2] = __tirx_2_1[2];
    D[b] = __tirx_2_0[2];
  } }
#line 24 "vectorize_behind.cu"
    { {
    __tirx_2_0[3] = __tirx_2_1[3];
    D[b] = __tirx_2_0[3];
  } }
#line 24 "vectorize_behind.cu"
    *(float4 *)&(B)[0] = *(const float4 *)__tirx_2_0;
#line 24 "vectorize_behind.cu"
  } else {
#line 24 "vectorize_behind.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) {
    B[v] = A[v];
    D[b] = B[v];
  } }
}

// __restrict__ promises D does not reach A: no test.
__global__ void restricted(float *__restrict__ A, const float *__restrict__ D, int b) {
if (((unsigned long long)(const void *)&(A)[0]) % 16 == 0) {
    alignas(16) float __tirx_3_0[4]; *(float4 *)__tirx_3_0 = *(const float4 *)&(A)[0];
#line 33 "vectorize_behind.cu"
    { __tirx_3_0[0] += D[b]; }
#line 33 "vectorize_behind.cu"
    { __tirx_3_0[1] += D[b]; }
#line 33 "vectorize_behind.cu"
    { __tirx_3_0[2] += D[b]; }
#line 33 "vectorize_behind.cu"
    { __tirx_3_0[3] += D[b]; }
#line 33 "vectorize_behind.cu"
    *(float4 *)&(A)[0] = *(const float4 *)__tirx_3_0;
#line 33 "vectorize_behind.cu"
  } else {
#line 33 "vectorize_behind.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) A[v] += D[b]; }
}

// Left to '#pragma unroll': a helper reads through a pointer to const
// while the loop writes B, which the pointer may reach (B = A + 4 passes the
// vectors' test, and a helper summing A[0..7] would see B[0] as lane 0 left
// it in the loop, as it was before the loop in the vector path).
__device__ float first(const float *p) { return p[0]; }
__global__ void reads_through_const(const float *A, float *B) {
#pragma unroll
  for (int v = 0; v < 4; ++v) B[v] = A[v] + first(A);
}

// __restrict__ on both: A's pointer reaches nothing B holds. Vectorized.
__global__ void reads_through_restrict(const float *__restrict__ A, float *__restrict__ B) {
if (((unsigned long long)(const void *)&(B)[0] | (unsigned long long)(const void *)&(A)[0]) % 16 == 0) {
    alignas(16) float __tirx_4_0[4];
#line 49 "vectorize_behind.cu"
    alignas(16) float __tirx_4_1[4]; *(float4 *)__tirx_4_1 = *(const float4 *)&(A)[0];
#line 49 "vectorize_behind.cu"
    { __tirx_4_0[0] = __tirx_4_1[0] + first(A); }
#line 49 "vectorize_behind.cu"
    { __tirx_4_0[1] = __tirx_4_1[1] + first(A); }
#line 49 "vectorize_behind.cu"
    { __tirx_4_0[2] = __tirx_4_1[2] + first(A); }
#line 49 "vectorize_behind.cu"
    { __tirx_4_0[3] = __tirx_4_1[3] + first(A); }
#line 49 "vectorize_behind.cu"
    *(float4 *)&(B)[0] = *(const float4 *)__tirx_4_0;
#line 49 "vectorize_behind.cu"
  } else {
#line 49 "vectorize_behind.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) B[v] = A[v] + first(A); }
}

// Left to '#pragma unroll': the offset reads memory that the body writes
// (the loop stores each lane at the offset the lane before left).
__global__ void offset_in_memory(float *y, const float *x, int *pos) {
#pragma unroll
  for (int v = 0; v < 4; ++v) {
    y[pos[0] + v] = x[v];
    pos[0] += 1;
  }
}

// Left to '#pragma unroll': a volatile element stays one access per lane.
__global__ void volatile_flags(volatile float *flag, const float *x, int b) {
#pragma unroll
  for (int v = 0; v < 4; ++v) flag[b + v] = x[b + v];
}

// Left to '#pragma unroll': the helper writes A's memory while its vector
// is in registers (the loop reads A[1] after the helper cleared A[0];
// the vector path would have read A[0..3] before).
__device__ void clear(float *p) { p[0] = 0.f; }
__global__ void call_writes(float *A, float *B) {
#pragma unroll
  for (int v = 0; v < 4; ++v) {
    B[v] = A[v];
    clear(A);
  }
}

// Left to '#pragma unroll': the element's address cannot be computed before
// the loop (its index is read from memory; b changes in the body).
__global__ void index_from_memory(float *A, const float *D, const int *ix) {
#pragma unroll
  for (int v = 0; v < 4; ++v) A[v] += D[ix[0]];
}
__global__ void index_changes(float *A, const float *D, int b) {
#pragma unroll
  for (int v = 0; v < 4; ++v) {
    A[v] += D[b];
    b += 7;
  }
}

// Left to '#pragma unroll': the offset is a local whose address the
// function gave away, and the body changes it through the pointer.
__global__ void offset_by_pointer(float *y, const float *x, int b) {
  int *pb = &b;
#pragma unroll
  for (int v = 0; v < 4; ++v) {
    y[b + v] = x[v];
    *pb += 1;
  }
}

// Left to '#pragma unroll': a store intrinsic writes through a pointer that
// may reach x (o = x + 1: each lane reads what the lane before stored).
__global__ void store_through_call(float *o, const float *x, int b) {
#pragma unroll
  for (int v = 0; v < 4; ++v) __stcs(o + b + v, 2.f * x[b + v]);
}

// A store through a pointer that is not an access 'p[...]' (q may point
// into A, which lane 1 then reads, or into B): vectorized, q tested apart
// from both vectors; a read through a pointer (s->scale) tested apart from
// the written vector.
struct Params { float scale; int shift : 4; };
__global__ void store_through_pointer(float *A, float *B, float *q) {
if (((unsigned long long)(const void *)&(B)[0] | (unsigned long long)(const void *)&(A)[0]) % 16 == 0 &&
      (const void *)&(B)[0] != (const void *)&(A)[0] &&
      ((unsigned long long)&(*q) + sizeof(*q) <= (unsigned long long)(const void *)&(B)[0] || (unsigned long long)(const void *)&(B)[0] + 16 <= (unsigned long long)&(*q)) &&
      ((unsigned long long)&(*q) + sizeof(*q) <= (unsigned long long)(const void *)&(A)[0] || (unsigned long long)(const void *)&(A)[0] + 16 <= (unsigned long long)&(*q))) {
#line 119 "vectorize_behind.cu"
    alignas(16) float __tirx_5_0[4];
#line 119 "vectorize_behind.cu"
    alignas(16) float __tirx_5_1[4]; *(float4 *)__tirx_5_1 = *(const float4 *)&(A)[0];
#line 119 "vectorize_behind.cu"
    { {
    __tirx_5_0[0] = __tirx_5_1[0];
    *q = 0.f;
  } }
#line 119 "vectorize_behind.cu"
    { {
    __tirx_5_0[1] = __tirx_5_1[1];
    *q = 0.f;
  } }
#line 119 "vectorize_behind.cu"
    { {
    __tirx_5_0[2] = __tirx_5_1[2];
    *q = 0.f;
  } }
#line 119 "vectorize_behind.cu"
    { {
    __tirx_5_0[3] = __tirx_5_1[3];
    *q = 0.f;
  } }
#line 119 "vectorize_behind.cu"
    *(float4 *)&(B)[0] = *(const float4 *)__tirx_5_0;
#line 119 "vectorize_behind.cu"
  } else {
#line 119 "vectorize_behind.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) {
    B[v] = A[v];
    *q = 0.f;
  } }
}
__global__ void read_through_pointer(const float *A, float *B, const Params *s, int b) {
if (((unsigned long long)(const void *)&(B)[b] | (unsigned long long)(const void *)&(A)[b]) % 16 == 0 &&
      (const void *)&(B)[b] != (const void *)&(A)[b] &&
      ((unsigned long long)&(s->scale) + sizeof(s->scale) <= (unsigned long long)(const void *)&(B)[b] || (unsigned long long)(const void *)&(B)[b] + 16 <= (unsigned long long)&(s->scale))) {
#line 126 "vectorize_behind.cu"
    alignas(16) float __tirx_6_0[4];
#line 126 "vectorize_behind.cu"
    alignas(16) float __tirx_6_1[4]; *(float4 *)__tirx_6_1 = *(const float4 *)&(A)[b];
#line 126 "vectorize_behind.cu"
    { __tirx_6_0[0] = __tirx_6_1[0] * s->scale + s->scale; }
#line 126 "vectorize_behind.cu"
    { __tirx_6_0[1] = __tirx_6_1[1] * s->scale + s->scale; }
#line 126 "vectorize_behind.cu"
    { __tirx_6_0[2] = __tirx_6_1[2] * s->scale + s->scale; }
#line 126 "vectorize_behind.cu"
    { __tirx_6_0[3] = __tirx_6_1[3] * s->scale + s->scale; }
#line 126 "vectorize_behind.cu"
    *(float4 *)&(B)[b] = *(const float4 *)__tirx_6_0;
#line 126 "vectorize_behind.cu"
  } else {
#line 126 "vectorize_behind.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) B[b + v] = A[b + v] * s->scale + s->scale; }
}

// Left to '#pragma unroll': the pointer moves in the body (each lane reads
// another element), or the member is a bit-field (it has no address to test).
__global__ void moving_pointer(const float *A, float *B, const Params *s, int b) {
#pragma unroll
  for (int v = 0; v < 4; ++v) {
    B[b + v] = A[b + v] * s->scale;
    s++;
  }
}
__global__ void bit_field(const float *A, float *B, const Params *s, int b) {
#pragma unroll
  for (int v = 0; v < 4; ++v) B[b + v] = A[b + v] * s->shift;
}

// A reference parameter reaches what its argument names: D[b] written
// through inc() may lie in A's vector (left to '#pragma unroll'); a local
// is only itself (vectorized); a const reference to D[b] reads the element
// that the run-time test keeps out of B's vector (vectorized, tested).
__device__ void inc(float &r) { r += 1.f; }
__device__ float get(const float &r) { return r; }
__global__ void by_reference(float *A, float *B, float *D, int b) {
#pragma unroll
  for (int v = 0; v < 4; ++v) {
    B[v] = A[v];
    inc(D[b]);
  }
if (((unsigned long long)(const void *)&(A)[0] | (unsigned long long)(const void *)&(B)[0]) % 16 == 0 &&
      (const void *)&(A)[0] != (const void *)&(B)[0]) {
#line 156 "vectorize_behind.cu"
    alignas(16) float __tirx_7_0[4]; *(float4 *)__tirx_7_0 = *(const float4 *)&(A)[0];
#line 156 "vectorize_behind.cu"
    alignas(16) float __tirx_7_1[4];
#line 156 "vectorize_behind.cu"
    { {
    float t = __tirx_7_0[0];
    inc(t);
    __tirx_7_1[0] = t;
  } }
#line 156 "vectorize_behind.cu"
    { {
    float t = __tirx_7_0[1];
    inc(t);
    __tirx_7_1[1] = t;
  } }
#line 156 "vectorize_behind.cu"
    { {
    float t = __tirx_7_0[2];
    inc(t);
    __tirx_7_1[2] = t;
  } }
#line 156 "vectorize_behind.cu"
    { {
    float t = __tirx_7_0[3];
    inc(t);
    __tirx_7_1[3] = t;
  } }
#line 156 "vectorize_behind.cu"
    *(float4 *)&(B)[0] = *(const float4 *)__tirx_7_1;
#line 156 "vectorize_behind.cu"
  } else {
#line 156 "vectorize_behind.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) {
    float t = A[v];
    inc(t);
    B[v] = t;
  } }
if (((unsigned long long)(const void *)&(B)[0] | (unsigned long long)(const void *)&(A)[0]) % 16 == 0 &&
      (const void *)&(B)[0] != (const void *)&(A)[0] &&
      ((unsigned long long)&((D)[b]) + sizeof((D)[b]) <= (unsigned long long)(const void *)&(B)[0] || (unsigned long long)(const void *)&(B)[0] + 16 <= (unsigned long long)&((D)[b]))) {
#line 162 "vectorize_behind.cu"
    alignas(16) float __tirx_8_0[4];
#line 162 "vectorize_behind.cu"
    alignas(16) float __tirx_8_1[4]; *(float4 *)__tirx_8_1 = *(const float4 *)&(A)[0];
#line 162 "vectorize_behind.cu"
    { __tirx_8_0[0] = __tirx_8_1[0] + get(D[b]); }
#line 162 "vectorize_behind.cu"
    { __tirx_8_0[1] = __tirx_8_1[1] + get(D[b]); }
#line 162 "vectorize_behind.cu"
    { __tirx_8_0[2] = __tirx_8_1[2] + get(D[b]); }
#line 162 "vectorize_behind.cu"
    { __tirx_8_0[3] = __tirx_8_1[3] + get(D[b]); }
#line 162 "vectorize_behind.cu"
    *(float4 *)&(B)[0] = *(const float4 *)__tirx_8_0;
#line 162 "vectorize_behind.cu"
  } else {
#line 162 "vectorize_behind.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) B[v] = A[v] + get(D[b]); }
}

// Left to '#pragma unroll': the base changes other than by its name, through
// a reference made before the loop or a lambda that assigns it, in a body
// that writes memory (the loop reads b anew in every lane).
__global__ void base_by_reference(const float *x, float *y, int b) {
  int &rb = b;
#pragma unroll
  for (int v = 0; v < 4; ++v) {
    y[b + v] = x[b + v];
    rb++;
  }
}
__global__ void base_by_lambda(const float *x, float *y, int b) {
  auto advance = [&] { b++; };
#pragma unroll
  for (int v = 0; v < 4; ++v) {
    y[b + v] = x[b + v];
    advance();
  }
}
