// bench/gemm_cluster.cu - examples/gemm_bf16_cluster.cu (clusters of 2 blocks
// sharing B through TMA multicast) against examples/gemm_bf16.cu (1 x 1) and
// cuBLAS, in one process on the same buffers: C = A * B^T, A m x k and B n x k
// row-major bf16, fp32 accumulation, C m x n row-major bf16.
//
// bench/gemm.cu's method: for each size, random inputs (a fresh seed per
// size), the results checked against cuBLAS's (relative Frobenius error below
// 1e-2; the outputs poisoned with NaN first, so an element never written
// fails), then 5 warm-up runs of each and 2 rounds of 20 event-timed samples
// of each (a sample: 5 back-to-back calls), all alternating sample by sample
// (the card's clocks drift as it warms: all see the same drift); the median
// of each round is printed for cuBLAS, gemm_bf16 (1 x 1, the tile shape it
// picks) and the cluster kernel (the shape it picks), the shapes picked, and
// the ratios of the better medians: cluster against 1 x 1, and cluster
// against cuBLAS. With GEMM_ALL_TILES=1, the cluster kernel with each of its
// shapes forced is timed too, in the same alternation, and its ratio to
// cuBLAS printed (what pick_tile chose from, unsplit). With GEMM_COLD=1 each
// sample is one call after a buffer four times L2's size was rewritten (the
// operands come from device memory, as in a model's layer), 2 rounds of 30.
//
// Build (on the GPU machine, after bench/prepare_gpu.sh here):
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I headers -I examples \
//        -DGEMM_BF16_SOURCE='".device/pp/gemm_bf16.cu"' \
//        -DGEMM_BF16_CLUSTER_SOURCE='".device/pp/gemm_bf16_cluster.cu"' \
//        bench/gemm_cluster.cu -lcublas -o gemm_cluster
//   [GEMM_ALL_TILES=1] ./gemm_cluster [M N K ...]
//   default sizes: 2048^3, 4096^3, 8192^3, 8192 x 8192 x 1024, the ragged
//   8000 x 7992 x 8064, 3000 x 5000 x 4000, 1000 x 1504 x 1064 and the skinny
//   16896, 8448, 4224 and 2112 x 256 x 4096, 4224 x 256 x 16384, 256 x 4224 x 16384
#define GEMM_BF16_NO_MAIN
#define GEMM_BF16_CLUSTER_NO_MAIN
#if !defined(GEMM_BF16_SOURCE) || !defined(GEMM_BF16_CLUSTER_SOURCE)
#error "-DGEMM_BF16_SOURCE='\"tirx-pp output of examples/gemm_bf16.cu\"' -DGEMM_BF16_CLUSTER_SOURCE='\"... gemm_bf16_cluster.cu\"'"
#endif
#include GEMM_BF16_SOURCE
#undef EXAMPLE  // the second example names itself; harness.h is included once
#undef EXAMPLE_ARGS
#include GEMM_BF16_CLUSTER_SOURCE

#include "bench.cuh"

int main(int argc, char** argv) {
  const std::vector<int> sizes =
      bench_sizes(argc, argv, {2048, 2048, 2048, 4096, 4096, 4096, 8192, 8192, 8192, 8192, 8192, 1024, 8000, 7992, 8064,
                               3000, 5000, 4000, 1000, 1504, 1064, 16896, 256, 4096, 8448, 256, 4096, 4224, 256, 4096,
                               2112, 256, 4096, 4224, 256, 16384, 256, 4224, 16384});
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    printf("gemm_cluster: SKIP (no CUDA device)\n");
    return 77;
  }
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  const int sms = prop.multiProcessorCount;
  printf("%s, %d SMs; bf16 C = A * B^T (A m x k, B n x k row-major), fp32 accumulate\n", prop.name, sms);
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  cudaEvent_t ea, eb;
  CUDA_CHECK(cudaEventCreate(&ea));
  CUDA_CHECK(cudaEventCreate(&eb));
  const bool cold = env_flag("GEMM_COLD");
  const size_t flush_bytes = (size_t)4 * prop.l2CacheSize;
  void* flush = nullptr;
  if (cold) CUDA_CHECK(cudaMalloc(&flush, flush_bytes));
  if (cold) printf("cold L2 (one call per sample)\n");
  bool ok = true;
  // With GEMM_ALL_TILES=1, each of the cluster kernel's tile shapes is
  // timed too (forced), in the same alternation.
  const bool all = env_flag("GEMM_ALL_TILES");
  const char* tile_names[kTileShapes] = {"128x256", "256x152", "192x160", "128x128"};
  printf("| m x n x k | cuBLAS TFLOP/s (round 1, 2) | 1 x 1 TFLOP/s (round 1, 2) | cluster 2 x 1 TFLOP/s (round 1, 2) "
         "| tile/split 1 x 1, cluster | cluster / 1 x 1 | cluster / cuBLAS |%s rel. error (worst) |\n",
         all ? " cluster 128x256 / cuBLAS | cluster 256x152 / cuBLAS | cluster 192x160 / cuBLAS | cluster 128x128 / cuBLAS |"
             : "");
  printf("| --- | ---: | ---: | ---: | --- | ---: | ---: |%s ---: |\n", all ? " ---: | ---: | ---: | ---: |" : "");
  for (size_t z = 0; z + 2 < sizes.size(); z += 3) {
    const int M = sizes[z], N = sizes[z + 1], K = sizes[z + 2];
    const int nf = all ? 3 + kTileShapes : 3;  // cuBLAS, 1 x 1 (picked), cluster (picked), cluster with each shape forced
    bf16 *A, *B, *C[3 + kTileShapes];
    bench_alloc(&A, &B, C, nf, M, N, K, z, 1.0f);

    std::vector<std::function<void()>> f;
    bf16 *c0 = C[0], *c1 = C[1];
    f.push_back([=, &handle] { cublas_gemm_bf16_tn(handle, A, B, c0, M, N, K); });
    f.push_back([=] { CUDA_CHECK(gemm_bf16(A, B, c1, M, N, K)); });
    for (int i = 2; i < nf; ++i) {
      bf16* ci = C[i];
      const GemmTile tile = i == 2 ? kTileAuto : (GemmTile)(i - 3);
      f.push_back([=] { CUDA_CHECK(gemm_cluster::gemm_bf16_cluster_tile(A, B, ci, M, N, K, tile)); });
    }
    for (auto& fn : f) fn();
    LAUNCH_CHECK();
    const double err = worst_rel_error(C, nf, (size_t)M * N);
    const bool good = err < 1e-2;  // NaN fails
    ok = ok && good;

    for (int i = 0; i < 5; ++i)
      for (auto& fn : f) fn();
    LAUNCH_CHECK();
    float t[2][3 + kTileShapes];
    for (int round = 0; round < 2; ++round)
      if (cold)
        median_ms_cold(f, ea, eb, 30, flush, flush_bytes, t[round]);
      else
        median_ms(f, ea, eb, 20, 5, t[round]);
    LAUNCH_CHECK();
    const double flop = 2.0 * M * N * K;
    float best[3 + kTileShapes];
    for (int i = 0; i < nf; ++i) best[i] = std::min(t[0][i], t[1][i]);
    GemmTile tile1, tile2;
    int split1, split2;
    pick_tile_split(M, N, K, sms, &tile1, &split1);
    pick_tile_split(M, N, K, sms, &tile2, &split2, gemm_cluster::kClusterM);
    printf("| %d x %d x %d | %.0f, %.0f | %.0f, %.0f | %.0f, %.0f | %s/%d, %s/%d | %.3fx | %.3fx |", M, N, K,
           flop / t[0][0] / 1e9, flop / t[1][0] / 1e9, flop / t[0][1] / 1e9, flop / t[1][1] / 1e9,
           flop / t[0][2] / 1e9, flop / t[1][2] / 1e9, tile_names[tile1], split1, tile_names[tile2], split2,
           best[1] / best[2], best[0] / best[2]);
    for (int i = 3; i < nf; ++i) printf(" %.3fx |", best[0] / best[i]);
    printf(" %.1e%s |\n", err, good ? "" : " FAIL");
    fflush(stdout);
    bench_free(A, B, C, nf);
  }
  CUBLAS_CHECK(cublasDestroy(handle));
  printf("gemm_cluster: %s\n", ok ? "PASS" : "FAIL (relative error at or above 1e-2)");
  return ok ? 0 : 1;
}
