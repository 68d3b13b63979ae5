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

#include <cstring>

// A variant to time next to the picked one (GEMM_VARIANTS="T:S,..."): tile
// shape T (0-3 as GemmTile, a: picked) and split S (0: picked, 1: none).
struct Variant {
  GemmTile tile;
  int splits;
};
static std::vector<Variant> parse_variants(const char* text) {
  std::vector<Variant> v;
  for (const char* p = text; p && *p;) {
    Variant x{kTileAuto, 0};
    if (*p != 'a') x.tile = (GemmTile)atoi(p);
    while (*p && *p != ':' && *p != ',') ++p;
    if (*p == ':') x.splits = atoi(++p);
    v.push_back(x);
    while (*p && *p != ',') ++p;
    if (*p == ',') ++p;
  }
  return v;
}

static std::vector<__nv_bfloat16> download(const __nv_bfloat16* c, size_t n) {
  std::vector<__nv_bfloat16> h(n);
  CUDA_CHECK(cudaMemcpy(h.data(), c, n * sizeof(__nv_bfloat16), cudaMemcpyDeviceToHost));
  return h;
}

int main(int argc, char** argv) {
  // The square sizes, then issue 15's ragged ones, then the skinny ones.
  const std::vector<int> sizes = bench_sizes(
      argc, argv, {4096, 4096, 4096, 8192,  8192, 8192, 8192, 8192, 1024, 2048, 2048, 2048, 8000, 7992, 8064,
                   3000, 5000, 4000, 16896, 256,  4096, 8448, 256,  4096, 4224, 256,  4096, 4224, 256,  16384});
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  const bool cold = env_flag("GEMM_COLD");
  printf("%s, %d SMs; bf16 C = A * B^T (A m x k, B n x k row-major), fp32 accumulate%s\n", prop.name,
         prop.multiProcessorCount, cold ? "; cold L2 (one call per sample)" : "");
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  cudaEvent_t ea, eb;
  CUDA_CHECK(cudaEventCreate(&ea));
  CUDA_CHECK(cudaEventCreate(&eb));
  const size_t flush_bytes = (size_t)4 * prop.l2CacheSize;
  void* flush = nullptr;
  if (cold) CUDA_CHECK(cudaMalloc(&flush, flush_bytes));
  bool ok = true;
  // With GEMM_ALL_TILES=1, each of the example's tile shapes is timed
  // too (forced, no split), in the same alternation, to show what pick_tile
  // chose from; GEMM_VARIANTS adds tile:split pairs (parse_variants).
  std::vector<Variant> variants;
  if (env_flag("GEMM_ALL_TILES"))
    for (int i = 0; i < kTileShapes; ++i) variants.push_back({(GemmTile)i, 1});
  for (const Variant& v : parse_variants(getenv("GEMM_VARIANTS"))) variants.push_back(v);
  const char* tile_names[kTileShapes] = {"128x256", "256x152", "192x160", "128x128"};
  printf("| m x n x k | cuBLAS TFLOP/s (round 1, 2) | tirx-pp TFLOP/s (round 1, 2) | tile, split | ratio |");
  for (const Variant& v : variants) printf(" %s/%d |", v.tile == kTileAuto ? "picked" : tile_names[v.tile], v.splits);
  printf(" rel. error | bitwise |\n| --- | ---: | ---: | --- | ---: |");
  for (size_t i = 0; i < variants.size(); ++i) printf(" ---: |");
  printf(" ---: | --- |\n");
  for (size_t z = 0; z + 2 < sizes.size(); z += 3) {
    const int M = sizes[z], N = sizes[z + 1], K = sizes[z + 2];
    const int nf = 2 + (int)variants.size();  // cuBLAS, ours (picked), the variants
    bf16 *A, *B;
    std::vector<bf16*> C(nf);
    bench_alloc(&A, &B, C.data(), nf, M, N, K, z, 1.0f);

    std::vector<std::function<void()>> f;
    bf16* c0 = C[0];
    f.push_back([=, &handle] { cublas_gemm_bf16_tn(handle, A, B, c0, M, N, K); });
    for (int i = 1; i < nf; ++i) {
      bf16* ci = C[i];
      const Variant v = i == 1 ? Variant{kTileAuto, 0} : variants[i - 2];
      f.push_back([=] { CUDA_CHECK(gemm_bf16_split(A, B, ci, M, N, K, v.tile, v.splits)); });
    }
    for (auto& fn : f) fn();
    LAUNCH_CHECK();
    const double err = worst_rel_error(C.data(), nf, (size_t)M * N);
    const bool good = err < 1e-2;  // NaN fails
    std::vector<std::vector<bf16>> first;
    for (int i = 1; i < nf; ++i) first.push_back(download(C[i], (size_t)M * N));

    for (int i = 0; i < 5; ++i)
      for (auto& fn : f) fn();
    LAUNCH_CHECK();
    std::vector<float> t[2] = {std::vector<float>(nf), std::vector<float>(nf)};
    for (int round = 0; round < 2; ++round)
      if (cold)
        median_ms_cold(f, ea, eb, 30, flush, flush_bytes, t[round].data());
      else
        median_ms(f, ea, eb, 20, 5, t[round].data());
    LAUNCH_CHECK();
    // Every call of ours wrote the same bits as its first (the split's
    // reduction adds in a fixed order): all ~60 of them, compared with the first.
    bool same = true;
    for (int i = 1; i < nf; ++i) {
      const std::vector<bf16> now = download(C[i], (size_t)M * N);
      same = same && memcmp(now.data(), first[i - 1].data(), now.size() * sizeof(bf16)) == 0;
    }
    ok = ok && good && same;
    const double flop = 2.0 * M * N * K;
    std::vector<float> best(nf);
    for (int i = 0; i < nf; ++i) best[i] = std::min(t[0][i], t[1][i]);
    int sms = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    GemmTile picked;
    int picked_splits;
    pick_tile_split(M, N, K, sms, &picked, &picked_splits);
    printf("| %d x %d x %d | %.0f, %.0f | %.0f, %.0f | %s, %d | %.3fx |", M, N, K, flop / t[0][0] / 1e9,
           flop / t[1][0] / 1e9, flop / t[0][1] / 1e9, flop / t[1][1] / 1e9, tile_names[picked],
           picked_splits, best[0] / best[1]);
    for (int i = 2; i < nf; ++i) printf(" %.3fx |", best[0] / best[i]);
    printf(" %.1e%s | %s |\n", err, good ? "" : " FAIL", same ? "same" : "DIFFER");
    fflush(stdout);
    bench_free(A, B, C.data(), nf);
  }
  if (flush) CUDA_CHECK(cudaFree(flush));
  CUBLAS_CHECK(cublasDestroy(handle));
  printf("gemm: %s\n", ok ? "PASS" : "FAIL (relative error at or above 1e-2, or two calls' bits differ)");
  return ok ? 0 : 1;
}
