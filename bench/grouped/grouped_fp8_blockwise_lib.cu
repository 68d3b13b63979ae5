// bench/grouped/grouped_fp8_blockwise_lib.cu - examples/gemm_grouped_fp8_blockwise.cu
// (through tirx-pp) as a shared library, for blockwise.py (ctypes).
//
//   tirx-pp -I headers -I examples examples/gemm_grouped_fp8_blockwise.cu -o PP.cu
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -Xcompiler -fPIC -shared -I headers -I examples \
//        -DGEMM_GROUPED_FP8_BLOCKWISE_SOURCE='"PP.cu"' bench/grouped/grouped_fp8_blockwise_lib.cu -o libbw.so
#define GEMM_GROUPED_FP8_BLOCKWISE_NO_MAIN
#ifndef GEMM_GROUPED_FP8_BLOCKWISE_SOURCE
#error "-DGEMM_GROUPED_FP8_BLOCKWISE_SOURCE='\"path/to/tirx-pp output of examples/gemm_grouped_fp8_blockwise.cu\"'"
#endif
#include GEMM_GROUPED_FP8_BLOCKWISE_SOURCE

// Device pointers (A, B e4m3; C bf16; scale_a ceil(k / 128) x rows floats,
// scale_b experts x ceil(n / 128) x ceil(k / 128)); `tile` a BwTile (-1:
// picked, 0: 128 x 128, 1: 128 x 256, 2: 64 x 256); the stream is a cudaStream_t.
// Returns a cudaError_t (0: launched).
extern "C" int tirx_grouped_fp8_blockwise_contiguous(const void* a, const void* b, void* c, const int* offsets,
                                                     int experts, long long rows, int n, int k, const float* scale_a,
                                                     const float* scale_b, int tile, void* stream) {
  return (int)gemm_grouped_fp8_blockwise_contiguous((const fp8*)a, (const fp8*)b, (bf16*)c, offsets, experts, rows,
                                                    n, k, scale_a, scale_b, (cudaStream_t)stream, (BwTile)tile);
}

// The masked layout: A [experts, slot_rows, k], counts on the device,
// scale_a ceil(k / 128) x (experts x slot_rows); `tile` as above.
extern "C" int tirx_grouped_fp8_blockwise_masked(const void* a, const void* b, void* c, const int* counts, int experts,
                                                 int slot_rows, int n, int k, const float* scale_a,
                                                 const float* scale_b, int tile, void* stream) {
  return (int)gemm_grouped_fp8_blockwise_masked((const fp8*)a, (const fp8*)b, (bf16*)c, counts, experts, slot_rows,
                                                n, k, scale_a, scale_b, (cudaStream_t)stream, (BwTile)tile);
}
