// bench/gemm_fp8.cu - examples/gemm_fp8.cu (through tirx-pp) against cuBLASLt's
// fp8 matmul, in one process on the same buffers: C = scale_a * scale_b * A *
// B^T, A m x k and B n x k row-major e4m3, per-tensor scales, fp32
// accumulation, C m x n row-major bf16.
//
// cuBLASLt runs twice per size: as configured by default (the fp8 partial sums
// periodically promoted to fp32: what torch's _scaled_mm uses unless
// use_fast_accum) and with CUBLASLT_MATMUL_DESC_FAST_ACCUM (no promotion: the
// same precision as ours, which accumulates in the tensor cores throughout).
// With GEMM_FP8_BLOCKWISE_SOURCE, examples/gemm_fp8_blockwise.cu runs too (its
// block scales all set to the per-tensor ones; promoted per K-tile, so it is
// to be compared with cuBLASLt's default). Row-major C = A B^T is column-major
// C^T = B A^T: cuBLASLt's "TN" product, the only layout its fp8 kernels take
// (its A = our B transposed, its B = our A; ld = k, multiples of 16; the scales
// by device pointer, A_SCALE_POINTER / B_SCALE_POINTER; C and D bf16, beta = 0).
//
// For each size: random inputs (a fresh seed per size), every result checked
// (the output poisoned with NaN first): ours against cuBLASLt's default
// (relative Frobenius error), and 256 sampled elements of each against a
// double-precision CPU reference of the same e4m3 values; all below 3e-2. Not
// 1e-2 as for bf16: Hopper's fp8 tensor cores keep the accumulator they add
// into to 13 mantissa bits, truncated, at every wgmma (SageAttention 2's and
// DeepSeek-V3's measurements: "nearly 2%" worst relative error at K = 4096),
// so without promotion (ours, fast-accum) the error grows with K / 32, to
// about 1e-2 at K = 8192; a wrong layout, scale or tile gives errors of order 1.
// Then timed as bench/gemm.cu times: 5 warm-up runs of each, then 2 rounds of 20
// event-timed samples of each (a sample: 5 back-to-back calls), all of them
// taking turns sample by sample; the median of each round is printed, and the
// ratios of the better medians (> 1: ours faster).
//
// Build (bench/fp8_gpu.sh does):
//   tirx-pp -I headers -I examples examples/gemm_fp8.cu -o .device/pp/gemm_fp8.cu   (and gemm_fp8_blockwise.cu)
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I headers -I examples
//        -DGEMM_FP8_SOURCE='".device/pp/gemm_fp8.cu"'
//        -DGEMM_FP8_BLOCKWISE_SOURCE='".device/pp/gemm_fp8_blockwise.cu"' (optional)
//        bench/gemm_fp8.cu -lcublasLt -o gemm_fp8_bench
//   ./gemm_fp8_bench [M N K ...]   (default: 4096^3, 8192^3, 8000 x 7992 x 8064, 5000 x 6000 x 7008)
#define GEMM_FP8_NO_MAIN
#ifndef GEMM_FP8_SOURCE
#error "-DGEMM_FP8_SOURCE='\"path/to/tirx-pp output of examples/gemm_fp8.cu\"'"
#endif
#include GEMM_FP8_SOURCE
// With -DGEMM_FP8_BLOCKWISE_SOURCE='"...gemm_fp8_blockwise.cu"' (tirx-pp's output),
// examples/gemm_fp8_blockwise.cu is timed too, in a namespace of its own (its
// tile constants differ), with every block scale set to the per-tensor ones:
// the same product as the others, accumulated as cuBLASLt's default does.
#ifdef GEMM_FP8_BLOCKWISE_SOURCE
#undef EXAMPLE
#undef EXAMPLE_ARGS
#define GEMM_FP8_BLOCKWISE_NO_MAIN
namespace blockwise {
#include GEMM_FP8_BLOCKWISE_SOURCE
}  // namespace blockwise
#undef EXAMPLE
#define EXAMPLE "gemm_fp8"
constexpr bool kBlockwise = true;
#else
constexpr bool kBlockwise = false;
#endif

#include <cublasLt.h>

#include "bench.cuh"

// One cuBLASLt fp8 matmul, set up once per size (descriptors and the
// heuristic's first algorithm), called many times.
struct LtGemm {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
  cublasLtMatmulAlgo_t algo;
};

// C (m x n row-major bf16) = scale_a * scale_b * A (m x k) * B (n x k)^T in
// cuBLASLt's column-major terms: C^T (n x m, ld n) = op(B') * B'' with its
// matrix A' = our B, stored k x n (ld k), TRANSA = T, and its matrix B'' = our
// A, stored k x m (ld k), TRANSB = N. So its A scale is our B's, its B scale
// our A's.
static LtGemm lt_setup(cublasLtHandle_t lt, int M, int N, int K, const fp8* A, const fp8* B, bf16* C,
                       const float* d_scale_a, const float* d_scale_b, void* workspace, size_t workspace_bytes,
                       bool fast_accum) {
  LtGemm g;
  const cublasOperation_t ta = CUBLAS_OP_T, tb = CUBLAS_OP_N;
  const int8_t fast = fast_accum ? 1 : 0;
  CUBLAS_CHECK(cublasLtMatmulDescCreate(&g.op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  auto set = [&](cublasLtMatmulDescAttributes_t attr, const void* value, size_t bytes) {
    CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(g.op, attr, value, bytes));
  };
  set(CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta);
  set(CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb);
  set(CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &d_scale_b, sizeof d_scale_b);
  set(CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &d_scale_a, sizeof d_scale_a);
  set(CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof fast);
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&g.a, CUDA_R_8F_E4M3, K, N, K));
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&g.b, CUDA_R_8F_E4M3, K, M, K));
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&g.c, CUDA_R_16BF, N, M, N));
  cublasLtMatmulPreference_t pref;
  CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&pref));
  CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                    &workspace_bytes, sizeof workspace_bytes));
  cublasLtMatmulHeuristicResult_t result[8] = {};
  int found = 0;
  CUBLAS_CHECK(cublasLtMatmulAlgoGetHeuristic(lt, g.op, g.a, g.b, g.c, g.c, pref, 8, result, &found));
  CUBLAS_CHECK(cublasLtMatmulPreferenceDestroy(pref));
  if (found == 0) {
    printf("gemm_fp8: FAIL: cuBLASLt has no fp8 algorithm for %d x %d x %d\n", M, N, K);
    exit(1);
  }
  // The heuristic's first algorithm that runs: on the H200 with CUDA 13.0 the
  // first one offered was refused by cublasLtMatmul (status 15, not supported),
  // so each refusal is printed and the next one tried.
  const float alpha = 1.0f, beta = 0.0f;
  for (int i = 0; i < found; ++i) {
    const cublasStatus_t st = cublasLtMatmul(lt, g.op, &alpha, B, g.a, A, g.b, &beta, C, g.c, C, g.c,
                                             &result[i].algo, workspace, workspace_bytes, 0);
    if (st == CUBLAS_STATUS_SUCCESS && cudaDeviceSynchronize() == cudaSuccess) {
      g.algo = result[i].algo;
      return g;
    }
    printf("gemm_fp8: note: cuBLASLt%s algorithm %d of %d for %d x %d x %d: status %d\n",
           fast_accum ? " fast-accum" : "", i + 1, found, M, N, K, (int)st);
  }
  printf("gemm_fp8: FAIL: none of cuBLASLt's %d fp8 algorithms ran for %d x %d x %d\n", found, M, N, K);
  exit(1);
}

static void lt_destroy(LtGemm& g) {
  CUBLAS_CHECK(cublasLtMatrixLayoutDestroy(g.a));
  CUBLAS_CHECK(cublasLtMatrixLayoutDestroy(g.b));
  CUBLAS_CHECK(cublasLtMatrixLayoutDestroy(g.c));
  CUBLAS_CHECK(cublasLtMatmulDescDestroy(g.op));
}

// 256 sampled elements of C against a double reference from the host copies
// of A and B: ||got - ref|| / ||ref|| over the samples (NaN gives NaN).
static double sampled_error(const std::vector<bf16>& got, const std::vector<fp8>& hA, const std::vector<fp8>& hB,
                            int M, int N, int K, double scale) {
  double d = 0, r = 0;
  uint32_t h = 0x2545F491u;
  for (int s = 0; s < 256; ++s) {
    h ^= h << 13, h ^= h >> 17, h ^= h << 5;
    const int m = (int)(h % (uint32_t)M);
    h ^= h << 13, h ^= h >> 17, h ^= h << 5;
    const int n = (int)(h % (uint32_t)N);
    double sum = 0;
    for (int k = 0; k < K; ++k) sum += (double)(float)hA[(size_t)m * K + k] * (double)(float)hB[(size_t)n * K + k];
    const double w = sum * scale, g = __bfloat162float(got[(size_t)m * N + n]);
    d += (g - w) * (g - w), r += w * w;
  }
  return sqrt(d / r);
}

int main(int argc, char** argv) {
  const std::vector<int> sizes = bench_sizes(argc, argv, {4096, 4096, 4096, 8192, 8192, 8192, 8000, 7992, 8064, 5000, 6000, 7008});
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("%s, %d SMs, cuBLASLt %zu; bf16 C = scale_a * scale_b * A * B^T (A m x k, B n x k row-major e4m3), "
         "fp32 accumulate\n",
         prop.name, prop.multiProcessorCount, cublasLtGetVersion());
  cublasLtHandle_t lt;
  CUBLAS_CHECK(cublasLtCreate(&lt));
  const size_t workspace_bytes = 32u << 20;
  void* workspace;
  CUDA_CHECK(cudaMalloc(&workspace, workspace_bytes));
  const float scale_a = 0.25f, scale_b = 0.375f, alpha = 1.0f, beta = 0.0f;
  // Each scale in an allocation of its own, as torch passes them (cuBLASLt
  // may want them aligned).
  float *d_scale_a, *d_scale_b;
  CUDA_CHECK(cudaMalloc(&d_scale_a, sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_scale_b, sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_scale_a, &scale_a, sizeof scale_a, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_scale_b, &scale_b, sizeof scale_b, cudaMemcpyHostToDevice));
  cudaEvent_t ea, eb;
  CUDA_CHECK(cudaEventCreate(&ea));
  CUDA_CHECK(cudaEventCreate(&eb));
  bool ok = true;
  // GEMM_FP8_NO_BLOCKWISE=1 leaves the blockwise kernel out (bench/fp8_gpu.sh
  // sets it when that example failed on its own).
  const bool bw = kBlockwise && !env_flag("GEMM_FP8_NO_BLOCKWISE");
  const int nf = bw ? 4 : 3;  // cuBLASLt, cuBLASLt fast-accum, ours, ours blockwise
  // GEMM_ALL_TILES=1 (without the blockwise kernel): each tile shape forced
  // too, timed in the same alternation, as ratios to the fast-accum cuBLASLt.
  const bool all = env_flag("GEMM_ALL_TILES") && !bw;
  const int nt = nf + (all ? kTileShapes + 1 : 0);  // gemm_bf16's four shapes and FP8's 256 x 184
  const bool cold = env_flag("GEMM_COLD");
  const size_t flush_bytes = (size_t)4 * prop.l2CacheSize;
  void* flush = nullptr;
  if (cold) CUDA_CHECK(cudaMalloc(&flush, flush_bytes));
  printf("| m x n x k | cuBLASLt TFLOP/s (round 1, 2) | cuBLASLt fast-accum | tirx-pp | %s"
         "tirx-pp / cuBLASLt | tirx-pp / fast-accum | %srel. error vs cuBLASLt | sampled error (Lt, fast, ours%s) |\n",
         bw ? "tirx-pp blockwise | " : "", bw ? "blockwise / cuBLASLt | " : "",
         bw ? ", blockwise" : "");
  printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |%s\n", bw ? " ---: | ---: |" : "");
  if (all) printf("(then / fast-accum with each tile forced: 128x256, 256x152, 192x160, 128x128, 256x184%s)\n", cold ? "; cold L2" : "");
  for (size_t z = 0; z + 2 < sizes.size(); z += 3) {
    const int M = sizes[z], N = sizes[z + 1], K = sizes[z + 2];
    if (M < 1 || N % 8 != 0 || K % 16 != 0) {
      printf("gemm_fp8: FAIL: %d x %d x %d: n must be a multiple of 8 and k of 16\n", M, N, K);
      return 1;
    }
    fp8 *A, *B;
    bf16* C[5 + kTileShapes];
    bench_alloc(&A, &B, C, nt, M, N, K, z, 4.0f);

    LtGemm g[2] = {lt_setup(lt, M, N, K, A, B, C[0], d_scale_a, d_scale_b, workspace, workspace_bytes, false),
                   lt_setup(lt, M, N, K, A, B, C[1], d_scale_a, d_scale_b, workspace, workspace_bytes, true)};
    std::vector<std::function<void()>> f;
    for (int i = 0; i < 2; ++i) {
      bf16* out = C[i];
      LtGemm* gi = &g[i];
      f.push_back([=, &lt] {
        CUBLAS_CHECK(cublasLtMatmul(lt, gi->op, &alpha, B, gi->a, A, gi->b, &beta, out, gi->c, out, gi->c, &gi->algo,
                                    workspace, workspace_bytes, 0));
      });
    }
    bf16* c2 = C[2];
    f.push_back([=] { CUDA_CHECK(gemm_fp8(A, B, c2, M, N, K, scale_a, scale_b)); });
    float *block_sa = nullptr, *block_sb = nullptr;  // every block scale the per-tensor one
#ifdef GEMM_FP8_BLOCKWISE_SOURCE
    if (bw) {
      const size_t kb = (size_t)(K + 127) / 128, nb = (size_t)(N + 127) / 128;
      const std::vector<float> sa(kb * M, scale_a), sb(nb * kb, scale_b);
      CUDA_CHECK(cudaMalloc(&block_sa, sa.size() * sizeof(float)));
      CUDA_CHECK(cudaMalloc(&block_sb, sb.size() * sizeof(float)));
      CUDA_CHECK(cudaMemcpy(block_sa, sa.data(), sa.size() * sizeof(float), cudaMemcpyHostToDevice));
      CUDA_CHECK(cudaMemcpy(block_sb, sb.data(), sb.size() * sizeof(float), cudaMemcpyHostToDevice));
      bf16* c3 = C[3];
      f.push_back([=] { CUDA_CHECK(blockwise::gemm_fp8_blockwise(A, B, c3, block_sa, block_sb, M, N, K)); });
    }
#endif
    for (int i = nf; i < nt; ++i) {
      bf16* ci = C[i];
      const GemmTile tile = (GemmTile)(i - nf);
      f.push_back([=] { CUDA_CHECK(gemm_fp8_tile(A, B, ci, M, N, K, scale_a, scale_b, tile)); });
    }
    for (auto& fn : f) fn();
    LAUNCH_CHECK();
    double forced_err = 0;
    for (int i = nf; i < nt; ++i) {
      std::vector<bf16> hi((size_t)M * N), h2((size_t)M * N);
      CUDA_CHECK(cudaMemcpy(hi.data(), C[i], hi.size() * sizeof(bf16), cudaMemcpyDeviceToHost));
      CUDA_CHECK(cudaMemcpy(h2.data(), C[2], h2.size() * sizeof(bf16), cudaMemcpyDeviceToHost));
      const double e = rel_frobenius(hi, h2);
      forced_err = e > forced_err || e != e ? e : forced_err;
    }
    std::vector<bf16> h[4];
    for (int i = 0; i < nf; ++i) {
      h[i].resize((size_t)M * N);
      CUDA_CHECK(cudaMemcpy(h[i].data(), C[i], h[i].size() * sizeof(bf16), cudaMemcpyDeviceToHost));
    }
    std::vector<fp8> hA((size_t)M * K), hB((size_t)N * K);
    CUDA_CHECK(cudaMemcpy(hA.data(), A, hA.size(), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(hB.data(), B, hB.size(), cudaMemcpyDeviceToHost));
    const double limit = 3e-2;
    double err[4] = {0, 0, 0, 0}, sampled[4] = {0, 0, 0, 0};
    bool good = true;
    for (int i = 0; i < nf; ++i) {
      err[i] = rel_frobenius(h[i], h[0]);
      sampled[i] = sampled_error(h[i], hA, hB, M, N, K, (double)scale_a * scale_b);
      good = good && err[i] < limit && sampled[i] < limit;  // NaN fails
    }
    good = good && forced_err < limit;
    ok = ok && good;

    for (int i = 0; i < 5; ++i)
      for (auto& fn : f) fn();
    LAUNCH_CHECK();
    float t[2][5 + kTileShapes];
    for (int round = 0; round < 2; ++round)
      if (cold) median_ms_cold(f, ea, eb, 30, flush, flush_bytes, t[round]);
      else median_ms(f, ea, eb, 20, 5, t[round]);
    LAUNCH_CHECK();
    const double flop = 2.0 * M * N * K;
    float best[5 + kTileShapes];
    for (int i = 0; i < nt; ++i) best[i] = std::min(t[0][i], t[1][i]);
    printf("| %d x %d x %d |", M, N, K);
    for (int i = 0; i < nf; ++i) printf(" %.0f, %.0f |", flop / t[0][i] / 1e9, flop / t[1][i] / 1e9);
    printf(" %.3fx | %.3fx |", best[0] / best[2], best[1] / best[2]);
    if (bw) printf(" %.3fx |", best[0] / best[3]);
    printf(" %.1e", err[2]);
    if (bw) printf(", blockwise %.1e", err[3]);
    printf(" |");
    for (int i = 0; i < nf; ++i) printf("%s%.1e", i ? ", " : " ", sampled[i]);
    printf("%s |", good ? "" : " FAIL");
    for (int i = nf; i < nt; ++i) printf(" %.3fx |", best[1] / best[i]);
    if (all) printf(" forced-tile error vs ours %.1e |", forced_err);
    printf("\n");
    fflush(stdout);
    for (auto& gi : g) lt_destroy(gi);
    bench_free(A, B, C, nt);
    if (block_sa) CUDA_CHECK(cudaFree(block_sa));
    if (block_sb) CUDA_CHECK(cudaFree(block_sb));
  }
  CUDA_CHECK(cudaFree(workspace));
  if (flush) CUDA_CHECK(cudaFree(flush));
  CUDA_CHECK(cudaFree(d_scale_a));
  CUDA_CHECK(cudaFree(d_scale_b));
  CUBLAS_CHECK(cublasLtDestroy(lt));
  printf("gemm_fp8 bench: %s\n", ok ? "PASS" : "FAIL (an error at or above 3e-2)");
  return ok ? 0 : 1;
}
