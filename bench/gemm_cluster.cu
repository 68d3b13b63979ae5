// bench/gemm_cluster.cu - examples/gemm_bf16_cluster.cu (clusters of 2 blocks
// sharing B through TMA multicast) against examples/gemm_bf16.cu (1 x 1) and
// cuBLAS, in one process on the same buffers: C = A * B^T, A m x k and B n x k
// row-major bf16, fp32 accumulation, C m x n row-major bf16.
//
// bench/gemm.cu's method: for each size, random inputs (a fresh seed per
// size), the three results checked against cuBLAS's (relative Frobenius error
// below 1e-2; the outputs poisoned with NaN first, so an element never
// written fails), then 5 warm-up runs of each and 2 rounds of 20 event-timed
// samples of each (a sample: 5 back-to-back calls), the three alternating
// sample by sample (the card's clocks drift as it warms: all see the same
// drift); the median of each round is printed, and the ratios of the better
// medians: cluster against 1 x 1, and cluster against cuBLAS.
//
// Build (on the GPU machine, after bench/prepare_gpu.sh here):
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I headers -I examples \
//        -DGEMM_BF16_SOURCE='".device/pp/gemm_bf16.cu"' \
//        -DGEMM_BF16_CLUSTER_SOURCE='".device/pp/gemm_bf16_cluster.cu"' \
//        bench/gemm_cluster.cu -lcublas -o gemm_cluster
//   ./gemm_cluster [M N K ...]      (default: bench/gemm.cu's four sizes and a ragged one)
#define GEMM_BF16_NO_MAIN
#define GEMM_BF16_CLUSTER_NO_MAIN
#if !defined(GEMM_BF16_SOURCE) || !defined(GEMM_BF16_CLUSTER_SOURCE)
#error "-DGEMM_BF16_SOURCE='\"tirx-pp output of examples/gemm_bf16.cu\"' -DGEMM_BF16_CLUSTER_SOURCE='\"... gemm_bf16_cluster.cu\"'"
#endif
#include GEMM_BF16_SOURCE
#undef EXAMPLE  // the second example names itself; harness.h is included once
#undef EXAMPLE_ARGS
#include GEMM_BF16_CLUSTER_SOURCE

#include <cublas_v2.h>

#include "bench.cuh"

#define CUBLAS_CHECK(call)                                                                    \
  do {                                                                                        \
    cublasStatus_t st_ = (call);                                                              \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                                       \
      printf("gemm_cluster: FAIL line %d: %s: cuBLAS status %d\n", __LINE__, #call, (int)st_); \
      exit(1);                                                                                \
    }                                                                                         \
  } while (0)

int main(int argc, char** argv) {
  std::vector<int> sizes = {4096, 4096, 4096, 8192, 8192, 8192, 8192, 8192, 1024,
                            8000, 7992, 8064, 1000, 1504, 1064};
  if (argc > 1) {
    sizes.clear();
    for (int i = 1; i + 2 < argc; i += 3)
      for (int j = 0; j < 3; ++j) sizes.push_back(atoi(argv[i + j]));
  }
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    printf("gemm_cluster: SKIP (no CUDA device)\n");
    return 77;
  }
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
  printf("| m x n x k | cuBLAS TFLOP/s (round 1, 2) | 1 x 1 TFLOP/s (round 1, 2) | cluster 2 x 1 TFLOP/s (round 1, 2) "
         "| cluster / 1 x 1 | cluster / cuBLAS | rel. error 1 x 1, cluster |\n");
  printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  for (size_t z = 0; z + 2 < sizes.size(); z += 3) {
    const int M = sizes[z], N = sizes[z + 1], K = sizes[z + 2];
    bf16 *A, *B, *C0, *C1, *C2;
    CUDA_CHECK(cudaMalloc(&A, (size_t)M * K * sizeof(bf16)));
    CUDA_CHECK(cudaMalloc(&B, (size_t)N * K * sizeof(bf16)));
    CUDA_CHECK(cudaMalloc(&C0, (size_t)M * N * sizeof(bf16)));
    CUDA_CHECK(cudaMalloc(&C1, (size_t)M * N * sizeof(bf16)));
    CUDA_CHECK(cudaMalloc(&C2, (size_t)M * N * sizeof(bf16)));
    fill_random<<<1024, 256>>>(A, (size_t)M * K, 0x1234u + (uint32_t)z, 1.0f);
    fill_random<<<1024, 256>>>(B, (size_t)N * K, 0xBEEFu + (uint32_t)z, 1.0f);
    for (bf16* C : {C0, C1, C2}) CUDA_CHECK(cudaMemset(C, 0xFF, (size_t)M * N * sizeof(bf16)));
    LAUNCH_CHECK();

    // Row-major C = A B^T is column-major C^T = B A^T: cuBLAS's "TN" product.
    const float alpha = 1.0f, beta = 0.0f;
    auto cublas = [&] {
      CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, N, M, K, &alpha, B, CUDA_R_16BF, K, A, CUDA_R_16BF,
                                K, &beta, C0, CUDA_R_16BF, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    };
    auto one = [&] { CUDA_CHECK(gemm_bf16(A, B, C1, M, N, K)); };
    auto cluster = [&] { CUDA_CHECK(gemm_cluster::gemm_bf16_cluster(A, B, C2, M, N, K)); };
    cublas();
    one();
    cluster();
    LAUNCH_CHECK();
    std::vector<bf16> h0((size_t)M * N), h1((size_t)M * N), h2((size_t)M * N);
    CUDA_CHECK(cudaMemcpy(h0.data(), C0, h0.size() * sizeof(bf16), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h1.data(), C1, h1.size() * sizeof(bf16), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h2.data(), C2, h2.size() * sizeof(bf16), cudaMemcpyDeviceToHost));
    const double e1 = rel_frobenius(h1, h0), e2 = rel_frobenius(h2, h0);
    const bool good = e1 < 1e-2 && e2 < 1e-2;  // NaN fails
    ok = ok && good;

    for (int i = 0; i < 5; ++i) cublas(), one(), cluster();
    LAUNCH_CHECK();
    float t[3][2];
    for (int round = 0; round < 2; ++round) {
      float ms[3];
      median_ms({cublas, one, cluster}, ea, eb, 20, 5, ms);
      for (int w = 0; w < 3; ++w) t[w][round] = ms[w];
    }
    LAUNCH_CHECK();
    const double flop = 2.0 * M * N * K;
    float best[3];
    for (int w = 0; w < 3; ++w) best[w] = std::min(t[w][0], t[w][1]);
    printf("| %d x %d x %d | %.0f, %.0f | %.0f, %.0f | %.0f, %.0f | %.3fx | %.3fx | %.1e, %.1e%s |\n", M, N, K,
           flop / t[0][0] / 1e9, flop / t[0][1] / 1e9, flop / t[1][0] / 1e9, flop / t[1][1] / 1e9,
           flop / t[2][0] / 1e9, flop / t[2][1] / 1e9, best[1] / best[2], best[0] / best[2], e1, e2,
           good ? "" : " FAIL");
    fflush(stdout);
    for (bf16* p : {A, B, C0, C1, C2}) CUDA_CHECK(cudaFree(p));
  }
  CUBLAS_CHECK(cublasDestroy(handle));
  printf("gemm_cluster: %s\n", ok ? "PASS" : "FAIL (relative error at or above 1e-2)");
  return ok ? 0 : 1;
}
