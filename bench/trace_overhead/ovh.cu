// bench/trace_overhead/ovh.cu - what `tirx-pp --trace` costs, in one process
// (bench/trace_overhead/run.sh builds and runs it): examples/gemm_bf16.cu and
// examples/attention_fwd.cu, plain and traced (each variant a tu.cu object;
// variants.h lists them, plain first; more variants, e.g. other trace
// headers under other names, can sit beside them).
// 1. correctness: every traced variant's output equals the plain one bit for
//    bit, and the plain one the CPU reference (GEMM 512 x 768 x 1064,
//    attention 2 x 3 x 1000 x 128 causal and not); each traced run writes
//    OUT/gemm_NAME.json, OUT/attn_NAME[_causal].json and prints its summary;
// 2. timing: gemm_bf16 at 4096^3 and 8192^3, attention_fwd at 4 x 32 x 4096
//    x 128 causal and not: launches alternating between the variants (the
//    order rotated each round), 256 MiB rewritten before each (a cold L2),
//    every traced launch inside an open session (recorded); per variant the
//    median of ROUNDS samples, its ratio to plain's median, and the median of
//    the per-round ratios.
//   ovh OUT_DIR [ROUNDS]   (exit 77 without an sm_90 GPU; ROUNDS 0: the checks
//                          only, with GEMM 300 x 520 x 200 and attention 1 x 2 x
//                          129 at d 64 causal and d 128 besides)
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

// variants.h lists the variants: GEMM_V(name) and ATTN_V(name), plain first,
// each built from tu.cu with -DNAME=gemm_name or attn_name. Weak: a variant
// whose object is not linked in is left out.
#define WEAK extern "C" __attribute__((weak))
#define GEMM_V(n)                                                                    \
  WEAK cudaError_t gemm_##n##_run(const void *, const void *, void *, int, int, int); \
  WEAK cudaError_t gemm_##n##_begin();                                         \
  WEAK cudaError_t gemm_##n##_end(const char *);
#define ATTN_V(n)                                                                                                 \
  WEAK cudaError_t attn_##n##_run(const void *, const void *, const void *, void *, float *, int, int, int, int, \
                                        bool);                                                                    \
  WEAK cudaError_t attn_##n##_begin();                                                                      \
  WEAK cudaError_t attn_##n##_end(const char *);
#include "variants.h"
#undef GEMM_V
#undef ATTN_V

typedef cudaError_t (*gemm_fn)(const void *, const void *, void *, int, int, int);
typedef cudaError_t (*attn_fn)(const void *, const void *, const void *, void *, float *, int, int, int, int, bool);
typedef cudaError_t (*begin_fn)();
typedef cudaError_t (*end_fn)(const char *);
struct GemmV { const char *name; gemm_fn run; begin_fn begin; end_fn end; };
struct AttnV { const char *name; attn_fn run; begin_fn begin; end_fn end; };
#define GEMM_V(n) {#n, gemm_##n##_run, gemm_##n##_begin, gemm_##n##_end},
#define ATTN_V(n)
static const GemmV gemm_table[] = {
#include "variants.h"
};
#undef GEMM_V
#undef ATTN_V
#define GEMM_V(n)
#define ATTN_V(n) {#n, attn_##n##_run, attn_##n##_begin, attn_##n##_end},
static const AttnV attn_table[] = {
#include "variants.h"
};
#undef GEMM_V
#undef ATTN_V
template <class V, size_t N>
static std::vector<V> linked(const V (&table)[N]) {
  std::vector<V> v;
  for (const V &x : table)
    if (x.run) v.push_back(x);
  return v;
}
static const std::vector<GemmV> gemms = linked(gemm_table);
static const std::vector<AttnV> attns = linked(attn_table);
static const int NG = (int)gemms.size(), NA = (int)attns.size();

#define CK(x)                                                                              \
  do {                                                                                     \
    cudaError_t e_ = (x);                                                                  \
    if (e_ != cudaSuccess) {                                                               \
      printf("ovh: FAIL: %s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

static int failures = 0;
static uint32_t rng = 12345;
static float frand() {  // [-1, 1)
  rng = rng * 1664525u + 1013904223u;
  return (float)((rng >> 8) & 0xffff) / 32768.0f - 1.0f;
}
template <class T>
static T *dalloc(size_t n) {
  T *p = nullptr;
  CK(cudaMalloc((void **)&p, n * sizeof(T)));
  return p;
}
static std::vector<__nv_bfloat16> randbf(size_t n, float scale, std::vector<float> &f) {
  std::vector<__nv_bfloat16> h(n);
  f.resize(n);
  for (size_t i = 0; i < n; ++i) f[i] = __bfloat162float(h[i] = __float2bfloat16_rn(scale * frand()));
  return h;
}
template <class T>
static std::vector<T> down(const T *d, size_t n) {
  std::vector<T> h(n);
  CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

// 1a. GEMM 512 x 768 x 1064: plain against the CPU, every traced variant against plain.
static void check_gemm(const std::string &out, const char *tag, int M, int N, int K) {
  std::vector<float> fA, fB;
  auto hA = randbf((size_t)M * K, 1, fA), hB = randbf((size_t)N * K, 1, fB);
  __nv_bfloat16 *A = dalloc<__nv_bfloat16>(hA.size()), *Bm = dalloc<__nv_bfloat16>(hB.size()),
                *C = dalloc<__nv_bfloat16>((size_t)M * N);
  CK(cudaMemcpy(A, hA.data(), hA.size() * 2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Bm, hB.data(), hB.size() * 2, cudaMemcpyHostToDevice));
  std::vector<__nv_bfloat16> ref;
  for (int v = 0; v < NG; ++v) {
    CK(cudaMemset(C, 0xff, (size_t)M * N * 2));
    std::string json = out + "/gemm_" + gemms[v].name + tag + ".json";
    CK(gemms[v].begin());
    CK(gemms[v].run(A, Bm, C, M, N, K));
    CK(gemms[v].end(json.c_str()));
    CK(cudaDeviceSynchronize());
    std::vector<__nv_bfloat16> got = down(C, (size_t)M * N);
    if (v == 0) {
      int bad = 0;
      for (int m = 0; m < M && !bad; ++m)
        for (int n = 0; n < N; ++n) {
          double want = 0;
          for (int k = 0; k < K; ++k) want += (double)fA[(size_t)m * K + k] * fB[(size_t)n * K + k];
          const double g = __bfloat162float(got[(size_t)m * N + n]);
          if (!(fabs(g - want) <= 0.05 + fabs(want) / 64)) {
            printf("ovh: FAIL: gemm plain C[%d][%d] = %g, want %g\n", m, n, g, want);
            bad = 1, failures++;
            break;
          }
        }
      if (!bad) printf("ovh: gemm %d x %d x %d plain matches the CPU reference\n", M, N, K);
      ref = got;
    } else if (memcmp(got.data(), ref.data(), ref.size() * 2) != 0) {
      printf("ovh: FAIL: gemm traced %s differs from plain\n", gemms[v].name);
      failures++;
    } else {
      printf("ovh: gemm traced %s equals plain bit for bit (trace %s)\n", gemms[v].name, json.c_str());
    }
  }
  cudaFree(A), cudaFree(Bm), cudaFree(C);
}

// 1b. Attention 2 x 3 x 1000 x 128, causal and not: plain against the CPU
// (every 7th row), traced variants against plain.
static void check_attn(const std::string &out, const char *tag, int Bb, int H, int S, int D, bool causal) {
  const size_t n = (size_t)Bb * H * S * D;
  std::vector<float> fq, fk, fv;
  auto hq = randbf(n, 2, fq), hk = randbf(n, 2, fk), hv = randbf(n, 1, fv);
  __nv_bfloat16 *q = dalloc<__nv_bfloat16>(n), *k = dalloc<__nv_bfloat16>(n), *v_ = dalloc<__nv_bfloat16>(n),
                *o = dalloc<__nv_bfloat16>(n);
  float *lse = dalloc<float>((size_t)Bb * H * S);
  CK(cudaMemcpy(q, hq.data(), n * 2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(k, hk.data(), n * 2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(v_, hv.data(), n * 2, cudaMemcpyHostToDevice));
  std::vector<__nv_bfloat16> ref;
  for (int v = 0; v < NA; ++v) {
    CK(cudaMemset(o, 0xff, n * 2));
    std::string json = out + "/attn_" + attns[v].name + tag + (causal ? "_causal" : "") + ".json";
    CK(attns[v].begin());
    CK(attns[v].run(q, k, v_, o, lse, Bb, H, S, D, causal));
    CK(attns[v].end(json.c_str()));
    CK(cudaDeviceSynchronize());
    std::vector<__nv_bfloat16> got = down(o, n);
    if (v == 0) {
      std::vector<double> sc(S), want(n, NAN);
      double max_ref = 0;
      for (int bh = 0; bh < Bb * H; ++bh)
        for (int i = 0; i < S; i += (i + 7 < S ? 7 : 1)) {
          const float *qq = &fq[((size_t)bh * S + i) * D];
          const int keys = causal ? i + 1 : S;
          double mx = -INFINITY, sum = 0;
          for (int j = 0; j < keys; ++j) {
            double dot = 0;
            for (int x = 0; x < D; ++x) dot += (double)qq[x] * fk[((size_t)bh * S + j) * D + x];
            mx = fmax(mx, sc[j] = dot / sqrt((double)D));
          }
          for (int j = 0; j < keys; ++j) sum += (sc[j] = exp(sc[j] - mx));
          for (int x = 0; x < D; ++x) {
            double a = 0;
            for (int j = 0; j < keys; ++j) a += sc[j] * fv[((size_t)bh * S + j) * D + x];
            max_ref = fmax(max_ref, fabs(want[((size_t)bh * S + i) * D + x] = a / sum));
          }
        }
      int bad = 0;
      for (size_t i = 0; i < n && !bad; ++i) {
        const double g = __bfloat162float(got[i]);
        if (!std::isnan(want[i]) && !(fabs(g - want[i]) <= max_ref / 128)) {
          printf("ovh: FAIL: attention%s plain O[%zu] = %g, want %g\n", causal ? " causal" : "", i, g, want[i]);
          bad = 1, failures++;
        }
      }
      if (!bad) printf("ovh: attention %d x %d x %d x %d%s plain matches the CPU reference\n", Bb, H, S, D,
                       causal ? " causal" : "");
      ref = got;
    } else if (memcmp(got.data(), ref.data(), n * 2) != 0) {
      printf("ovh: FAIL: attention%s traced %s differs from plain\n", causal ? " causal" : "", attns[v].name);
      failures++;
    } else {
      printf("ovh: attention%s traced %s equals plain bit for bit (trace %s)\n", causal ? " causal" : "",
             attns[v].name, json.c_str());
    }
  }
  cudaFree(q), cudaFree(k), cudaFree(v_), cudaFree(o), cudaFree(lse);
}

static __global__ void fill_kernel(__nv_bfloat16 *p, size_t n, uint32_t seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    uint32_t h = (uint32_t)i * 2654435761u ^ seed;
    h ^= h >> 15, h *= 2246822519u, h ^= h >> 13;
    p[i] = __float2bfloat16_rn((float)(h & 0xffff) / 32768.0f - 1.0f);
  }
}
static __nv_bfloat16 *drand(size_t n, uint32_t seed) {
  __nv_bfloat16 *p = dalloc<__nv_bfloat16>(n);
  fill_kernel<<<1024, 256>>>(p, n, seed);
  CK(cudaGetLastError());
  return p;
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// 2. Variants alternating (the order rotated each round), L2 flushed before each launch.
static void timing(const char *what, const std::vector<std::string> &names,
                   const std::vector<std::function<void()>> &run, int rounds, void *flush, size_t flush_bytes) {
  const int nv = (int)run.size();
  if (nv == 0) return;  // no variant of this kernel linked in
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int w = 0; w < 2; ++w)
    for (int v = 0; v < nv; ++v) run[v]();
  CK(cudaDeviceSynchronize());
  std::vector<std::vector<double>> ms(nv), ratio(nv);
  for (int r = 0; r < rounds; ++r) {
    std::vector<double> t(nv);
    for (int i = 0; i < nv; ++i) {
      const int v = (i + r) % nv;
      CK(cudaMemsetAsync(flush, r + i, flush_bytes));
      CK(cudaEventRecord(a));
      run[v]();
      CK(cudaEventRecord(b));
      CK(cudaEventSynchronize(b));
      float f = 0;
      CK(cudaEventElapsedTime(&f, a, b));
      t[v] = f;
    }
    for (int v = 0; v < nv; ++v) ms[v].push_back(t[v]), ratio[v].push_back(t[v] / t[0]);
  }
  printf("%s (%d rounds, cold L2):\n", what, rounds);
  const double m0 = median(ms[0]);
  for (int v = 0; v < nv; ++v)
    printf("  %-6s median %.4f ms  min %.4f ms  ratio of medians %.4f  median of ratios %.4f\n", names[v].c_str(),
           median(ms[v]), *std::min_element(ms[v].begin(), ms[v].end()), median(ms[v]) / m0, median(ratio[v]));
  fflush(stdout);
  cudaEventDestroy(a), cudaEventDestroy(b);
}

int main(int argc, char **argv) {
  const std::string out = argc > 1 ? argv[1] : ".";
  const int rounds = argc > 2 ? atoi(argv[2]) : 30;
  int dev = 0, major = 0, minor = 0;
  if (cudaGetDeviceCount(&dev) != cudaSuccess || dev == 0) return 77;
  CK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  CK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0));
  if (major != 9) return 77;
  check_gemm(out, "", 512, 768, 1064);
  check_attn(out, "", 2, 3, 1000, 128, false);
  check_attn(out, "", 2, 3, 1000, 128, true);
  if (rounds <= 0) {  // checks only: more sizes, ragged
    check_gemm(out, "_300", 300, 520, 200);
    check_attn(out, "_129d64", 1, 2, 129, 64, true);
    check_attn(out, "_129", 1, 2, 129, 128, false);
    printf(failures ? "ovh: FAIL (%d)\n" : "ovh: PASS\n", failures);
    return failures ? 1 : 0;
  }
  fflush(stdout);

  const size_t flush_bytes = (size_t)256 << 20;
  void *flush = dalloc<char>(flush_bytes);
  // Every traced launch below is recorded: every variant's session is open
  // (variants sharing a trace header share one; beginning it again does nothing).
  for (int v = 0; v < NG; ++v) CK(gemms[v].begin());
  for (int v = 0; v < NA; ++v) CK(attns[v].begin());
  std::vector<std::string> gn;
  for (int v = 0; v < NG; ++v) gn.push_back(gemms[v].name);
  for (int size : {4096, 8192}) {
    const int M = size, N = size, K = size;
    __nv_bfloat16 *A = drand((size_t)M * K, 1), *Bm = drand((size_t)N * K, 2), *C = dalloc<__nv_bfloat16>((size_t)M * N);
    std::vector<std::function<void()>> run;
    for (int v = 0; v < NG; ++v) run.push_back([=] { CK(gemms[v].run(A, Bm, C, M, N, K)); });
    char what[96];
    snprintf(what, sizeof what, "gemm_bf16 %d x %d x %d", M, N, K);
    timing(what, gn, run, rounds, flush, flush_bytes);
    cudaFree(A), cudaFree(Bm), cudaFree(C);
  }
  std::vector<std::string> an;
  for (int v = 0; v < NA; ++v) an.push_back(attns[v].name);
  {
    const int Bb = 4, H = 32, S = 4096, D = 128;
    const size_t n = (size_t)Bb * H * S * D;
    __nv_bfloat16 *q = drand(n, 3), *k = drand(n, 4), *v_ = drand(n, 5), *o = dalloc<__nv_bfloat16>(n);
    float *lse = dalloc<float>((size_t)Bb * H * S);
    for (bool causal : {false, true}) {
      std::vector<std::function<void()>> run;
      for (int v = 0; v < NA; ++v) run.push_back([=] { CK(attns[v].run(q, k, v_, o, lse, Bb, H, S, D, causal)); });
      char what[96];
      snprintf(what, sizeof what, "attention_fwd %d x %d x %d x %d%s", Bb, H, S, D, causal ? " causal" : "");
      timing(what, an, run, rounds, flush, flush_bytes);
    }
    cudaFree(q), cudaFree(k), cudaFree(v_), cudaFree(o), cudaFree(lse);
  }
  CK(cudaDeviceSynchronize());
  // The sessions' summaries of the last launches (rings wrapped: the latest kept).
  for (int v = 0; v < NG; ++v) CK(gemms[v].end("/dev/null"));
  for (int v = 0; v < NA; ++v) CK(attns[v].end("/dev/null"));
  printf(failures ? "ovh: FAIL (%d)\n" : "ovh: PASS\n", failures);
  return failures ? 1 : 0;
}
