// bench/trace_overhead/tu.cu - one variant of one example, rewritten by
// tirx-pp, behind plain C entry points that ovh.cu calls: compiled once per
// variant with
//   -DNAME=gemm_traced -DSRC=src/gemm_bf16_traced.cu -DIS_GEMM -DPFX=tirx
// (PFX: the prefix of the trace header's functions, absent for a plain
// variant; VARIANT_HEADER: another trace header, with its functions renamed).
#define STR_(x) #x
#define STR(x) STR_(x)
#include "tirx.h"
#ifdef VARIANT_HEADER
#include STR(VARIANT_HEADER)
#endif
#define GEMM_BF16_NO_MAIN
#define ATTENTION_FWD_NO_MAIN
#include STR(SRC)

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

#ifdef IS_GEMM
extern "C" cudaError_t CAT(NAME, _run)(const void *A, const void *B, void *C, int M, int N, int K) {
  return gemm_bf16((const bf16 *)A, (const bf16 *)B, (bf16 *)C, M, N, K);
}
#else
extern "C" cudaError_t CAT(NAME, _run)(const void *Q, const void *K, const void *V, void *O, float *lse, int b, int h,
                                       int s, int d, bool causal) {
  return attention_fwd((const bf16 *)Q, (const bf16 *)K, (const bf16 *)V, (bf16 *)O, lse, b, h, h, s, d, causal);
}
#endif
#ifdef PFX
extern "C" cudaError_t CAT(NAME, _begin)() { return CAT(PFX, _trace_begin)(0, 0); }
extern "C" cudaError_t CAT(NAME, _end)(const char *path) { return CAT(PFX, _trace_end)(path); }
#else
extern "C" cudaError_t CAT(NAME, _begin)() { return cudaSuccess; }
extern "C" cudaError_t CAT(NAME, _end)(const char *) { return cudaSuccess; }
#endif
