// jit_saxpy.c - a host program that compiles an annotated kernel at run time
// through libtirx_rt (runtime/tirx_rt.h) and checks it against a CPU loop.
//
//   jit_saxpy [n]     n elements (default 1000003; any n, ragged included)
//
// The kernel moves W = 4 consecutive elements per thread: one float4 load of
// x and y and one store of y where the 16 bytes are aligned (`#pragma tirx
// vectorize`), the loop expanded by tirx-pp at the ragged end (`#pragma tirx
// unroll`). A second kernel reports its thread block cluster, launched with
// cluster dimensions (2, 1, 1), which only cuLaunchKernelEx can give. The
// first run compiles (tirx-pp in-process, NVRTC, cubin for this GPU); the
// second compile of the same source comes from the disk cache
// ($TIRX_RT_CACHE_DIR, default ~/.cache/tirx-rt).
// Exit status: 0 PASS, 1 FAIL, 77 no GPU.
//
// Where libclang is missing (a GPU machine with only the driver and the
// toolkit), the rewrite comes from the cache: build this file a second time
// with -DJIT_PREPARE (jit_saxpy_prepare, linked to tirx_rt_core alone: no
// Driver API, no GPU) and run that where tirx-pp builds,
//
//   jit_saxpy_prepare [arch...]   (default sm_90a)
//
// which stores the rewrite in $TIRX_RT_CACHE_DIR; copy that directory to the
// GPU machine and point $TIRX_RT_CACHE_DIR at it (tests/gpu/run_rt.sh does).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx_rt.h"

static const char *source =
    "#include \"tirx.h\"\n"
    "\n"
    "constexpr int W = 4;\n"
    "\n"
    "// y = a * x + y, W consecutive elements per thread.\n"
    "__global__ void saxpy(float a, const float *x, float *y, int n) {\n"
    "  int base = (blockIdx.x * blockDim.x + threadIdx.x) * W;\n"
    "  if (base + W <= n) {\n"
    "#pragma tirx vectorize\n"
    "    for (int v = 0; v < W; ++v) y[base + v] = a * x[base + v] + y[base + v];\n"
    "  } else {\n"
    "#pragma tirx unroll\n"
    "    for (int v = 0; v < W; ++v)\n"
    "      if (base + v < n) y[base + v] = a * x[base + v] + y[base + v];\n"
    "  }\n"
    "}\n"
    "\n"
    "// Each block's cluster size and its rank in the cluster (sm_90).\n"
    "__global__ void cluster_rank(unsigned *out) {\n"
    "  unsigned size = 1, rank = 0;\n"
    "#if __CUDA_ARCH__ >= 900\n"
    "  asm(\"mov.u32 %0, %%cluster_nctarank;\" : \"=r\"(size));\n"
    "  asm(\"mov.u32 %0, %%cluster_ctarank;\" : \"=r\"(rank));\n"
    "#endif\n"
    "  if (threadIdx.x == 0) out[2 * blockIdx.x] = size, out[2 * blockIdx.x + 1] = rank;\n"
    "}\n";

// The same options in both builds, so that the rewrite's key is the same.
static const char *kernels[] = {"saxpy", "cluster_rank"};
static const TirxRtCompileOptions options = {.kernels = kernels, .nkernels = 2, .name = "saxpy.cu"};

#ifdef JIT_PREPARE
int main(int argc, char **argv) {
  const char *dflt[] = {"sm_90a"};
  const char *const *archs = argc > 1 ? (const char *const *)argv + 1 : dflt;
  int n = argc > 1 ? argc - 1 : 1, bad = 0;
  for (int i = 0; i < n; i++) {
    TirxRtCompileOptions opt = options;
    opt.arch = archs[i];
    char msg[2048], *log = NULL;
    TirxRtStatus st = tirx_rt_prepare(source, strlen(source), &opt, &log, msg, sizeof msg);
    if (st == TIRX_RT_OK)
      printf("jit: prepared the rewrite of %s for %s\n%s", opt.name, opt.arch, log);
    else
      printf("jit: FAIL %s: %s\n%s", tirx_rt_status_name(st), msg, log ? log : "");
    bad |= st != TIRX_RT_OK;
    free(log);
  }
  return bad;
}
#else
static int check(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS) return 0;
  const char *name = NULL;
  cuGetErrorName(r, &name);
  printf("jit: FAIL %s: %s\n", what, name ? name : "error");
  return 1;
}

// cluster_rank on 8 blocks in clusters of 2: every block must see a cluster
// of 2 and its rank blockIdx.x % 2.
static int check_clusters(TirxRt *rt, TirxRtModule *m) {
  enum { BLOCKS = 8 };
  unsigned out[2 * BLOCKS];
  CUdeviceptr d;
  if (check(cuMemAlloc(&d, sizeof out), "cuMemAlloc") || check(cuMemsetD8(d, 0xFF, sizeof out), "cuMemsetD8")) return 1;
  void *args[] = {&d};
  TirxRtLaunch l = {.grid = {BLOCKS}, .block = {32}, .cluster = {2, 1, 1}};
  int bad = 0;
  if (tirx_rt_launch(m, "cluster_rank", &l, args) != TIRX_RT_OK) {
    printf("jit: FAIL %s\n", tirx_rt_message(rt));
    bad = 1;
  }
  bad = bad || check(cuCtxSynchronize(), "cluster_rank") || check(cuMemcpyDtoH(out, d, sizeof out), "cuMemcpyDtoH");
  for (int b = 0; b < BLOCKS && !bad; b++)
    if (out[2 * b] != 2 || out[2 * b + 1] != (unsigned)b % 2) {
      printf("jit: FAIL block %d: cluster of %u, rank %u; expected 2 and %d\n", b, out[2 * b], out[2 * b + 1], b % 2);
      bad = 1;
    }
  if (!bad) printf("jit: clusters of 2 PASS\n");
  cuMemFree(d);
  return bad;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000003;
  if (n < 1) return fprintf(stderr, "usage: %s [n >= 1]\n", argv[0]), 2;
  TirxRt *rt;
  if (tirx_rt_create(0, &rt) != TIRX_RT_OK) {
    printf("SKIP: jit: no CUDA GPU (%s)\n", tirx_rt_message(rt));
    tirx_rt_destroy(rt);
    return 77;
  }
  TirxRtCompileOptions opt = options;
  TirxRtModule *m = NULL;
  for (int pass = 0; pass < 2; pass++) {  // the second compile: from the cache
    tirx_rt_module_free(m);
    if (tirx_rt_compile(rt, source, strlen(source), &opt, &m) != TIRX_RT_OK) {
      printf("jit: FAIL %s\n%s", tirx_rt_message(rt), tirx_rt_log(rt));
      tirx_rt_destroy(rt);
      return 1;
    }
  }
  printf("jit: compiled; second compile %s\n", tirx_rt_module_cached(m) ? "from the cache" : "not cached");
  // The second compile of the same source must come from the disk cache,
  // unless the cache is off.
  const char *cache = getenv("TIRX_RT_CACHE_DIR");
  if (!tirx_rt_module_cached(m) && !(cache && !strcmp(cache, "off"))) {
    printf("jit: FAIL the second compile missed the cache ($TIRX_RT_CACHE_DIR, else $XDG_CACHE_HOME/tirx-rt or "
           "~/.cache/tirx-rt, must be writable)\n");
    tirx_rt_module_free(m);
    tirx_rt_destroy(rt);
    return 1;
  }

  float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y), *want = malloc((size_t)n * sizeof *want);
  const float a = 1.5f;
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 1000) / 250.0f - 2.0f;
    y[i] = (float)(i % 7) - 3.0f;
    want[i] = a * x[i] + y[i];  // fma on the GPU may differ in the last bit
  }
  CUdeviceptr dx, dy;
  int bad = check(cuMemAlloc(&dx, (size_t)n * 4), "cuMemAlloc") || check(cuMemAlloc(&dy, (size_t)n * 4), "cuMemAlloc") ||
            check(cuMemcpyHtoD(dx, x, (size_t)n * 4), "cuMemcpyHtoD") ||
            check(cuMemcpyHtoD(dy, y, (size_t)n * 4), "cuMemcpyHtoD");
  void *args[] = {(void *)&a, &dx, &dy, &n};
  unsigned threads = (unsigned)((n + 3) / 4);
  TirxRtLaunch l = {.grid = {(threads + 255) / 256}, .block = {256}};
  if (!bad && tirx_rt_launch(m, "saxpy", &l, args) != TIRX_RT_OK) {
    printf("jit: FAIL %s\n", tirx_rt_message(rt));
    bad = 1;
  }
  bad = bad || check(cuCtxSynchronize(), "saxpy") || check(cuMemcpyDtoH(y, dy, (size_t)n * 4), "cuMemcpyDtoH");
  for (int i = 0; i < n && !bad; i++)
    if (!(fabsf(y[i] - want[i]) <= 1e-6f * (1.0f + fabsf(want[i])))) {
      printf("jit: FAIL y[%d] = %.9g, expected %.9g\n", i, y[i], want[i]);
      bad = 1;
    }
  if (!bad) bad = check_clusters(rt, m);
  if (!bad) printf("jit: n=%d PASS\n", n);
  cuMemFree(dx), cuMemFree(dy);
  free(x), free(y), free(want);
  tirx_rt_module_free(m);
  tirx_rt_destroy(rt);
  return bad;
}
#endif
