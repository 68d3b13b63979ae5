// rt_build.c - from source to cubin: the key, the disk cache, tirx-pp's
// rewriter in-process, NVRTC.
#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvrtc.h"
#include "rt_internal.h"

// tirxpp.h for TIRX_PP_VERSION even without the rewriter: the key of a
// rewrite made where tirx-pp runs must be the key looked up where it does not.
#include "tirxpp.h"
#ifndef TIRX_RT_NO_REWRITER
#include "libclang.h"
#endif

#ifndef TIRX_RT_HEADER_DIR
#define TIRX_RT_HEADER_DIR "headers"
#endif
#ifndef TIRX_RT_NVRTC_INCLUDE
#define TIRX_RT_NVRTC_INCLUDE "runtime/nvrtc_include"
#endif

// Bumped when the key's fields or the entry format change.
#define KEY_SCHEMA "tirx-rt key 1"
#define REWRITE_KEY_SCHEMA "tirx-rt rewrite key 1"

static void say(char *msg, size_t msglen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, msglen, fmt, ap);
  va_end(ap);
}

static const char *env_or(const char *given, const char *env, const char *dflt) {
  const char *e = getenv(env);
  return given ? given : e && *e ? e : dflt;
}

// ---- statuses ----

static const char *status_names[] = {
    "TIRX_RT_OK",         "TIRX_RT_ERR_ARGUMENT", "TIRX_RT_ERR_NO_DEVICE",   "TIRX_RT_ERR_REWRITE",
    "TIRX_RT_ERR_COMPILE", "TIRX_RT_ERR_NVRTC",   "TIRX_RT_ERR_LOAD",        "TIRX_RT_ERR_NOT_FOUND",
    "TIRX_RT_ERR_LAUNCH", "TIRX_RT_ERR_CUDA",     "TIRX_RT_ERR_UNSUPPORTED", "TIRX_RT_ERR_MEMORY",
    "TIRX_RT_ERR_CACHE"};

const char *tirx_rt_status_name(TirxRtStatus s) {
  return (unsigned)s < sizeof status_names / sizeof *status_names ? status_names[s] : "TIRX_RT_ERR_UNKNOWN";
}

// ---- NVRTC options ----

typedef struct {
  char **v;
  int n, cap;
} Args;

static bool add(Args *a, const char *fmt, ...) {
  if (a->n + 1 >= a->cap) {
    int cap = a->cap ? a->cap * 2 : 32;
    char **v = realloc(a->v, sizeof *v * (size_t)cap);
    if (!v) return false;
    a->v = v, a->cap = cap;
  }
  va_list ap;
  va_start(ap, fmt);
  int r = vasprintf(&a->v[a->n], fmt, ap);
  va_end(ap);
  if (r < 0) return false;
  a->n++;
  return true;
}

static void args_free(Args *a) {
  for (int i = 0; i < a->n; i++) free(a->v[i]);
  free(a->v);
}

// What nvcc gives a .cu file and NVRTC does not: the toolkit's headers,
// libcu++ (for the fixed-width integer types), the stand-ins for <cstdint>,
// <cstdio>, <cmath> in runtime/nvrtc_include, and tirx.h.
static bool nvrtc_args(const RtBuild *b, Args *a) {
  const TirxRtCompileOptions *o = b->opt;
  const char *cuda = env_or(b->cuda_path, "CUDA_PATH", "/usr/local/cuda");
  bool ok = add(a, "-arch=%s", b->arch) && add(a, "-std=c++17") && add(a, "-lineinfo");
  if (o)
    for (int i = 0; i < o->ninclude_dirs; i++) ok = ok && add(a, "-I%s", o->include_dirs[i]);
  ok = ok && add(a, "-I%s", env_or(b->header_dir, "TIRX_RT_HEADER_DIR", TIRX_RT_HEADER_DIR));
  ok = ok && add(a, "-I%s", env_or(b->nvrtc_include, "TIRX_RT_NVRTC_INCLUDE", TIRX_RT_NVRTC_INCLUDE));
  ok = ok && add(a, "--pre-include=cstdint");
  ok = ok && add(a, "-I%s/include", cuda) && add(a, "-I%s/include/cccl", cuda);
  ok = ok && add(a, "-DTIRX_PP_OUTPUT");
  if (o) {
    for (int i = 0; i < o->ndefines; i++) ok = ok && add(a, "-D%s", o->defines[i]);
    for (int i = 0; i < o->nnvrtc_options; i++) ok = ok && add(a, "%s", o->nvrtc_options[i]);
  }
  return ok;
}

// ---- the key ----

static void field_str(RtSha256 *s, const char *str) { rt_sha256_field(s, str ? str : "", str ? strlen(str) : 0); }

static void field_int(RtSha256 *s, long v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%ld", v);
  field_str(s, buf);
}

static TirxRtStatus make_key(const RtBuild *b, const Args *a, RtKey *key, char *msg, size_t msglen) {
  int major = 0, minor = 0;
  if (tirx_nvrtc_version(&major, &minor) != 0) {
    say(msg, msglen, "NVRTC is unavailable (libnvrtc.so.13; $TIRX_NVRTC_LIBRARY)");
    return TIRX_RT_ERR_NVRTC;
  }
  RtSha256 s;
  rt_sha256_init(&s);
  field_str(&s, KEY_SCHEMA);
  field_str(&s, TIRX_PP_VERSION);
  field_int(&s, major * 1000 + minor);
  field_int(&s, b->driver_version);
  field_int(&s, b->rewrite);
  field_str(&s, b->name);
  field_int(&s, a->n);
  for (int i = 0; i < a->n; i++) field_str(&s, a->v[i]);
  const TirxRtCompileOptions *o = b->opt;
  field_int(&s, o ? o->nkernels : 0);
  for (int i = 0; o && i < o->nkernels; i++) field_str(&s, o->kernels[i]);
  rt_sha256_field(&s, b->src, b->len);
  rt_sha256_final(&s, key->b);
  return TIRX_RT_OK;
}

TirxRtStatus rt_build_key(const RtBuild *b, RtKey *key, char *msg, size_t msglen) {
  Args a = {0};
  TirxRtStatus st = nvrtc_args(b, &a) ? make_key(b, &a, key, msg, msglen) : TIRX_RT_ERR_MEMORY;
  args_free(&a);
  return st;
}

// ---- the rewriter ----

const char *rt_parse_arch(const char *arch, char out[RT_ARCH_MAX]) {
  const char *num = !strncmp(arch, "sm_", 3) ? arch + 3 : !strncmp(arch, "compute_", 8) ? arch + 8 : NULL;
  size_t digits = num ? strspn(num, "0123456789") : 0;
  const char *suffix = num ? num + digits : "";
  if (!digits || digits > 4 || (*suffix && strcmp(suffix, "a"))) return arch;  // clang has the last word
  // clang 19 knows sm_90a at most; a newer device's code is parsed as sm_90a.
  if (atoi(num) > 90) return "sm_90a";
  // compute_XX (PTX for a virtual architecture) parses as sm_XX: the same
  // __CUDA_ARCH__ and features.
  snprintf(out, RT_ARCH_MAX, "sm_%.*s%s", (int)digits, num, suffix);
  return out;
}

// Where tirx.h and the toolkit are is left out, like the files the source
// includes: they differ between the machine that rewrites and the one that
// compiles, and tirx.h goes with tirx-pp's version.
void rt_rewrite_key(const RtBuild *b, RtKey *key) {
  const TirxRtCompileOptions *o = b->opt;
  RtSha256 s;
  rt_sha256_init(&s);
  field_str(&s, REWRITE_KEY_SCHEMA);
  field_str(&s, TIRX_PP_VERSION);
  field_str(&s, b->name);
  char arch[RT_ARCH_MAX];
  field_str(&s, rt_parse_arch(b->arch, arch));
  field_int(&s, o ? o->ninclude_dirs : 0);
  for (int i = 0; o && i < o->ninclude_dirs; i++) field_str(&s, o->include_dirs[i]);
  field_int(&s, o ? o->ndefines : 0);
  for (int i = 0; o && i < o->ndefines; i++) field_str(&s, o->defines[i]);
  rt_sha256_field(&s, b->src, b->len);
  rt_sha256_final(&s, key->b);
}

bool rt_rewriter_available(const char *src, size_t len, char *why, size_t whylen) {
#ifdef TIRX_RT_NO_REWRITER
  (void)src, (void)len;
  say(why, whylen, "this libtirx_rt was built without the rewriter");
  return false;
#else
  // A source without annotations is copied without libclang.
  if (!tirx_has_annotations(src, len)) return true;
  const char *env = getenv("TIRX_RT_REWRITER"), *e = NULL;
  if (env && !strcmp(env, "off")) return say(why, whylen, "TIRX_RT_REWRITER=off"), false;
  if (libclang_load(&e)) return true;
  say(why, whylen, "libclang cannot be loaded: %s", e ? e : "unknown reason");
  return false;
#endif
}

#ifndef TIRX_RT_NO_REWRITER
// One rewrite at a time, for the last process-wide state of the rewriter:
// front.c's sort_nodes (qsort's comparator reads the node table through it).
// libclang's load (pthread_once), spelling_of and pragma.c's bad_closer no
// longer need it, and each rewrite has its own libclang index; when sort_nodes
// goes, so does this lock.
static pthread_mutex_t rewrite_lock = PTHREAD_MUTEX_INITIALIZER;

static TirxRtStatus rewrite(const RtBuild *b, char **text, size_t *len, char **log, char *msg, size_t msglen) {
  const TirxRtCompileOptions *o = b->opt;
  Args clang = {0};
  char arch[RT_ARCH_MAX];
  bool ok = true;
  for (int i = 0; o && i < o->ninclude_dirs; i++) ok = ok && add(&clang, "-I%s", o->include_dirs[i]);
  for (int i = 0; o && i < o->ndefines; i++) ok = ok && add(&clang, "-D%s", o->defines[i]);
  char *diag = NULL;
  size_t diaglen = 0;
  FILE *out = open_memstream(&diag, &diaglen);
  if (!ok || !out) {
    args_free(&clang);
    return TIRX_RT_ERR_MEMORY;
  }
  TirxOptions opt = {
      .path = b->name,
      .cuda_path = env_or(b->cuda_path, "CUDA_PATH", "/usr/local/cuda"),
      .arch = rt_parse_arch(b->arch, arch),
      .header_dir = env_or(b->header_dir, "TIRX_RT_HEADER_DIR", TIRX_RT_HEADER_DIR),
      .cache_dir = b->pp_cache_dir,
      .clang_args = (const char **)clang.v,
      .nclang_args = clang.n,
  };
  TirxResult res;
  pthread_mutex_lock(&rewrite_lock);
  int rc = tirx_rewrite(&opt, b->src, b->len, &res, out);
  pthread_mutex_unlock(&rewrite_lock);
  fclose(out);
  args_free(&clang);
  *log = diag;
  if (rc != TIRX_OK) {
    say(msg, msglen, "%s: tirx-pp %s", b->name, rc == TIRX_INPUT_ERROR ? "found errors" : "failed");
    return TIRX_RT_ERR_REWRITE;
  }
  *text = res.text.data ? res.text.data : strdup("");
  *len = res.text.len;
  res.text.data = NULL;
  tirx_result_free(&res);
  return *text ? TIRX_RT_OK : TIRX_RT_ERR_MEMORY;
}
#else
static TirxRtStatus rewrite(const RtBuild *b, char **text, size_t *len, char **log, char *msg, size_t msglen) {
  (void)text, (void)len, (void)log;
  say(msg, msglen, "%s: this libtirx_rt was built without the rewriter", b->name);
  return TIRX_RT_ERR_UNSUPPORTED;
}
#endif

// The rewrite from the rewrite cache, else from the rewriter (and then
// cached). Without either: TIRX_RT_ERR_UNSUPPORTED, saying how to get one.
static TirxRtStatus cached_rewrite(const RtBuild *b, char **text, size_t *len, char **log, char *msg, size_t msglen) {
  RtKey key;
  RtRewrite rw;
  rt_rewrite_key(b, &key);
  if (b->cache_dir && rt_rewrite_load(b->cache_dir, &key, &rw)) {
    *text = rw.text, *len = rw.len, *log = rw.log;
    return TIRX_RT_OK;
  }
  char why[600], arch[RT_ARCH_MAX];
  if (!rt_rewriter_available(b->src, b->len, why, sizeof why)) {
    char where[4300];
    if (b->cache_dir)
      rt_rewrite_path(b->cache_dir, &key, where, sizeof where);
    else
      snprintf(where, sizeof where, "none: the cache is off");
    say(msg, msglen,
        "%s: the rewriter is unavailable here (%s) and the rewrite cache holds no rewrite of this source for %s "
        "(%s): prepare it with tirx_rt_prepare where tirx-pp runs, or compile tirx-pp's output with "
        "tirx_rt_compile_rewritten",
        b->name, why, rt_parse_arch(b->arch, arch), where);
    return TIRX_RT_ERR_UNSUPPORTED;
  }
  TirxRtStatus st = rewrite(b, text, len, log, msg, msglen);
  // A failed store costs only the next rewrite, so it is not an error.
  if (st == TIRX_RT_OK && b->cache_dir)
    rt_rewrite_store(b->cache_dir, &key, &(RtRewrite){*text, *len, *log ? *log : ""});
  return st;
}

// ---- NVRTC ----

// Appends `more` to the malloc'ed *log.
static void log_append(char **log, const char *more) {
  if (!more || !*more) return;
  size_t a = *log ? strlen(*log) : 0, b = strlen(more);
  char *s = realloc(*log, a + b + 1);
  if (!s) return;
  memcpy(s + a, more, b + 1);
  *log = s;
}

static TirxRtStatus compile(const RtBuild *b, const Args *a, const char *text, RtImage *out, char **log, char *msg,
                            size_t msglen) {
  const TirxRtCompileOptions *o = b->opt;
  int nk = o ? o->nkernels : 0;
  TirxNvrtcResult r;
  int rc = tirx_nvrtc_compile(text, b->name, (const char *const *)a->v, a->n, nk ? o->kernels : NULL, nk, &r, msg,
                              msglen);
  log_append(log, r.log);
  if (rc != 0) {
    tirx_nvrtc_result_free(&r);
    return rc == 1 ? TIRX_RT_ERR_COMPILE : TIRX_RT_ERR_NVRTC;
  }
  memset(out, 0, sizeof *out);
  out->image = r.image, out->image_size = r.image_size;
  r.image = NULL;
  out->exprs = calloc((size_t)nk + 1, sizeof *out->exprs);
  out->lowered = calloc((size_t)nk + 1, sizeof *out->lowered);
  bool ok = out->exprs && out->lowered;
  for (int i = 0; ok && i < nk; i++, out->n++) {
    out->exprs[i] = strdup(o->kernels[i]);
    out->lowered[i] = strdup(r.lowered[i]);
    ok = out->exprs[i] && out->lowered[i];
  }
  tirx_nvrtc_result_free(&r);
  if (!ok) {
    rt_image_free(out);
    return TIRX_RT_ERR_MEMORY;
  }
  return TIRX_RT_OK;
}

TirxRtStatus rt_build(const RtBuild *b, RtImage *out, bool *cached, char **log, char *msg, size_t msglen) {
  memset(out, 0, sizeof *out);
  *cached = false;
  *log = NULL;
  msg[0] = '\0';
  Args a = {0};
  RtKey key;
  TirxRtStatus st = nvrtc_args(b, &a) ? make_key(b, &a, &key, msg, msglen) : TIRX_RT_ERR_MEMORY;
  if (st == TIRX_RT_OK && b->cache_dir && rt_cache_load(b->cache_dir, &key, out)) {
    *cached = true;
  } else if (st == TIRX_RT_OK) {
    char *text = NULL;
    size_t len = 0;
    if (b->rewrite) {
      st = cached_rewrite(b, &text, &len, log, msg, msglen);
    } else if (!(text = strndup(b->src, b->len))) {  // NVRTC wants a C string
      st = TIRX_RT_ERR_MEMORY;
    }
    if (st == TIRX_RT_OK) st = compile(b, &a, text, out, log, msg, msglen);
    // A failed store costs only the next compile, so it is not an error.
    if (st == TIRX_RT_OK && b->cache_dir) rt_cache_store(b->cache_dir, &key, out);
    free(text);
  }
  args_free(&a);
  if (!*log && !(*log = strdup(""))) {
    rt_image_free(out);
    if (st == TIRX_RT_OK) say(msg, msglen, "out of memory");
    return st == TIRX_RT_OK ? TIRX_RT_ERR_MEMORY : st;
  }
  return st;
}

TirxRtStatus tirx_rt_prepare(const char *src, size_t len, const TirxRtCompileOptions *opt, char **log, char *msg,
                             size_t msglen) {
  char dummy[1], cache[4096], pp[4096];
  if (!msg || !msglen) msg = dummy, msglen = sizeof dummy;
  msg[0] = '\0';
  if (log) *log = NULL;
  if (!src) return say(msg, msglen, "no source"), TIRX_RT_ERR_ARGUMENT;
  RtBuild b = {
      .src = src,
      .len = len,
      .name = opt && opt->name ? opt->name : "tirx_rt.cu",
      .rewrite = true,
      .arch = opt && opt->arch ? opt->arch : "sm_90a",
      .pp_cache_dir = rt_pp_cache_dir(pp, sizeof pp),
      .opt = opt,
      .cache_dir = rt_cache_dir(cache, sizeof cache),
  };
  if (!b.cache_dir) {
    say(msg, msglen, "%s: no rewrite cache: $TIRX_RT_CACHE_DIR is off, or the cache directory cannot be written",
        b.name);
    return TIRX_RT_ERR_CACHE;
  }
  char why[600];
  if (!rt_rewriter_available(src, len, why, sizeof why)) {
    say(msg, msglen, "%s: the rewriter is unavailable here (%s)", b.name, why);
    return TIRX_RT_ERR_UNSUPPORTED;
  }
  // Always rewritten anew: an entry left by an older tirx-pp of the same
  // version is replaced.
  char *text = NULL, *diag = NULL;
  size_t tlen = 0;
  TirxRtStatus st = rewrite(&b, &text, &tlen, &diag, msg, msglen);
  RtKey key;
  rt_rewrite_key(&b, &key);
  if (st == TIRX_RT_OK && !rt_rewrite_store(b.cache_dir, &key, &(RtRewrite){text, tlen, diag ? diag : ""})) {
    char path[4300];
    rt_rewrite_path(b.cache_dir, &key, path, sizeof path);
    say(msg, msglen, "%s: cannot write %s", b.name, path);
    st = TIRX_RT_ERR_CACHE;
  }
  free(text);
  if (!log) {
    free(diag);
  } else if (!(*log = diag ? diag : strdup(""))) {
    if (st == TIRX_RT_OK) say(msg, msglen, "out of memory");
    return st == TIRX_RT_OK ? TIRX_RT_ERR_MEMORY : st;
  }
  return st;
}
