// rt_runner.c - every example's kernels compiled at test time through
// libtirx_rt (tirx-pp in-process or already run, NVRTC, cuModuleLoadData),
// launched with the example's sizes (ragged ones included) and checked
// against a CPU reference written here, with the example's tolerance.
//
//   rt_runner [--root DIR] [--rewritten DIR] [--sizes "default 1 7 ..."] [NAME...]
//
// --root: the source tree (default .): examples/, headers/, headers/tirx/nvrtc_include,
// tests/gpu/rt/. --rewritten: take DIR/NAME.cu, tirx-pp's output for
// examples/NAME.cu, and compile it with NVRTC only (where libclang is missing);
// otherwise the annotated example is rewritten in-process.
//
// An example file is host and device code; NVRTC compiles only device code, so
// each file is cut at its "// ---- CPU reference" or "// ---- main" line, and
// tests/gpu/rt/harness.h stands in for examples/harness.h (what the kernels
// use of it). A new example keeps that layout. Constants of the example that
// its run needs (gemm_bf16's tile shapes) are read from the example itself: a
// probe kernel appended to the device part (Example.probe) writes them out.
//
// Output: one line per example and size, `NAME SIZE: PASS` or `NAME SIZE:
// FAIL reason`; then `N passed, M failed`. Without a GPU each example prints
// `SKIP: NAME: no CUDA GPU (reason)` and the exit status is 77. An example
// bound to one compute capability (gemm_bf16: 9.x, sm_90a) prints `SKIP: NAME:
// needs ...` on another GPU and counts as neither passed nor failed; when every
// example chosen was skipped so, the exit status is 77 too (ctest's gpu_rt_NAME
// is then not run, never passed).
//
// Built with -DRT_COMPILE_ONLY it needs no Driver API: it compiles every
// example to a cubin (rewriter + NVRTC) and checks that each kernel has a
// lowered name: what CI runs without a GPU.
#define _GNU_SOURCE
#include <math.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef RT_COMPILE_ONLY
#include "rt_internal.h"
#else
#include "tirx_rt.h"
#endif

typedef struct Run Run;
typedef struct {
  const char *name;
  const char *kernels[8];  // name expressions, NULL-terminated
  // Appended to the example's device part (NULL: nothing): a kernel that
  // reads the example's own constants for its run (gemm_bf16's tile shapes).
  const char *probe;
  // Runs every kernel at `size` (0: the example's default), returns 0 on PASS.
  int (*run)(Run *r, int size);
  // Only for GPUs of this compute capability major (0: any), compiled for
  // `arch` (NULL: the device's, or --arch without one). gemm_bf16's wgmma and
  // setmaxnreg exist on sm_90a only.
  int major;
  const char *arch;
} Example;

static const char *root = ".";
static const char *rewritten_dir;

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *data = NULL;
  size_t cap = 0, n = 0, got;
  do {
    if (n + 65536 > cap) {
      char *d = realloc(data, cap = 2 * cap + 65536);
      if (!d) break;
      data = d;
    }
    got = fread(data + n, 1, cap - n - 1, f);
    n += got;
  } while (got > 0);
  fclose(f);
  if (data) data[n] = '\0';
  *len = n;
  return data;
}

// The device part of an example: up to its CPU reference or main section.
static size_t device_part(const char *src, size_t len) {
  const char *marks[] = {"\n// ---- CPU reference", "\n// ---- main"};
  size_t end = len;
  for (int i = 0; i < 2; i++) {
    const char *p = strstr(src, marks[i]);
    if (p && (size_t)(p - src) + 1 < end) end = (size_t)(p - src) + 1;
  }
  return end;
}

static char *example_source(const Example *e, size_t *len, char *why, size_t whylen) {
  char path[4096];
  if (rewritten_dir)
    snprintf(path, sizeof path, "%s/%s.cu", rewritten_dir, e->name);
  else
    snprintf(path, sizeof path, "%s/examples/%s.cu", root, e->name);
  char *src = read_file(path, len);
  if (!src) {
    snprintf(why, whylen, "cannot read %.900s", path);
    return NULL;
  }
  *len = device_part(src, *len);
  src[*len] = '\0';
  if (e->probe) {
    const size_t n = strlen(e->probe);
    char *with = realloc(src, *len + n + 1);
    if (!with) {
      free(src);
      snprintf(why, whylen, "out of host memory");
      return NULL;
    }
    memcpy(with + *len, e->probe, n + 1);
    src = with, *len += n;
  }
  return src;
}

static int nkernels(const Example *e) {
  int n = 0;
  while (n < 8 && e->kernels[n]) n++;
  return n;
}

// The include dirs: the stand-in harness.h first, then examples/ for the
// headers an example shares with another (gemm_bf16_tiles.cuh).
static char stand_in[4096], examples_dir[4096];
static const char *include_dirs[2];

static void set_paths(void) {
  static char headers[4096], nvrtc_include[4096];
  snprintf(stand_in, sizeof stand_in, "%s/tests/gpu/rt", root);
  snprintf(examples_dir, sizeof examples_dir, "%s/examples", root);
  snprintf(headers, sizeof headers, "%s/headers", root);
  snprintf(nvrtc_include, sizeof nvrtc_include, "%s/headers/tirx/nvrtc_include", root);
  setenv("TIRX_RT_HEADER_DIR", headers, 0);
  setenv("TIRX_RT_NVRTC_INCLUDE", nvrtc_include, 0);
  include_dirs[0] = stand_in;
  include_dirs[1] = examples_dir;
}

// The example's device part and its compile options (naming `name`, "NAME.cu").
static char *example_input(const Example *e, size_t *len, char name[256], TirxRtCompileOptions *o, char *why,
                           size_t whylen) {
  snprintf(name, 256, "%s.cu", e->name);
  *o = (TirxRtCompileOptions){.include_dirs = include_dirs, .ninclude_dirs = 2, .kernels = e->kernels,
                              .nkernels = nkernels(e), .name = name};
  return example_source(e, len, why, whylen);
}

#ifndef RT_COMPILE_ONLY
// ---- device memory and checks ----------------------------------------------

enum { GUARD = 1024 };  // elements past an output's end that must stay poisoned

struct Run {
  TirxRt *rt;
  TirxRtModule *mod;
  const Example *e;  // the example being run
  int sms;
  char fail[512];  // the first failure
};

static int failf(Run *r, const char *fmt, ...) {
  if (!r->fail[0]) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->fail, sizeof r->fail, fmt, ap);
    va_end(ap);
  }
  return 1;
}

static int cu(Run *r, CUresult res, const char *what) {
  if (res == CUDA_SUCCESS) return 0;
  const char *name = NULL;
  cuGetErrorName(res, &name);
  return failf(r, "%s: %s", what, name ? name : "error");
}

typedef struct {
  CUdeviceptr p;
  size_t n, elem, guard;  // elements, element size, guard elements
  unsigned char poison;
} Buf;

static int buf_new(Run *r, Buf *b, size_t n, size_t elem, size_t guard) {
  *b = (Buf){0, n, elem, guard, 0};
  return cu(r, cuMemAlloc(&b->p, (n + guard) * elem), "cuMemAlloc");
}

static int buf_upload(Run *r, Buf *b, const void *host) {
  return cu(r, cuMemcpyHtoD(b->p, host, b->n * b->elem), "cuMemcpyHtoD");
}

static int buf_fill(Run *r, Buf *b, unsigned char byte) {
  b->poison = byte;
  return cu(r, cuMemsetD8(b->p, byte, (b->n + b->guard) * b->elem), "cuMemsetD8");
}

static void *buf_download(Run *r, Buf *b) {
  void *host = malloc((b->n + b->guard) * b->elem);
  if (host && cu(r, cuMemcpyDtoH(host, b->p, (b->n + b->guard) * b->elem), "cuMemcpyDtoH")) {
    free(host);
    return NULL;
  }
  return host;
}

static void buf_free(Buf *b) {
  if (b->p) cuMemFree(b->p);
  b->p = 0;
}

static int check_guard(Run *r, const char *what, const Buf *b, const void *host) {
  const unsigned char *g = (const unsigned char *)host + b->n * b->elem;
  for (size_t i = 0; i < b->guard * b->elem; i++)
    if (g[i] != b->poison) return failf(r, "%s: write past the end (guard element %zu)", what, i / b->elem);
  return 0;
}

// float: exactly (tol < 0, bit for bit), or |got - want| <= tol * (1 + |want|)
// as examples/harness.h's check_close; int32: exactly. Then the guard.
static int check_f32(Run *r, const char *what, Buf *b, const float *want, double tol) {
  float *got = buf_download(r, b);
  if (!got) return 1;
  int bad = 0;
  for (size_t i = 0; i < b->n && !bad; i++) {
    double g = got[i], w = want[i];
    bool ok = tol < 0 ? memcmp(&got[i], &want[i], 4) == 0 : fabs(g - w) <= tol * (1.0 + fabs(w));
    if (!ok) bad = failf(r, "%s[%zu] = %.9g, expected %.9g", what, i, g, w);
  }
  if (!bad) bad = check_guard(r, what, b, got);
  free(got);
  return bad;
}

static int check_i32(Run *r, const char *what, Buf *b, const int *want) {
  int *got = buf_download(r, b);
  if (!got) return 1;
  int bad = 0;
  for (size_t i = 0; i < b->n && !bad; i++)
    if (got[i] != want[i]) bad = failf(r, "%s[%zu] = %d, expected %d", what, i, got[i], want[i]);
  if (!bad) bad = check_guard(r, what, b, got);
  free(got);
  return bad;
}

// Launches and waits: the launch's error, then the run's.
static int launch_with(Run *r, const char *kernel, const TirxRtLaunch *l, void **args) {
  if (tirx_rt_launch(r->mod, kernel, l, args) != TIRX_RT_OK) return failf(r, "%s", tirx_rt_message(r->rt));
  char what[256];
  snprintf(what, sizeof what, "%s: cuCtxSynchronize", kernel);
  return cu(r, cuCtxSynchronize(), what);
}

static int launch(Run *r, const char *kernel, unsigned gx, unsigned gy, unsigned bx, unsigned by, void **args) {
  TirxRtLaunch l = {.grid = {gx, gy, 1}, .block = {bx, by, 1}};
  return launch_with(r, kernel, &l, args);
}

// The harness's inputs: a fixed-seed LCG.
static uint32_t lcg_state;
static uint32_t lcg_next(void) { return lcg_state = lcg_state * 1664525u + 1013904223u; }
static float lcg_float(void) { return (float)(lcg_next() >> 8) * (1.0f / 8388608.0f) - 1.0f; }
static int lcg_int(int lo, int hi) { return lo + (int)(lcg_next() % (uint32_t)(hi - lo + 1)); }

static float *floats(size_t n) {
  float *v = malloc(n * sizeof *v);
  for (size_t i = 0; v && i < n; i++) v[i] = lcg_float();
  return v;
}

static unsigned blocks(long n, int per) { return (unsigned)((n + per - 1) / per); }

// ---- the examples ------------------------------------------------------------

// relu and scale: elementwise, one kernel per element and one per 4.
static int run_elementwise(Run *r, int size, const char *k1, const char *k4, float (*f)(float)) {
  const int n = size ? size : 1000003;
  float *a = floats((size_t)n), *want = malloc((size_t)n * sizeof *want);
  for (int i = 0; i < n; i++) want[i] = f(a[i]);
  Buf dA, dB;
  int bad = buf_new(r, &dA, (size_t)n, 4, 0) || buf_new(r, &dB, (size_t)n, 4, GUARD) || buf_upload(r, &dA, a);
  void *args[] = {&dA.p, &dB.p, (void *)&n};
  const char *ks[2] = {k1, k4};
  const unsigned threads[2] = {(unsigned)n, (unsigned)((n + 3) / 4)};
  for (int k = 0; k < 2 && !bad; k++)
    bad = buf_fill(r, &dB, 0xFF) || launch(r, ks[k], blocks(threads[k], 256), 1, 256, 1, args) ||
          check_f32(r, ks[k], &dB, want, -1);
  buf_free(&dA), buf_free(&dB), free(a), free(want);
  return bad;
}

static float relu_ref(float x) { return x > 0.0f ? x : 0.0f; }
static float scale_ref(float x) { return x * 2.0f; }
static int run_relu(Run *r, int size) { return run_elementwise(r, size, "relu", "relu_vec4", relu_ref); }
static int run_scale(Run *r, int size) { return run_elementwise(r, size, "scale", "scale_vec4", scale_ref); }

static int run_row_sum(Run *r, int size) {
  const int n = size ? size : 100003;
  float *a = floats((size_t)n * 64), *want = malloc((size_t)n * sizeof *want);
  for (int row = 0; row < n; row++) {
    float total = 0.0f;  // the kernel's order: column 0, 1, ..., 63
    for (int c = 0; c < 64; c++) total += a[(size_t)row * 64 + c];
    want[row] = total;
  }
  Buf dA, dB;
  int bad = buf_new(r, &dA, (size_t)n * 64, 4, 0) || buf_new(r, &dB, (size_t)n, 4, GUARD) || buf_upload(r, &dA, a);
  void *args[] = {&dA.p, &dB.p, (void *)&n};
  const char *ks[2] = {"row_sum", "row_sum_spelled"};
  for (int k = 0; k < 2 && !bad; k++)
    bad = buf_fill(r, &dB, 0xFF) || launch(r, ks[k], blocks(n, 128), 1, 128, 1, args) ||
          check_f32(r, ks[k], &dB, want, 1e-5);
  buf_free(&dA), buf_free(&dB), free(a), free(want);
  return bad;
}

static int run_search_sorted(Run *r, int size) {
  const int n = size ? size : 1000003;
  float s[64], *q = malloc((size_t)n * sizeof *q);
  int *want = malloc((size_t)n * sizeof *want);
  int level = -40;  // sorted, on a grid of 1/8, with repeats
  for (int k = 0; k < 64; k++) s[k] = (level += lcg_int(0, 2)) / 8.0f;
  for (int i = 0; i < n; i++) q[i] = lcg_int(-48, 120) / 8.0f;
  for (int i = 0; i < n; i++) {
    want[i] = 0;
    for (int k = 0; k < 64; k++) want[i] += s[k] < q[i];
  }
  Buf dS, dQ, dB;
  int bad = buf_new(r, &dS, 64, 4, 0) || buf_new(r, &dQ, (size_t)n, 4, 0) || buf_new(r, &dB, (size_t)n, 4, GUARD) ||
            buf_upload(r, &dS, s) || buf_upload(r, &dQ, q) || buf_fill(r, &dB, 0xFF);
  void *args[] = {&dS.p, &dQ.p, &dB.p, (void *)&n};
  if (!bad)
    bad = launch(r, "search_sorted", blocks(n, 256), 1, 256, 1, args) || check_i32(r, "search_sorted", &dB, want);
  buf_free(&dS), buf_free(&dQ), buf_free(&dB), free(q), free(want);
  return bad;
}

static void cpu_transpose(const float *a, float *b, int n, int m) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) b[(size_t)j * n + i] = a[(size_t)i * m + j];
}

static int run_transpose(Run *r, int size) {
  const int n = size ? size : 4096, m = n + 3;
  // The seed kernels: 64 x 64, 16 blocks of 16 threads.
  float *a = floats(64 * 64), *want = malloc(64 * 64 * sizeof *want);
  cpu_transpose(a, want, 64, 64);
  Buf dA, dB;
  int bad = buf_new(r, &dA, 64 * 64, 4, 0) || buf_new(r, &dB, 64 * 64, 4, GUARD) || buf_upload(r, &dA, a);
  void *args[] = {&dA.p, &dB.p};
  const char *seed[2] = {"transpose", "transpose_macro"};
  for (int k = 0; k < 2 && !bad; k++)
    bad = buf_fill(r, &dB, 0xFF) || launch(r, seed[k], 16, 1, 16, 1, args) || check_f32(r, seed[k], &dB, want, -1);
  buf_free(&dA), buf_free(&dB), free(a), free(want);
  if (bad) return bad;
  // n x m: the general kernel and the two tiled ones.
  const size_t nm = (size_t)n * m;
  float *ga = floats(nm), *gwant = malloc(nm * sizeof *gwant);
  cpu_transpose(ga, gwant, n, m);
  bad = buf_new(r, &dA, nm, 4, 0) || buf_new(r, &dB, nm, 4, GUARD) || buf_upload(r, &dA, ga);
  void *gargs[] = {&dA.p, &dB.p, (void *)&n, (void *)&m};
  struct {
    const char *k;
    unsigned gx, gy, bx, by;
  } v[3] = {{"transpose_general", blocks(m, 64), blocks(n, 64), 16, 16},
            {"transpose_tiled", blocks(m, 64), blocks(n, 64), 16, 16},
            {"transpose_tiled32", blocks(m, 32), blocks(n, 32), 32, 4}};
  for (int k = 0; k < 3 && !bad; k++)
    bad = buf_fill(r, &dB, 0xFF) || launch(r, v[k].k, v[k].gx, v[k].gy, v[k].bx, v[k].by, gargs) ||
          check_f32(r, v[k].k, &dB, gwant, -1);
  buf_free(&dA), buf_free(&dB), free(ga), free(gwant);
  return bad;
}

static int run_if_else(Run *r, int size) {
  const int n = size ? size : 1000003;
  const int nb = (int)blocks(n, 256), threads = nb * 256, warps = threads / 32;
  float *a = floats((size_t)n), *want = malloc((size_t)n * sizeof *want);
  for (int i = 0; i < n; i++) want[i] = i % 256 < 128 ? a[i] * 2.0f : a[i] + 1.0f;
  Buf dA, dCount, dLane, dX, dSum;
  int bad = buf_new(r, &dA, (size_t)n, 4, GUARD) || buf_fill(r, &dA, 0xFF) || buf_upload(r, &dA, a);
  void *args[] = {&dA.p, (void *)&n};
  if (!bad) bad = launch(r, "if_else", (unsigned)nb, 1, 256, 1, args) || check_f32(r, "if_else", &dA, want, -1);
  buf_free(&dA), free(a), free(want);
  // elect: every warp's counter exactly 1, from a lane in 0..31.
  int *ones = malloc((size_t)warps * sizeof *ones);
  for (int w = 0; w < warps; w++) ones[w] = 1;
  bad = bad || buf_new(r, &dCount, (size_t)warps, 4, 0) || buf_new(r, &dLane, (size_t)warps, 4, 0);
  void *eargs[] = {&dCount.p, &dLane.p};
  const char *elect[2] = {"elect_count", "elect_count_macro"};
  for (int k = 0; k < 2 && !bad; k++) {
    bad = buf_fill(r, &dCount, 0) || buf_fill(r, &dLane, 0xFF) || launch(r, elect[k], (unsigned)nb, 1, 256, 1, eargs) ||
          check_i32(r, elect[k], &dCount, ones);
    int *lane = bad ? NULL : buf_download(r, &dLane);
    for (int w = 0; lane && w < warps && !bad; w++)
      if (lane[w] < 0 || lane[w] > 31) bad = failf(r, "%s: elected lane[%d] = %d", elect[k], w, lane[w]);
    if (!bad && !lane) bad = 1;
    free(lane);
  }
  buf_free(&dCount), buf_free(&dLane), free(ones);
  // tirx_elect_sync() as a condition: one lane adds its warp's sum.
  int *x = malloc((size_t)threads * sizeof *x), *wsum = calloc((size_t)warps, sizeof *wsum);
  for (int t = 0; t < threads; t++) wsum[t / 32] += x[t] = lcg_int(-1000, 1000);
  bad = bad || buf_new(r, &dX, (size_t)threads, 4, 0) || buf_new(r, &dSum, (size_t)warps, 4, 0) ||
        buf_upload(r, &dX, x) || buf_fill(r, &dSum, 0);
  void *sargs[] = {&dX.p, &dSum.p};
  if (!bad) bad = launch(r, "warp_sum", (unsigned)nb, 1, 256, 1, sargs) || check_i32(r, "warp_sum", &dSum, wsum);
  buf_free(&dX), buf_free(&dSum), free(x), free(wsum);
  return bad;
}

static int run_while_counter(Run *r, int size) {
  const int n = size ? size : 100003, cols = 64;
  const size_t elems = (size_t)n * 64;
  float *a = floats(elems), *want = malloc(elems * sizeof *want);
  for (size_t i = 0; i < elems; i++) want[i] = a[i] + 1.0f;
  Buf dA;
  int bad = buf_new(r, &dA, elems, 4, GUARD);
  void *args[] = {&dA.p, (void *)&n, (void *)&cols};  // for_counter takes cols too
  const char *ks[3] = {"while_counter", "while_counter_by4", "for_counter"};
  for (int k = 0; k < 3 && !bad; k++)
    bad = buf_fill(r, &dA, 0xFF) || buf_upload(r, &dA, a) || launch(r, ks[k], blocks(n, 128), 1, 128, 1, args) ||
          check_f32(r, ks[k], &dA, want, -1);
  buf_free(&dA), free(a), free(want);
  return bad;
}

// examples/break_continue.cu's five results per thread, as plain loops.
static void break_continue_ref(const int *x, int *out) {
  int a = 0;
  for (int i = 0; i < 16 && x[i] != 0; i++) {
    if (x[i] == 1 || x[i] % 4 == 2) continue;
    a += (x[i] % 4 == 0 ? 100 : x[i]) + i;
  }
  int b = 0;
  for (int i = 0; i < 16; i += 2) {
    for (int k = x[i] - 1; k >= 0 && k != 5; k--)
      if (k % 3 != 0) b += k;
    if (b > 40) break;
    b += 1;
  }
  int c = -1;
  for (int i = 11; i >= 0; i--)
    if (x[i] >= 5) {
      c = i * 100 + x[i];
      if (x[i] > 7) break;
    }
  int d = 0;
  for (int rr = 0; rr < 4; rr++) {
    if (x[rr * 4] == 1) continue;
    for (int s = 3; s >= 1 && x[rr * 4 + s] != 9; s--) d += x[rr * 4 + s] * s;
    d += rr;
  }
  int e3 = 0, e5 = 0;
  for (int i = 0; i < 3 && x[i] != 0; i++) e3 += x[i];
  for (int i = 0; i < 5 && x[8 + i] != 0; i++) e5 += x[8 + i];
  out[0] = a, out[1] = b, out[2] = c, out[3] = d, out[4] = e3 + 1000 * e5;
}

static int run_break_continue(Run *r, int size) {
  const int n = size ? size : 100003;
  const size_t ins = (size_t)n * 16, outs = (size_t)n * 5;
  int *x = malloc(ins * sizeof *x), *want = malloc(outs * sizeof *want);
  for (size_t i = 0; i < ins; i++) x[i] = lcg_int(0, 9);
  for (int t = 0; t < n; t++) break_continue_ref(x + (size_t)t * 16, want + (size_t)t * 5);
  Buf dX, dOut;
  int bad = buf_new(r, &dX, ins, 4, 0) || buf_new(r, &dOut, outs, 4, GUARD) || buf_upload(r, &dX, x) ||
            buf_fill(r, &dOut, 0xA5);
  void *args[] = {&dX.p, &dOut.p, (void *)&n};
  if (!bad)
    bad = launch(r, "break_continue", blocks(n, 128), 1, 128, 1, args) || check_i32(r, "break_continue", &dOut, want);
  buf_free(&dX), buf_free(&dOut), free(x), free(want);
  return bad;
}

static int run_grid_max(Run *r, int size) {
  const int n = size ? size : 100003;
  const size_t elems = (size_t)n * 64;
  float *a = floats(elems), *want = malloc(elems * sizeof *want);
  for (size_t i = 0; i < elems; i++) want[i] = a[i] > 0.0f ? a[i] : 0.0f;
  Buf dA, dB;
  int bad = buf_new(r, &dA, elems, 4, 0) || buf_new(r, &dB, elems, 4, GUARD) || buf_upload(r, &dA, a);
  void *args[] = {&dA.p, &dB.p, (void *)&n};
  const char *ks[5] = {"grid_max", "grid_max_unroll", "grid_max_op", "grid_max_macro", "grid_max_macro_unroll"};
  for (int k = 0; k < 5 && !bad; k++)
    bad = buf_fill(r, &dB, 0xFF) || launch(r, ks[k], blocks(n, 64), 1, 64, 1, args) ||
          check_f32(r, ks[k], &dB, want, -1);
  buf_free(&dA), buf_free(&dB), free(a), free(want);
  return bad;
}

// IEEE half from float, rounded to nearest even (normal and subnormal
// results; the inputs here are small).
static uint16_t to_half(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000, mag = x & 0x7fffffff;
  if (mag >= 0x47800000) return (uint16_t)(sign | 0x7c00);  // overflow (or inf/nan: not made here)
  if (mag < 0x38800000) {                                   // subnormal half (or zero)
    float a = fabsf(f) * 16777216.0f;                      // units of 2^-24
    return (uint16_t)(sign | (uint32_t)nearbyintf(a));
  }
  uint32_t h = ((mag - 0x38000000) >> 13), rest = mag & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1))) h++;
  return (uint16_t)(sign | h);
}

static float from_half(uint16_t h) {
  uint32_t e = (h >> 10) & 31, m = h & 1023;
  float v = e ? ldexpf((float)(m | 1024), (int)e - 25) : ldexpf((float)m, -24);
  return h & 0x8000 ? -v : v;
}

// Within 1e-3 of the largest |reference|, as the example: the products of
// half inputs are exact in float; only the order of additions differs.
static int check_matmul(Run *r, const char *what, Buf *b, const float *want, double tol) {
  float *got = buf_download(r, b);
  if (!got) return 1;
  int bad = 0;
  for (size_t i = 0; i < b->n && !bad; i++)
    if (!(fabs((double)got[i] - want[i]) <= tol)) bad = failf(r, "%s[%zu] = %.9g, expected %.9g", what, i, got[i], want[i]);
  if (!bad) bad = check_guard(r, what, b, got);
  free(got);
  return bad;
}

static int run_matmul(Run *r, int size) {
  const int M = size ? size : 512, derived = M < 300 ? M : 300;
  const int N = size ? derived + 5 : 512, K = size ? derived + 7 : 512;
  uint16_t *ha = malloc((size_t)M * K * 2), *hb = malloc((size_t)N * K * 2);
  float *fa = malloc((size_t)M * K * 4), *fb = malloc((size_t)N * K * 4), *want = malloc((size_t)M * N * 4);
  for (size_t i = 0; i < (size_t)M * K; i++) fa[i] = from_half(ha[i] = to_half(lcg_float()));
  for (size_t i = 0; i < (size_t)N * K; i++) fb[i] = from_half(hb[i] = to_half(lcg_float()));
  double max_ref = 0;
  for (int m = 0; m < M; m++)
    for (int n = 0; n < N; n++) {
      double sum = 0;
      for (int k = 0; k < K; k++) sum += (double)fa[(size_t)m * K + k] * fb[(size_t)n * K + k];
      want[(size_t)m * N + n] = (float)sum;
      max_ref = fmax(max_ref, fabs(sum));
    }
  const int tiles_m = (M + 63) / 64, tiles_n = (N + 63) / 64, total = tiles_m * tiles_n;
  const int per_sm = r->sms < total ? r->sms : total;
  const int few = total / 4 < 1 ? 1 : total / 4 < per_sm ? total / 4 : per_sm;
  Buf dA, dB, dC;
  int bad = buf_new(r, &dA, (size_t)M * K, 2, 0) || buf_new(r, &dB, (size_t)N * K, 2, 0) ||
            buf_new(r, &dC, (size_t)M * N, 4, GUARD) || buf_upload(r, &dA, ha) || buf_upload(r, &dB, hb);
  void *args[] = {&dA.p, &dB.p, &dC.p, (void *)&M, (void *)&N, (void *)&K};
  struct {
    const char *k;
    unsigned gx, gy;
  } v[5] = {{"matmul_1p1c<2>", (unsigned)tiles_n, (unsigned)tiles_m},
            {"matmul_1p1c<4>", (unsigned)tiles_n, (unsigned)tiles_m},
            {"matmul_1p1c_persistent<2>", (unsigned)per_sm, 1},
            {"matmul_1p1c_persistent<4>", (unsigned)per_sm, 1},
            {"matmul_1p1c_persistent<4>", (unsigned)few, 1}};
  for (int k = 0; k < 5 && !bad; k++)
    bad = buf_fill(r, &dC, 0xFF) || launch(r, v[k].k, v[k].gx, v[k].gy, 256, 1, args) ||
          check_matmul(r, v[k].k, &dC, want, 1e-3 * (max_ref > 0 ? max_ref : 1.0));
  buf_free(&dA), buf_free(&dB), buf_free(&dC);
  free(ha), free(hb), free(fa), free(fb), free(want);
  return bad;
}

static int run_softmax(Run *r, int size) {
  const int R = size ? size : 3001, C = size ? (R < 2040 ? R : 2040) + 3 : 2048;
  const size_t n = (size_t)R * C;
  float *x = malloc(n * 4), *want = malloc(n * 4);
  for (size_t i = 0; i < n; i++) x[i] = 10.0f * lcg_float();
  for (int row = 0; row < R; row++) {
    const float *xr = x + (size_t)row * C;
    double m = xr[0], sum = 0;
    for (int c = 1; c < C; c++) m = fmax(m, (double)xr[c]);
    for (int c = 0; c < C; c++) sum += exp((double)xr[c] - m);
    for (int c = 0; c < C; c++) want[(size_t)row * C + c] = (float)(exp((double)xr[c] - m) / sum);
  }
  Buf dX, dY;
  int bad = buf_new(r, &dX, n, 4, 0) || buf_new(r, &dY, n, 4, GUARD) || buf_upload(r, &dX, x);
  void *args[] = {&dX.p, &dY.p, (void *)&R, (void *)&C};
  const unsigned grids[2] = {(unsigned)(r->sms < R ? r->sms : R), (unsigned)(R < 2 ? R : 2)};
  for (int k = 0; k < 2 && !bad; k++)
    bad = buf_fill(r, &dY, 0xFF) || launch(r, "softmax_1p2c", grids[k], 1, 384, 1, args) ||
          check_f32(r, k ? "softmax_1p2c (2 blocks)" : "softmax_1p2c", &dY, want, 1e-5);
  buf_free(&dX), buf_free(&dY), free(x), free(want);
  return bad;
}

// ---- kernels whose parameters are made on the host ----------------------------
//
// An example whose kernel takes a CUtensorMap (TMA) or another host-made
// parameter makes it with the Driver API before the launch, in the same
// context, and passes it by value like any other parameter (a
// `const __grid_constant__ CUtensorMap`); above 48 KiB of dynamic shared
// memory, tirx_rt_launch raises the kernel's limit.

// bf16 from float, rounded to nearest even (the inputs are finite), and back.
static uint16_t to_bf16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  return (uint16_t)((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

static float from_bf16(uint16_t h) {
  uint32_t x = (uint32_t)h << 16;
  float f;
  memcpy(&f, &x, 4);
  return f;
}

// A row-major bf16 array of rows x cols (cols a multiple of 8: rows 16-byte
// aligned), copied in boxes of box_rows x box_cols (the 128-byte swizzle, or none):
// what headers/tirx/tma.h's tirx_tensor_map_2d makes for gemm_bf16().
static int tensor_map_bf16(Run *r, CUtensorMap *map, CUdeviceptr base, uint64_t rows, uint64_t cols,
                           uint32_t box_rows, uint32_t box_cols, CUtensorMapSwizzle swizzle) {
  const cuuint64_t dims[2] = {cols, rows}, strides[1] = {cols * 2};  // innermost first
  const cuuint32_t box[2] = {box_cols, box_rows}, elem_strides[2] = {1, 1};
  return cu(r,
            cuTensorMapEncodeTiled(map, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, (void *)base, dims, strides, box,
                                   elem_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
                                   CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
            "cuTensorMapEncodeTiled");
}

// examples/gemm_bf16.cu's tile shapes (TileShape), read from the example
// itself by the kernel gemm_bf16_probe appends: BM x BN tiles of C, K-tiles of
// BK, its kSmemBytes, and C's staged box as the example's launch_gemm makes it
// (64 x 64 with the 128-byte swizzle when kSwizzledStore, else 64 x WN
// unswizzled). The shapes are the first GEMM_NSHAPES kernels of its list.
enum { GEMM_NSHAPES = 4, GEMM_NCONSTANTS = 6 };
#endif  // RT_COMPILE_ONLY
static const char gemm_bf16_probe[] =
    "\n// Appended by tests/gpu/rt_runner.c: the tile constants its run takes.\n"
    "template <class T>\n"
    "__device__ void rt_tile_constants(int *o) {\n"
    "  o[0] = T::BM, o[1] = T::BN, o[2] = BK, o[3] = T::kSmemBytes, o[4] = T::kSwizzledStore, o[5] = T::WN;\n"
    "}\n"
    "__global__ void rt_gemm_bf16_tiles(int *o) {\n"
    "  rt_tile_constants<Tile128x256>(o), rt_tile_constants<Tile256x152>(o + 6), rt_tile_constants<Tile192x160>(o + 12),\n"
    "      rt_tile_constants<Tile128x128>(o + 18);\n"
    "}\n";
#ifndef RT_COMPILE_ONLY
typedef struct {
  const char *kernel;
  int bm, bn, bk, smem, c_box_cols;
  CUtensorMapSwizzle c_swizzle;
} GemmShape;

// The shapes from the example's constants (rt_gemm_bf16_tiles), in the order
// of the kernels' list.
static int gemm_shapes(Run *r, GemmShape shapes[GEMM_NSHAPES]) {
  Buf d;
  if (buf_new(r, &d, GEMM_NSHAPES * GEMM_NCONSTANTS, 4, 0)) return 1;
  void *args[] = {&d.p};
  int *c = launch(r, "rt_gemm_bf16_tiles", 1, 1, 1, 1, args) ? NULL : buf_download(r, &d);
  buf_free(&d);
  if (!c) return 1;
  for (int v = 0; v < GEMM_NSHAPES; v++) {
    const int *t = c + v * GEMM_NCONSTANTS;
    shapes[v] = (GemmShape){r->e->kernels[v], t[0], t[1], t[2], t[3], t[4] ? 64 : t[5],
                            t[4] ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_NONE};
  }
  free(c);
  return 0;
}

// The example's check: every element within max|ref|/128 + |ref|/256, and a
// relative Frobenius error under 1e-2 (bf16 output rounding is 2^-9).
static int check_gemm(Run *r, const char *what, Buf *b, const double *want) {
  uint16_t *got = buf_download(r, b);
  if (!got) return 1;
  double max_ref = 0, err2 = 0, ref2 = 0;
  for (size_t i = 0; i < b->n; i++) max_ref = fmax(max_ref, fabs(want[i]));
  int bad = 0;
  for (size_t i = 0; i < b->n; i++) {
    const double g = from_bf16(got[i]), w = want[i];
    err2 += (g - w) * (g - w), ref2 += w * w;
    if (!bad && !(fabs(g - w) <= max_ref / 128 + fabs(w) / 256))
      bad = failf(r, "%s: C[%zu] = %.9g, expected %.9g", what, i, g, w);
  }
  const double rel = ref2 > 0 ? sqrt(err2 / ref2) : sqrt(err2);
  if (!bad && !(rel < 1e-2)) bad = failf(r, "%s: relative Frobenius error %.3g", what, rel);
  if (!bad) bad = check_guard(r, what, b, got);
  free(got);
  return bad;
}

// C = A * B^T, the example's sizes: m from the list, n = min(m, 600) + 5 and
// k = min(m, 300) + 7, both rounded up to multiples of 8 (default 1000 1500
// 1064). Launched as gemm_bf16() does (min(tiles, SMs) blocks), then with a
// quarter of the tiles' blocks, so that blocks walk several tiles and the
// ring's phases carry over from one tile to the next.
static int run_gemm_bf16(Run *r, int size) {
  const int M = size ? size : 1000;
  int N = size ? (M < 600 ? M : 600) + 5 : 1500, K = size ? (M < 300 ? M : 300) + 7 : 1064;
  N = (N + 7) / 8 * 8, K = (K + 7) / 8 * 8;
  uint16_t *ha = malloc((size_t)M * K * 2), *hb = malloc((size_t)N * K * 2);
  float *fa = malloc((size_t)M * K * 4), *fb = malloc((size_t)N * K * 4);
  double *want = malloc((size_t)M * N * sizeof *want);
  if (!ha || !hb || !fa || !fb || !want) {
    free(ha), free(hb), free(fa), free(fb), free(want);
    return failf(r, "out of host memory");
  }
  for (size_t i = 0; i < (size_t)M * K; i++) fa[i] = from_bf16(ha[i] = to_bf16(lcg_float()));
  for (size_t i = 0; i < (size_t)N * K; i++) fb[i] = from_bf16(hb[i] = to_bf16(lcg_float()));
  for (int m = 0; m < M; m++)
    for (int n = 0; n < N; n++) {
      const float *a = fa + (size_t)m * K, *b = fb + (size_t)n * K;
      double sum = 0;
      for (int k = 0; k < K; k++) sum += (double)a[k] * b[k];
      want[(size_t)m * N + n] = sum;
    }
  Buf dA = {0}, dB = {0}, dC = {0};
  GemmShape shapes[GEMM_NSHAPES];
  int bad = gemm_shapes(r, shapes) || buf_new(r, &dA, (size_t)M * K, 2, 0) || buf_new(r, &dB, (size_t)N * K, 2, 0) ||
            buf_new(r, &dC, (size_t)M * N, 2, GUARD) || buf_upload(r, &dA, ha) || buf_upload(r, &dB, hb);
  for (int v = 0; v < GEMM_NSHAPES && !bad; v++) {
    const GemmShape *g = &shapes[v];
    const long tiles = (long)((M + g->bm - 1) / g->bm) * ((N + g->bn - 1) / g->bn);
    const unsigned full = (unsigned)(tiles < r->sms ? tiles : r->sms);
    const unsigned few = full / 4 > 0 ? full / 4 : 1;
    CUtensorMap mapA, mapB, mapC;
    bad = tensor_map_bf16(r, &mapA, dA.p, (uint64_t)M, (uint64_t)K, g->bm, g->bk, CU_TENSOR_MAP_SWIZZLE_128B) ||
          tensor_map_bf16(r, &mapB, dB.p, (uint64_t)N, (uint64_t)K, g->bn, g->bk, CU_TENSOR_MAP_SWIZZLE_128B) ||
          tensor_map_bf16(r, &mapC, dC.p, (uint64_t)M, (uint64_t)N, 64, g->c_box_cols, g->c_swizzle);
    int splits = 1, mode = 0;  // no split-K: the workspace and counters unused
    void *none = NULL;
    void *args[] = {&mapA, &mapB, &mapC, (void *)&M, &N, &K, &splits, &none, &none, &mode};  // M const: read only
    const unsigned grids[2] = {full, few};
    for (int i = 0; i < 2 && !bad; i++) {
      if (i == 1 && few == full) break;
      char what[128];
      snprintf(what, sizeof what, "%s (%u blocks, %ld tiles)", g->kernel, grids[i], tiles);
      TirxRtLaunch l = {.grid = {grids[i], 1, 1}, .block = {384, 1, 1}, .shared_bytes = (size_t)g->smem};
      bad = buf_fill(r, &dC, 0xFF) || launch_with(r, g->kernel, &l, args) || check_gemm(r, what, &dC, want);
    }
  }
  buf_free(&dA), buf_free(&dB), buf_free(&dC);
  free(ha), free(hb), free(fa), free(fb), free(want);
  return bad;
}
#endif  // RT_COMPILE_ONLY

#ifdef RT_COMPILE_ONLY
#define RUN(f) NULL
#else
#define RUN(f) f
#endif

static const Example examples[] = {
    {.name = "row_sum", .kernels = {"row_sum", "row_sum_spelled"}, .run = RUN(run_row_sum)},
    {.name = "relu", .kernels = {"relu", "relu_vec4"}, .run = RUN(run_relu)},
    {.name = "scale", .kernels = {"scale", "scale_vec4"}, .run = RUN(run_scale)},
    {.name = "transpose",
     .kernels = {"transpose", "transpose_macro", "transpose_general", "transpose_tiled", "transpose_tiled32"},
     .run = RUN(run_transpose)},
    {.name = "search_sorted", .kernels = {"search_sorted"}, .run = RUN(run_search_sorted)},
    {.name = "if_else",
     .kernels = {"if_else", "elect_count", "elect_count_macro", "warp_sum"},
     .run = RUN(run_if_else)},
    {.name = "while_counter",
     .kernels = {"while_counter", "while_counter_by4", "for_counter"},
     .run = RUN(run_while_counter)},
    {.name = "break_continue", .kernels = {"break_continue"}, .run = RUN(run_break_continue)},
    {.name = "grid_max",
     .kernels = {"grid_max", "grid_max_unroll", "grid_max_op", "grid_max_macro", "grid_max_macro_unroll"},
     .run = RUN(run_grid_max)},
    {.name = "matmul_1p1c",
     .kernels = {"matmul_1p1c<2>", "matmul_1p1c<4>", "matmul_1p1c_persistent<2>", "matmul_1p1c_persistent<4>"},
     .run = RUN(run_matmul)},
    {.name = "softmax_1p2c", .kernels = {"softmax_1p2c"}, .run = RUN(run_softmax)},
    // Kernels whose parameters are made on the host (above): after the others.
    {.name = "gemm_bf16",
     .kernels = {"gemm_bf16_kernel<Tile128x256>", "gemm_bf16_kernel<Tile256x152>", "gemm_bf16_kernel<Tile192x160>",
                 "gemm_bf16_kernel<Tile128x128>", "rt_gemm_bf16_tiles"},
     .probe = gemm_bf16_probe, .run = RUN(run_gemm_bf16), .major = 9, .arch = "sm_90a"},
};
enum { NEXAMPLES = sizeof examples / sizeof *examples };

#ifdef RT_COMPILE_ONLY
// Rewriter (unless --rewritten) and NVRTC for the architecture given (default
// sm_90a), every kernel's lowered name, no disk cache.
static int compile_one(const Example *e, const char *arch) {
  char why[1024] = "", name[256];
  size_t len;
  TirxRtCompileOptions o;
  char *src = example_input(e, &len, name, &o, why, sizeof why);
  if (!src) return printf("%s: FAIL %s\n", e->name, why), 1;
  if (e->arch) arch = e->arch;
  RtBuild b = {.src = src, .len = len, .name = name, .rewrite = !rewritten_dir, .arch = arch, .opt = &o};
  RtImage im;
  bool cached;
  char *log;
  TirxRtStatus st = rt_build(&b, &im, &cached, &log, why, sizeof why);
  int bad = st != TIRX_RT_OK;
  if (bad)
    printf("%s: FAIL %s: %s\n%s", e->name, tirx_rt_status_name(st), why, log);
  else
    printf("%s: compiled for %s (%zu bytes, %d kernels: %s ...)\n", e->name, arch, im.image_size, im.n,
           im.lowered[0]);
  rt_image_free(&im);
  free(log);
  free(src);
  return bad;
}
#else
static void skip_all(int argc, char **argv, int first, const char *why) {
  for (int i = 0; i < NEXAMPLES; i++) {
    bool chosen = first >= argc;
    for (int j = first; j < argc; j++) chosen |= !strcmp(argv[j], examples[i].name);
    if (chosen) printf("SKIP: %s: no CUDA GPU (%s)\n", examples[i].name, why);
  }
}

// Compiles the example, then runs it at every size; one line per size.
static int run_one(TirxRt *rt, const Example *e, const char *sizes, int sms, int *passed, int *skipped) {
  char why[1024] = "", name[256];
  int major = 0, minor = 0;
  tirx_rt_device(rt, &major, &minor, NULL);
  if (e->major && major != e->major) {
    printf("SKIP: %s: needs a GPU of compute capability %d.x (%s), this one is %d.%d\n", e->name, e->major,
           e->arch ? e->arch : "", major, minor);
    ++*skipped;
    return 0;
  }
  size_t len;
  TirxRtCompileOptions o;
  char *src = example_input(e, &len, name, &o, why, sizeof why);
  o.arch = e->arch;
  if (!src) return printf("%s: FAIL %s\n", e->name, why), 1;
  Run r = {.rt = rt, .e = e, .sms = sms};
  TirxRtStatus st = rewritten_dir ? tirx_rt_compile_rewritten(rt, src, len, &o, &r.mod)
                                  : tirx_rt_compile(rt, src, len, &o, &r.mod);
  free(src);
  if (st != TIRX_RT_OK) {
    printf("%s: FAIL %s: %s\n%s", e->name, tirx_rt_status_name(st), tirx_rt_message(rt), tirx_rt_log(rt));
    return 1;
  }
  int failed = 0;
  char *list = strdup(sizes), *save = NULL;
  for (char *s = strtok_r(list, " ", &save); s; s = strtok_r(NULL, " ", &save)) {
    int size = strcmp(s, "default") ? atoi(s) : 0;
    lcg_state = 12345u;  // the same inputs at every size, as each example run starts afresh
    r.fail[0] = '\0';
    int bad = e->run(&r, size);
    if (bad && !r.fail[0]) snprintf(r.fail, sizeof r.fail, "out of host memory");
    printf("%s %s: %s%s\n", e->name, s, bad ? "FAIL " : "PASS", bad ? r.fail : "");
    fflush(stdout);
    failed += bad, *passed += !bad;
    // A failed run may leave the context unusable (a trap): stop this example.
    if (bad && cuCtxSynchronize() != CUDA_SUCCESS) break;
  }
  free(list);
  tirx_rt_module_free(r.mod);
  return failed;
}
#endif

int main(int argc, char **argv) {
  const char *sizes = "default 1 7 33 255 257 1000 4099", *arch = "sm_90a";
  int first = 1;
  for (; first < argc && !strncmp(argv[first], "--", 2); first++) {
    if (first + 1 >= argc) return fprintf(stderr, "%s needs a value\n", argv[first]), 2;
    if (!strcmp(argv[first], "--root"))
      root = argv[++first];
    else if (!strcmp(argv[first], "--rewritten"))
      rewritten_dir = argv[++first];
    else if (!strcmp(argv[first], "--sizes"))
      sizes = argv[++first];
    else if (!strcmp(argv[first], "--arch"))
      arch = argv[++first];
    else
      return fprintf(stderr, "usage: %s [--root DIR] [--rewritten DIR] [--sizes LIST] [--arch sm_XX] [NAME...]\n",
                     argv[0]),
             2;
  }
  for (int j = first; j < argc; j++) {
    bool known = false;
    for (int i = 0; i < NEXAMPLES; i++) known |= !strcmp(argv[j], examples[i].name);
    if (!known) return fprintf(stderr, "%s: no example '%s'\n", argv[0], argv[j]), 2;
  }
  set_paths();
  int failed = 0, passed = 0, skipped = 0, chosen_n = 0;
#ifdef RT_COMPILE_ONLY
  (void)skipped, (void)chosen_n;
  (void)sizes;
  for (int i = 0; i < NEXAMPLES; i++) {
    bool chosen = first >= argc;
    for (int j = first; j < argc; j++) chosen |= !strcmp(argv[j], examples[i].name);
    if (chosen) failed += compile_one(&examples[i], arch), passed += 0;
  }
  printf("%s\n", failed ? "FAIL" : "all compiled");
  return failed ? 1 : 0;
#else
  (void)arch;
  TirxRt *rt;
  if (tirx_rt_create(0, &rt) != TIRX_RT_OK) {
    skip_all(argc, argv, first, tirx_rt_message(rt));
    tirx_rt_destroy(rt);
    return 77;
  }
  CUdevice dev;
  int sms = 1;
  if (cuCtxGetDevice(&dev) == CUDA_SUCCESS) cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
  for (int i = 0; i < NEXAMPLES; i++) {
    bool chosen = first >= argc;
    for (int j = first; j < argc; j++) chosen |= !strcmp(argv[j], examples[i].name);
    if (chosen) failed += run_one(rt, &examples[i], sizes, sms, &passed, &skipped), chosen_n++;
  }
  printf("%d passed, %d failed\n", passed, failed);
  tirx_rt_destroy(rt);
  return failed ? 1 : skipped == chosen_n ? 77 : 0;
#endif
}
