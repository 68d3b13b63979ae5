// nvrtc.h - NVRTC, loaded with dlopen on first use (libnvrtc.so.13, then
// libnvrtc.so, then lib64/libnvrtc.so.13 of $CUDA_PATH or /usr/local/cuda),
// so that tools which never compile device code start without it.
// $TIRX_NVRTC_LIBRARY names another library to load instead (tests point
// it at a missing file to see the 'unavailable' path).
#pragma once
#include <stddef.h>

typedef struct {
  char *log;          // NVRTC's messages, NUL-terminated (may be empty); malloc'ed
  char *image;        // the cubin (options name a real arch, sm_XX) or PTX (compute_XX); NULL on failure
  size_t image_size;
  char **lowered;     // lowered (mangled) names of the name expressions, in order; NULL when none
} TirxNvrtcResult;

// Compiles `src` (named `name` in messages) with NVRTC's `options`
// ("-arch=sm_90a", "-I...", ...). Each name expression ("kern<2>",
// "&ns::f") gets its lowered name in out->lowered.
// 0: compiled; 1: the source has errors (out->log says which); 2: NVRTC
// unavailable or failed (msg says why). *out is always initialized; free it
// with tirx_nvrtc_result_free.
int tirx_nvrtc_compile(const char *src, const char *name, const char *const *options, int noptions,
                       const char *const *name_exprs, int nname_exprs, TirxNvrtcResult *out, char *msg,
                       size_t msglen);
// The same, with headers in memory: an #include of include_names[i], as
// written, reads headers[i] in place of any file of that name (NVRTC looks
// them up before its include paths).
int tirx_nvrtc_compile_headers(const char *src, const char *name, const char *const *headers,
                               const char *const *include_names, int nheaders, const char *const *options, int noptions,
                               const char *const *name_exprs, int nname_exprs, TirxNvrtcResult *out, char *msg,
                               size_t msglen);
void tirx_nvrtc_result_free(TirxNvrtcResult *r);
// NVRTC's version; 0 on success, nonzero when NVRTC cannot be loaded.
int tirx_nvrtc_version(int *major, int *minor);
