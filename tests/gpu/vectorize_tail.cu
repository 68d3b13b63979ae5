// vectorize_tail.cu - `#pragma tirx vectorize` on a GPU where the vector loop
// could differ from the scalar loop (docs/vectorize.md), each result checked
// against the scalar loop run on the CPU:
//   1. the tail guard of ggml's norm kernels, `if (c0 + v < ncols) dst[...] =
//      x[...] * s`, over rows of ncols floats whose last row ends exactly at
//      the end of its allocation: a vector past the row's end would write the
//      next row's first elements (racing with its block) or past the
//      allocation (compute-sanitizer memcheck reports it);
//   2. arrays that overlap: dst = src + 4 in 32-byte vectors (the loop reads
//      what it wrote four lanes before), p == q written twice in a lane, and
//      the same pointer read and written in place (the vector path is right),
//      and an element read through another pointer at an index without v
//      (D[at]) or through a pointer (*q), in the vector the loop writes and
//      apart from it.
// tirx-pp: required
//
//   tirx-pp -I headers -I examples tests/gpu/vectorize_tail.cu -o vt.cu
//   nvcc -std=c++17 -I headers -I examples -gencode=arch=compute_90a,code=sm_90a vt.cu -o vectorize_tail
//   ./vectorize_tail         last line `vectorize_tail: PASS` (exit 0), or FAIL (exit 1); 77 without a GPU
#include "tirx.h"

#define EXAMPLE "vectorize_tail"
#define EXAMPLE_ARGS ""
#include "harness.h"  // skip_without_device, CUDA_CHECK

// One block per row; four columns per thread, the row's end guarded.
__global__ void scale_rows(const float* x, float* dst, int ncols, float s) {
  const int row = blockIdx.x;
  for (int c0 = threadIdx.x * 4; c0 < ncols; c0 += blockDim.x * 4) {
#pragma tirx vectorize
    for (int v = 0; v < 4; ++v)
      if (c0 + v < ncols) dst[row * ncols + c0 + v] = x[row * ncols + c0 + v] * s;
  }
}

// Thread t works on buf[16t, 16t + 16): dst = src + shift there.
__global__ void shift8(float* buf, int shift) {
  const float* src = buf + 16 * threadIdx.x;
  float* dst = buf + 16 * threadIdx.x + shift;
#pragma tirx vectorize
  for (int v = 0; v < 8; ++v) dst[v] = src[v] * 2.f + 1.f;
}

__global__ void two_writes(float* p, float* q) {
  const int b = 4 * threadIdx.x;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    p[b + v] = 1.f + v;
    q[b + v] += 10.f;
  }
}

__global__ void in_place(float* p) {
  const int b = 4 * threadIdx.x;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) p[b + v] = p[b + v] * 3.f - v;
}

// Thread t doubles buf[8t, 8t + 4) and sums buf[8t + at] four times, one
// read per lane: where `at` lies in the vector, lanes 2 and 3 read the
// element lane 2 doubled.
__global__ void other_read(float* buf, int at, float* out) {
  float* A = buf + 8 * threadIdx.x;
  const float* D = buf + 8 * threadIdx.x;
  float s = 0.f;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    A[v] = 2.f * A[v];
    s += D[at];
  }
  out[threadIdx.x] = s;
}

// The same read through a pointer (`*q`, q = buf + 8t + at), tested as D[at] is.
__global__ void pointer_read(float* buf, int at, float* out) {
  float* A = buf + 8 * threadIdx.x;
  const float* q = buf + 8 * threadIdx.x + at;
  float s = 0.f;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    A[v] = 2.f * A[v];
    s += *q;
  }
  out[threadIdx.x] = s;
}

static bool same(const char* what, const std::vector<float>& got, const std::vector<float>& want) {
  for (size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i]) {
      printf(EXAMPLE ": %s: [%zu] = %g, want %g\n", what, i, got[i], want[i]);
      return false;
    }
  return true;
}

// 1. The rows, at widths around multiples of 4 (a tail of 0 to 3) and rows
// enough that blocks race; an odd row count puts the last row's start on a
// 16-byte boundary, where a whole vector at its end would reach past the
// allocation.
static bool tail(int nrows, int ncols) {
  const size_t n = (size_t)nrows * ncols;
  std::vector<float> h_x(n), h_dst(n), want(n);
  for (size_t i = 0; i < n; ++i) h_x[i] = (float)(i % 97) - 40.f;
  for (size_t i = 0; i < n; ++i) want[i] = h_x[i] * 0.5f;
  float *x, *dst;
  CUDA_CHECK(cudaMalloc(&x, n * sizeof(float)));  // exactly the rows: nothing after the last
  CUDA_CHECK(cudaMalloc(&dst, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(x, h_x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dst, 0xff, n * sizeof(float)));
  scale_rows<<<nrows, 32>>>(x, dst, ncols, 0.5f);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaMemcpy(h_dst.data(), dst, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(dst));
  char what[64];
  snprintf(what, sizeof what, "scale_rows %d x %d", nrows, ncols);
  return same(what, h_dst, want);
}

// 2. The overlapping arrays, against the scalar loops on the CPU.
static bool alias() {
  const int threads = 64, n = threads * 16;
  bool ok = true;
  std::vector<float> init(n), got(n);
  for (int i = 0; i < n; ++i) init[i] = (float)(i % 13);
  float* buf;
  CUDA_CHECK(cudaMalloc(&buf, n * sizeof(float)));
  for (int shift : {4, 8}) {  // 4: the 32-byte vectors overlap; 8: they are apart
    std::vector<float> want = init;
    for (int t = 0; t < threads; ++t)
      for (int v = 0; v < 8; ++v) want[16 * t + shift + v] = want[16 * t + v] * 2.f + 1.f;
    CUDA_CHECK(cudaMemcpy(buf, init.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    shift8<<<1, threads>>>(buf, shift);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(got.data(), buf, n * sizeof(float), cudaMemcpyDeviceToHost));
    ok = same(shift == 4 ? "shift8 dst = src + 4" : "shift8 dst = src + 8", got, want) && ok;
  }
  for (int apart : {0, 1}) {  // p == q, then q another array
    float* q = buf + (apart ? n / 2 : 0);
    std::vector<float> want = init;
    for (int t = 0; t < threads / 2; ++t)
      for (int v = 0; v < 4; ++v) {
        want[4 * t + v] = 1.f + v;
        want[(apart ? n / 2 : 0) + 4 * t + v] += 10.f;
      }
    CUDA_CHECK(cudaMemcpy(buf, init.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    two_writes<<<1, threads / 2>>>(buf, q);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(got.data(), buf, n * sizeof(float), cudaMemcpyDeviceToHost));
    ok = same(apart ? "two_writes p != q" : "two_writes p == q", got, want) && ok;
  }
  std::vector<float> want = init;
  for (int i = 0; i < n; ++i) want[i] = want[i] * 3.f - (float)(i % 4);
  CUDA_CHECK(cudaMemcpy(buf, init.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  in_place<<<1, n / 4>>>(buf);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaMemcpy(got.data(), buf, n * sizeof(float), cudaMemcpyDeviceToHost));
  ok = same("in_place", got, want) && ok;
  for (int k = 0; k < 2; ++k) {  // other_read, then pointer_read
  for (int at : {2, 5}) {  // 2: in the vector; 5: apart from it
    const int t_count = n / 8;
    std::vector<float> want_buf = init, want_out(t_count), got_out(t_count);
    for (int t = 0; t < t_count; ++t) {
      float s = 0.f;
      for (int v = 0; v < 4; ++v) {
        want_buf[8 * t + v] *= 2.f;
        s += want_buf[8 * t + at];
      }
      want_out[t] = s;
    }
    float* out;
    CUDA_CHECK(cudaMalloc(&out, t_count * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(buf, init.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    if (k == 0)
      other_read<<<1, t_count>>>(buf, at, out);
    else
      pointer_read<<<1, t_count>>>(buf, at, out);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(got.data(), buf, n * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(got_out.data(), out, t_count * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(out));
    char what[64];
    snprintf(what, sizeof what, "%s %s: buf", k ? "pointer_read" : "other_read", at == 2 ? "in the vector" : "apart");
    ok = same(what, got, want_buf) && ok;
    snprintf(what, sizeof what, "%s %s: sums", k ? "pointer_read" : "other_read", at == 2 ? "in the vector" : "apart");
    ok = same(what, got_out, want_out) && ok;
  }
  }
  CUDA_CHECK(cudaFree(buf));
  return ok;
}

int main() {
  skip_without_device();
  bool ok = true;
  for (int nrows : {1, 5, 33})
    for (int ncols : {1, 2, 3, 4, 5, 6, 7, 126, 127, 128, 129, 130, 131, 1021, 1022, 1023, 1024})
      ok = tail(nrows, ncols) && ok;
  ok = alias() && ok;
  printf(EXAMPLE ": %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
