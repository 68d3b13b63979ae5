// nvrtc.c - NVRTC through dlopen: the functions we use, looked up once.
#define _POSIX_C_SOURCE 200809L
#include "nvrtc.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The toolkit's header (this directory is not on our own include path).
#include <nvrtc.h>

// The entry points, typed from the toolkit's own header so a mismatch is a
// compile error rather than a crash.
static struct {
  const char *(*GetErrorString)(nvrtcResult);
  nvrtcResult (*Version)(int *, int *);
  nvrtcResult (*CreateProgram)(nvrtcProgram *, const char *, const char *, int, const char *const *,
                               const char *const *);
  nvrtcResult (*DestroyProgram)(nvrtcProgram *);
  nvrtcResult (*CompileProgram)(nvrtcProgram, int, const char *const *);
  nvrtcResult (*GetPTXSize)(nvrtcProgram, size_t *);
  nvrtcResult (*GetPTX)(nvrtcProgram, char *);
  nvrtcResult (*GetCUBINSize)(nvrtcProgram, size_t *);
  nvrtcResult (*GetCUBIN)(nvrtcProgram, char *);
  nvrtcResult (*GetProgramLogSize)(nvrtcProgram, size_t *);
  nvrtcResult (*GetProgramLog)(nvrtcProgram, char *);
  nvrtcResult (*AddNameExpression)(nvrtcProgram, const char *);
  nvrtcResult (*GetLoweredName)(nvrtcProgram, const char *, const char **);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];  // empty when loaded

static void *sym(void *lib, const char *name) {
  void *p = dlsym(lib, name);
  if (!p && !load_error[0]) snprintf(load_error, sizeof load_error, "NVRTC lacks %s", name);
  return p;
}

static void load(void) {
  const char *env = getenv("TIRX_NVRTC_LIBRARY");
  const char *names[] = {"libnvrtc.so.13", "libnvrtc.so"};
  void *lib = NULL;
  if (env && *env) {
    // An explicit choice is not second-guessed with the defaults.
    lib = dlopen(env, RTLD_NOW | RTLD_LOCAL);
  } else {
    for (size_t i = 0; i < sizeof names / sizeof *names && !lib; i++) lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    // Not on the loader's path: the toolkit's own directory.
    const char *cuda = getenv("CUDA_PATH");
    char path[4096];
    snprintf(path, sizeof path, "%s/lib64/libnvrtc.so.13", cuda && *cuda ? cuda : "/usr/local/cuda");
    if (!lib) lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  }
  if (!lib) {
    const char *e = dlerror();
    snprintf(load_error, sizeof load_error, "cannot load NVRTC: %s", e ? e : "unknown error");
    return;
  }
#define GET(f) *(void **)&api.f = sym(lib, "nvrtc" #f)
  GET(GetErrorString);
  GET(Version);
  GET(CreateProgram);
  GET(DestroyProgram);
  GET(CompileProgram);
  GET(GetPTXSize);
  GET(GetPTX);
  GET(GetCUBINSize);
  GET(GetCUBIN);
  GET(GetProgramLogSize);
  GET(GetProgramLog);
  GET(AddNameExpression);
  GET(GetLoweredName);
#undef GET
}

static const char *loaded(void) {
  pthread_once(&load_once, load);
  return load_error[0] ? load_error : NULL;
}

static void say(char *msg, size_t msglen, const char *fmt, ...) {
  if (!msg || !msglen) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, msglen, fmt, ap);
  va_end(ap);
}

int tirx_nvrtc_version(int *major, int *minor) {
  if (loaded()) return 1;
  return api.Version(major, minor) != NVRTC_SUCCESS;
}

void tirx_nvrtc_result_free(TirxNvrtcResult *r) {
  if (!r) return;
  if (r->lowered)
    for (char **p = r->lowered; *p; p++) free(*p);
  free(r->lowered);
  free(r->log);
  free(r->image);
  memset(r, 0, sizeof *r);
}

static char *get_log(nvrtcProgram prog) {
  size_t n = 0;
  if (api.GetProgramLogSize(prog, &n) != NVRTC_SUCCESS) n = 0;
  char *log = calloc(n + 1, 1);
  if (log && n && api.GetProgramLog(prog, log) != NVRTC_SUCCESS) log[0] = '\0';
  return log;
}

// The cubin when the options named a real architecture, the PTX otherwise:
// NVRTC reports a zero-sized cubin for a virtual one.
static int get_image(nvrtcProgram prog, TirxNvrtcResult *out) {
  size_t n = 0;
  if (api.GetCUBINSize(prog, &n) == NVRTC_SUCCESS && n > 0) {
    if (!(out->image = malloc(n))) return 0;
    if (api.GetCUBIN(prog, out->image) != NVRTC_SUCCESS) return 0;
    out->image_size = n;
    return 1;
  }
  if (api.GetPTXSize(prog, &n) != NVRTC_SUCCESS || n == 0) return 0;
  if (!(out->image = malloc(n))) return 0;
  if (api.GetPTX(prog, out->image) != NVRTC_SUCCESS) return 0;
  out->image_size = n;  // includes the NUL, which cuModuleLoadData wants
  return 1;
}

static int get_lowered(nvrtcProgram prog, const char *const *exprs, int n, TirxNvrtcResult *out, char *msg,
                       size_t msglen) {
  if (n <= 0) return 1;
  if (!(out->lowered = calloc((size_t)n + 1, sizeof *out->lowered))) return 0;
  for (int i = 0; i < n; i++) {
    const char *low = NULL;
    nvrtcResult rc = api.GetLoweredName(prog, exprs[i], &low);
    if (rc != NVRTC_SUCCESS || !low) {
      say(msg, msglen, "no lowered name for '%s': %s", exprs[i], api.GetErrorString(rc));
      return 0;
    }
    if (!(out->lowered[i] = strdup(low))) return 0;
  }
  return 1;
}

int tirx_nvrtc_compile(const char *src, const char *name, const char *const *options, int noptions,
                       const char *const *name_exprs, int nname_exprs, TirxNvrtcResult *out, char *msg,
                       size_t msglen) {
  return tirx_nvrtc_compile_headers(src, name, NULL, NULL, 0, options, noptions, name_exprs, nname_exprs, out, msg,
                                    msglen);
}

int tirx_nvrtc_compile_headers(const char *src, const char *name, const char *const *headers,
                               const char *const *include_names, int nheaders, const char *const *options, int noptions,
                               const char *const *name_exprs, int nname_exprs, TirxNvrtcResult *out, char *msg,
                               size_t msglen) {
  memset(out, 0, sizeof *out);
  const char *why = loaded();
  if (why) {
    say(msg, msglen, "%s", why);
    return 2;
  }
  nvrtcProgram prog = NULL;
  nvrtcResult rc = api.CreateProgram(&prog, src, name ? name : "tirx.cu", nheaders, headers, include_names);
  if (rc != NVRTC_SUCCESS) {
    say(msg, msglen, "nvrtcCreateProgram: %s", api.GetErrorString(rc));
    return 2;
  }
  int status = 2;
  for (int i = 0; i < nname_exprs; i++) {
    if ((rc = api.AddNameExpression(prog, name_exprs[i])) != NVRTC_SUCCESS) {
      say(msg, msglen, "nvrtcAddNameExpression('%s'): %s", name_exprs[i], api.GetErrorString(rc));
      goto done;
    }
  }
  rc = api.CompileProgram(prog, noptions, options);
  out->log = get_log(prog);
  if (rc == NVRTC_ERROR_COMPILATION) {
    say(msg, msglen, "%s: compilation failed", name ? name : "tirx.cu");
    status = 1;
    goto done;
  }
  if (rc != NVRTC_SUCCESS) {
    // A bad option is reported in the log too; keep both.
    say(msg, msglen, "nvrtcCompileProgram: %s", api.GetErrorString(rc));
    goto done;
  }
  if (!get_image(prog, out)) {
    say(msg, msglen, "cannot retrieve the compiled image");
    goto done;
  }
  if (!get_lowered(prog, name_exprs, nname_exprs, out, msg, msglen)) goto done;
  status = 0;
done:
  api.DestroyProgram(&prog);
  if (status != 0) {
    char *log = out->log;
    out->log = NULL;
    tirx_nvrtc_result_free(out);
    out->log = log ? log : calloc(1, 1);
  }
  if (!out->log) out->log = calloc(1, 1);
  return status;
}
