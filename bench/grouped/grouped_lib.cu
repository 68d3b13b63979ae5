// bench/grouped/grouped_lib.cu - examples/gemm_grouped.cu (through tirx-pp)
// as a shared library with two C entry points, for bench.py (ctypes).
//
//   tirx-pp -I headers -I examples examples/gemm_grouped.cu -o PP.cu
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -Xcompiler -fPIC -shared \
//        -I headers -I examples -DGEMM_GROUPED_SOURCE='"PP.cu"' bench/grouped/grouped_lib.cu -o libgrouped.so
#define GEMM_GROUPED_NO_MAIN
#ifndef GEMM_GROUPED_SOURCE
#error "-DGEMM_GROUPED_SOURCE='\"path/to/tirx-pp output of examples/gemm_grouped.cu\"'"
#endif
#include GEMM_GROUPED_SOURCE

static GroupedOptions options(int group_rows, int l2_keep) {
  GroupedOptions opt;
  if (group_rows > 0) opt.group_rows = group_rows;
  opt.l2_keep = l2_keep % 4;
  opt.staged_rows = l2_keep / 4 != 0;  // l2_keep + 4: staged_rows too
  return opt;
}

// Device pointers; `tile` is a GemmTile (-1: picked); `group_rows` and
// `l2_keep` are GroupedOptions' (group_rows 0: the default; l2_keep + 4:
// staged_rows too); the stream is a
// cudaStream_t (torch.cuda.current_stream().cuda_stream). Returns a
// cudaError_t (0: launched).
extern "C" int tirx_grouped_contiguous(const void* a, const void* b, void* c, const int* offsets, int experts,
                                       long long rows, int n, int k, int tile, int group_rows, int l2_keep,
                                       void* stream) {
  return (int)gemm_grouped_contiguous((const bf16*)a, (const bf16*)b, (bf16*)c, offsets, experts, rows, n, k,
                                      (GemmTile)tile, (cudaStream_t)stream, options(group_rows, l2_keep));
}

extern "C" int tirx_grouped_masked(const void* a, const void* b, void* c, const int* counts, int experts,
                                   int slot_rows, int n, int k, int tile, int group_rows, int l2_keep, void* stream) {
  return (int)gemm_grouped_masked((const bf16*)a, (const bf16*)b, (bf16*)c, counts, experts, slot_rows, n, k,
                                  (GemmTile)tile, (cudaStream_t)stream, options(group_rows, l2_keep));
}

// The tile shape (a GemmTile) the contiguous layout's host call picks for
// kTileAuto (the masked one takes 128 x 128), or -1 on an error.
extern "C" int tirx_grouped_pick(long long rows, int experts, int n, int k) {
  GemmTile tile = kTileAuto;
  alignas(16) static const bf16 dummy[8] = {};
  static const int sizes[1] = {0};
  return resolve_grouped(dummy, dummy, dummy, sizes, experts, rows, n, k, &tile) == cudaSuccess ? (int)tile : -1;
}
