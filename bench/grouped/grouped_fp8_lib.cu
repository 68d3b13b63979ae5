// bench/grouped/grouped_fp8_lib.cu - examples/gemm_grouped_fp8.cu (through
// tirx-pp) as a shared library, for bench.py --fp8=LIB (ctypes).
//
//   tirx-pp -I headers -I examples examples/gemm_grouped_fp8.cu -o PP.cu
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -Xcompiler -fPIC -shared \
//        -I headers -I examples -DGEMM_GROUPED_FP8_SOURCE='"PP.cu"' bench/grouped/grouped_fp8_lib.cu -o libgrouped_fp8.so
#define GEMM_GROUPED_FP8_NO_MAIN
#ifndef GEMM_GROUPED_FP8_SOURCE
#error "-DGEMM_GROUPED_FP8_SOURCE='\"path/to/tirx-pp output of examples/gemm_grouped_fp8.cu\"'"
#endif
#include GEMM_GROUPED_FP8_SOURCE

// Device pointers (A, B e4m3; C bf16; scale_a one float per row of A, scale_b
// experts x n); the stream is a cudaStream_t. Returns a cudaError_t (0: launched).
extern "C" int tirx_grouped_fp8_contiguous(const void* a, const void* b, void* c, const int* offsets, int experts,
                                           long long rows, int n, int k, const float* scale_a, const float* scale_b,
                                           void* stream) {
  return (int)gemm_grouped_fp8_contiguous((const fp8*)a, (const fp8*)b, (bf16*)c, offsets, experts, rows, n, k,
                                          scale_a, scale_b, (cudaStream_t)stream);
}
