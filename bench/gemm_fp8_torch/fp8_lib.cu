// bench/gemm_fp8_torch/fp8_lib.cu - examples/gemm_fp8.cu (tirx-pp's output) as
// a shared library with a C entry point, for bench.py (ctypes).
#define GEMM_FP8_NO_MAIN
#ifndef GEMM_FP8_SOURCE
#error "-DGEMM_FP8_SOURCE='\"path/to/tirx-pp output of examples/gemm_fp8.cu\"'"
#endif
#include GEMM_FP8_SOURCE

extern "C" int tirx_gemm_fp8(const void* a, const void* b, void* c, int m, int n, int k, float scale_a, float scale_b,
                             void* stream) {
  return (int)gemm_fp8((const fp8*)a, (const fp8*)b, (bf16*)c, m, n, k, scale_a, scale_b, (cudaStream_t)stream);
}
