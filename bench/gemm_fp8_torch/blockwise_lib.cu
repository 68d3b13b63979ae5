// bench/gemm_fp8_torch/blockwise_lib.cu - examples/gemm_fp8_blockwise.cu
// (tirx-pp's output) as a shared library with a C entry point, for
// blockwise.py (ctypes).
#define GEMM_FP8_BLOCKWISE_NO_MAIN
#ifndef GEMM_FP8_BLOCKWISE_SOURCE
#error "-DGEMM_FP8_BLOCKWISE_SOURCE='\"path/to/tirx-pp output of examples/gemm_fp8_blockwise.cu\"'"
#endif
#include GEMM_FP8_BLOCKWISE_SOURCE

// tile: -1 picks the shape, else a BlockTile (kBlock128 ...).
extern "C" int tirx_gemm_fp8_blockwise(const void* a, const void* b, void* c, const void* scale_a,
                                       const void* scale_b, int m, int n, int k, int tile, void* stream) {
  return (int)gemm_fp8_blockwise_tile((const fp8*)a, (const fp8*)b, (bf16*)c, (const float*)scale_a,
                                      (const float*)scale_b, m, n, k, (BlockTile)tile, (cudaStream_t)stream);
}
