// fuzz_rewrite.c - libFuzzer harness for the whole rewrite (tirx_rewrite).
//
// Each input is rewritten twice, as an in-memory file (nothing is written but
// the PCH cache):
//   1. the bytes alone, as a whole .cu file;
//   2. the bytes as statements inside a fixed kernel (PROLOGUE bytes EPILOGUE),
//      whose output the oracle below compiles.
// and, when the bytes hold no annotation, once more through the full parse
// (always_parse, what `--parse-always` does).
//
// Invariants checked (abort() on violation, so libFuzzer saves the input):
//   - tirx_rewrite returns TIRX_OK, TIRX_INPUT_ERROR or TIRX_IO_ERROR;
//   - on failure the result is left empty (no text, no deps);
//   - on success deps[0] is the input's path;
//   - a file with no annotation (tirx_has_annotations false) comes out byte for
//     byte, with status TIRX_OK, on the fast path and through the parse;
//   - the result is freed with tirx_result_free (LeakSanitizer checks the rest);
//   - the oracle (tests/oracle.sh does the same with nvcc over the test corpus):
//     when the wrapped input compiles with NVRTC as it is (tirx.h's fallback
//     macros), the output written with status TIRX_OK compiles too, as
//     tirx-pp --check compiles it (its device view, TirxResult.device, with
//     --check's options), and has no warning that the input does not have (a
//     warning's text, without its place). TIRX_FUZZ_ORACLE=0 turns it
//     off; without NVRTC it is off, and says so once.
//
// The parse needs the repository's headers (TIRX_FUZZ_HEADER_DIR, set by
// fuzz/CMakeLists.txt) and CUDA at /usr/local/cuda ($TIRX_FUZZ_CUDA_PATH
// overrides). Parsed CUDA headers are cached as PCHs in $TIRX_FUZZ_CACHE_DIR,
// or in a fresh temporary directory removed at exit.
#define _GNU_SOURCE
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_options.h"
#include "nvrtc.h"
#include "tirxpp.h"

#ifndef TIRX_FUZZ_HEADER_DIR
#error "define TIRX_FUZZ_HEADER_DIR as the repository's headers/ directory"
#endif

static const char prologue[] =
    "#include \"tirx.h\"\n"
    "#define STAGES 2\n"
    "__global__ void tirx_fuzz_kernel(float *out, const float *in, int n) {\n"
    "  __shared__ float smem[256];\n"
    "  const int tid = threadIdx.x;\n"
    "  float acc = 0.f;\n"
    "  (void)smem; (void)tid; (void)acc;\n";
static const char epilogue[] = "\n  out[tid] = acc;\n}\n";

static char cache_dir[4096];
static char input_path[4096 + 16];
static bool own_cache;
static char sink[1 << 18];  // diagnostics (truncated when full)

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

static void remove_cache(void) {
  if (own_cache) nftw(cache_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  const char *env = getenv("TIRX_FUZZ_CACHE_DIR");
  if (env && *env) {
    snprintf(cache_dir, sizeof cache_dir, "%s", env);
  } else {
    const char *tmp = getenv("TMPDIR");
    snprintf(cache_dir, sizeof cache_dir, "%s/tirx-fuzz-cache-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(cache_dir)) {
      perror("fuzz_rewrite: mkdtemp");
      exit(1);
    }
    own_cache = true;
    atexit(remove_cache);
  }
  // The input never exists on disk (libclang reads it as an unsaved file);
  // quoted includes resolve from its directory.
  snprintf(input_path, sizeof input_path, "%s/input.cu", cache_dir);
  return 0;
}

static void fail(const char *what, int rc, const char *form) {
  fprintf(stderr, "fuzz_rewrite: invariant violated (%s input, status %d): %s\n", form, rc, what);
  fprintf(stderr, "--- diagnostics ---\n%.*s\n---\n", (int)strnlen(sink, sizeof sink), sink);
  abort();
}

static void options(TirxOptions *o) {
  const char *cuda = getenv("TIRX_FUZZ_CUDA_PATH");
  *o = (TirxOptions){
      .path = input_path,
      .cuda_path = cuda && *cuda ? cuda : "/usr/local/cuda",
      .header_dir = TIRX_FUZZ_HEADER_DIR,
      .cache_dir = cache_dir,
  };
}

// --- the oracle ---------------------------------------------------------------

static int oracle_state;  // 0: not decided yet, 1: on, -1: off

static bool oracle_on(void) {
  if (!oracle_state) {
    const char *env = getenv("TIRX_FUZZ_ORACLE");
    int major, minor;
    if (env && !strcmp(env, "0")) {
      oracle_state = -1;
    } else if (tirx_nvrtc_version(&major, &minor)) {
      fprintf(stderr, "fuzz_rewrite: NVRTC cannot be loaded: the compile oracle is off\n");
      oracle_state = -1;
    } else {
      oracle_state = 1;
    }
  }
  return oracle_state > 0;
}

// NVRTC over text[0, len) with tirx-pp --check's options; *log is malloc'ed.
// 0: compiled; 1: errors; 2: NVRTC failed.
static int nvrtc(const TirxOptions *o, const char *text, size_t len, char **log) {
  Arena *ar = arena_new();
  const char **opts = arena_alloc(ar, sizeof(char *) * (size_t)CHECK_NVRTC_OPTIONS(o));
  int n = check_nvrtc_options(ar, o, opts);
  char *src = arena_strndup(ar, text, len), msg[256] = "";
  TirxNvrtcResult res;
  int rc = tirx_nvrtc_compile(src, o->path, opts, n, NULL, 0, &res, msg, sizeof msg);
  *log = strdup(res.log && *res.log ? res.log : msg);
  tirx_nvrtc_result_free(&res);
  arena_free(ar);
  return rc;
}

// The first warning of `out` ("FILE(LINE): warning #N-D: TEXT") whose text,
// from "warning" to the end of its line, is nowhere in `in`; NULL when none.
// Copied into buf.
static const char *new_warning(const char *in, const char *out, char *buf, size_t size) {
  for (const char *w = out; (w = strstr(w, "): warning")); w++) {
    size_t n = strcspn(w + 3, "\n");
    snprintf(buf, size, "%.*s", (int)n, w + 3);
    if (!strstr(in, buf)) return buf;
  }
  return NULL;
}

static void oracle(const TirxOptions *o, const char *data, size_t len, const TirxResult *r, const char *form) {
  char *in_log, *out_log, warning[512];
  if (nvrtc(o, data, len, &in_log) != 0) {  // not device code that compiles: nothing to compare
    free(in_log);
    return;
  }
  // What --check compiles: the device view (the rewrite itself when the
  // view was not asked for).
  const Buf *out = r->device.data ? &r->device : &r->text;
  int rc = nvrtc(o, out->data, out->len, &out_log);
  const char *what = rc == 1   ? "the output does not compile although the input does"
                     : rc == 2 ? NULL  // NVRTC itself failed: not the output's fault
                     : new_warning(in_log, out_log, warning, sizeof warning) ? "the output has a warning the input does not have"
                                                                             : NULL;
  if (what)
    fprintf(stderr, "--- NVRTC on the output's %s ---\n%s\n--- it ---\n%.*s\n---\n",
            out == &r->device ? "device view" : "text", out_log, (int)out->len, out->data);
  free(in_log);
  free(out_log);
  if (what) fail(what, TIRX_OK, form);
}

// Rewrites data[0, len) (a NUL follows it, as the CLI's reader leaves one) and
// checks the invariants.
static void rewrite(const TirxOptions *o, const char *data, size_t len, const char *form, bool check) {
  memset(sink, 0, sizeof sink);
  FILE *diag = fmemopen(sink, sizeof sink - 1, "w");
  if (!diag) diag = fopen("/dev/null", "w");
  bool annotated = tirx_has_annotations(data, len);
  TirxResult r;
  int rc = tirx_rewrite(o, data, len, &r, diag);
  fclose(diag);
  if (rc != TIRX_OK && rc != TIRX_INPUT_ERROR && rc != TIRX_IO_ERROR) fail("unexpected status", rc, form);
  if (rc != TIRX_OK && (r.text.len || r.text.data || r.ndeps || r.deps)) fail("result not empty after a failure", rc, form);
  if (rc == TIRX_OK) {
    if (r.ndeps < 1 || !r.deps || !r.deps[0] || strcmp(r.deps[0], o->path)) fail("deps[0] is not the input", rc, form);
    if (r.text.len && !r.text.data) fail("text length without data", rc, form);
    if (check && oracle_on()) oracle(o, data, len, &r, form);
  }
  if (!annotated) {
    if (rc != TIRX_OK && !(o->always_parse && rc == TIRX_IO_ERROR))
      fail("a file with no annotation was not copied", rc, form);
    if (rc == TIRX_OK && (r.text.len != len || (len && memcmp(r.text.data, data, len))))
      fail("a file with no annotation did not come out byte for byte", rc, form);
  }
  tirx_result_free(&r);
  if (r.text.data || r.deps || r.ndeps) fail("tirx_result_free left the result non-empty", rc, form);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  // 1. The bytes alone.
  char *raw = malloc(size + 1);
  if (size) memcpy(raw, bytes, size);
  raw[size] = '\0';
  TirxOptions o;
  options(&o);
  o.remarks = true;
  rewrite(&o, raw, size, "raw", false);
  if (!tirx_has_annotations(raw, size)) {
    // Through the parse as well: still byte for byte.
    o.always_parse = true;
    rewrite(&o, raw, size, "raw, parsed", false);
  }
  free(raw);

  // 2. Inside a kernel, with the other output options.
  size_t pl = sizeof prologue - 1, el = sizeof epilogue - 1;
  size_t n = pl + size + el;
  char *wrapped = malloc(n + 1);
  memcpy(wrapped, prologue, pl);
  if (size) memcpy(wrapped + pl, bytes, size);
  memcpy(wrapped + pl + size, epilogue, el);
  wrapped[n] = '\0';
  options(&o);
  o.remarks = true;
  o.color = true;
  o.no_line = (size & 1) != 0;
  o.watchdog = (size & 2) ? 1000000 : 0;
  o.trace = (size & 4) != 0;  // --trace: the recorder, the traced waits, the names after each kernel
  o.device_view = oracle_on();  // the oracle compiles what --check compiles
  rewrite(&o, wrapped, n, "wrapped", true);
  free(wrapped);
  return 0;
}
