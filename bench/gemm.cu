// bench/gemm.cu - examples/gemm_bf16.cu (through tirx-pp) against cuBLAS, in
// one process on the same buffers: C = A * B^T, A m x k and B n x k row-major
// bf16, fp32 accumulation, C m x n row-major bf16.
//
// For each size: random inputs (a fresh seed per size), both results checked
// against each other (relative Frobenius error below 1e-2; the output
// poisoned with NaN first, so an element never written fails), then each
// timed: 5 warm-up runs of each, then 2 rounds of 20 event-timed samples of
// each (a sample: 5 back-to-back calls), cuBLAS and ours alternating sample by
// sample (the card's clocks drift as it warms: both see the same drift); the
// median of each round is printed (the two rounds show the spread) and the
// ratio of the better medians.
//
// Build (bench/gpu_all.sh does):
//   tirx-pp -I headers -I examples examples/gemm_bf16.cu -o .device/pp/gemm_bf16.cu
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I headers -I examples \
//        -DGEMM_BF16_SOURCE='".device/pp/gemm_bf16.cu"' bench/gemm.cu -lcublas -o gemm
//   ./gemm [M N K ...]      (default: the square and ragged sizes of bench/RESULTS.md)
#define GEMM_BF16_NO_MAIN
#ifndef GEMM_BF16_SOURCE
#error "-DGEMM_BF16_SOURCE='\"path/to/tirx-pp output of examples/gemm_bf16.cu\"'"
#endif
#include GEMM_BF16_SOURCE

#include "bench.cuh"

int main(int argc, char** argv) {
  // The square sizes, then issue 15's ragged ones.
  const std::vector<int> sizes =
      bench_sizes(argc, argv, {4096, 4096, 4096, 8192, 8192, 8192, 8192, 8192, 1024, 2048, 2048, 2048, 8000, 7992, 8064,
                               3000, 5000, 4000, 16896, 256, 4096});
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("%s, %d SMs; bf16 C = A * B^T (A m x k, B n x k row-major), fp32 accumulate\n", prop.name,
         prop.multiProcessorCount);
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  cudaEvent_t ea, eb;
  CUDA_CHECK(cudaEventCreate(&ea));
  CUDA_CHECK(cudaEventCreate(&eb));
  bool ok = true;
  // With GEMM_ALL_TILES=1, each of the example's tile shapes is timed
  // too (forced), in the same alternation, to show what pick_tile chose from.
  const bool all = env_flag("GEMM_ALL_TILES");
  const char* tile_names[kTileShapes] = {"128x256", "256x152", "192x160", "128x128"};
  printf("| m x n x k | cuBLAS TFLOP/s (round 1, 2) | tirx-pp TFLOP/s (round 1, 2) | tile | ratio |%s rel. error |\n",
         all ? " 128x256 | 256x152 | 192x160 | 128x128 |" : "");
  printf("| --- | ---: | ---: | --- | ---: |%s ---: |\n", all ? " ---: | ---: | ---: | ---: |" : "");
  for (size_t z = 0; z + 2 < sizes.size(); z += 3) {
    const int M = sizes[z], N = sizes[z + 1], K = sizes[z + 2];
    const int nf = all ? 2 + kTileShapes : 2;  // cuBLAS, ours (picked), ours with each shape forced
    bf16 *A, *B, *C[2 + kTileShapes];
    bench_alloc(&A, &B, C, nf, M, N, K, z, 1.0f);

    std::vector<std::function<void()>> f;
    bf16* c0 = C[0];
    f.push_back([=, &handle] { cublas_gemm_bf16_tn(handle, A, B, c0, M, N, K); });
    for (int i = 1; i < nf; ++i) {
      bf16* ci = C[i];
      const GemmTile tile = i == 1 ? kTileAuto : (GemmTile)(i - 2);
      f.push_back([=] { CUDA_CHECK(gemm_bf16_tile(A, B, ci, M, N, K, tile)); });
    }
    for (auto& fn : f) fn();
    LAUNCH_CHECK();
    const double err = worst_rel_error(C, nf, (size_t)M * N);
    const bool good = err < 1e-2;  // NaN fails
    ok = ok && good;

    for (int i = 0; i < 5; ++i)
      for (auto& fn : f) fn();
    LAUNCH_CHECK();
    float t[2][2 + kTileShapes];
    for (int round = 0; round < 2; ++round) median_ms(f, ea, eb, 20, 5, t[round]);
    LAUNCH_CHECK();
    const double flop = 2.0 * M * N * K;
    float best[2 + kTileShapes];
    for (int i = 0; i < nf; ++i) best[i] = std::min(t[0][i], t[1][i]);
    int sms = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    printf("| %d x %d x %d | %.0f, %.0f | %.0f, %.0f | %s | %.3fx |", M, N, K, flop / t[0][0] / 1e9,
           flop / t[1][0] / 1e9, flop / t[0][1] / 1e9, flop / t[1][1] / 1e9, tile_names[pick_tile(M, N, sms)],
           best[0] / best[1]);
    for (int i = 2; i < nf; ++i) printf(" %.3fx |", best[0] / best[i]);
    printf(" %.1e%s |\n", err, good ? "" : " FAIL");
    fflush(stdout);
    bench_free(A, B, C, nf);
  }
  CUBLAS_CHECK(cublasDestroy(handle));
  printf("gemm: %s\n", ok ? "PASS" : "FAIL (relative error at or above 1e-2)");
  return ok ? 0 : 1;
}
