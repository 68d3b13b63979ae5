// tirx_rt.h - libtirx_rt: compile an annotated CUDA source at run time and
// launch its kernels.
//
//   TirxRt *rt;
//   if (tirx_rt_create(0, &rt) != TIRX_RT_OK) { puts(tirx_rt_message(rt)); ... }
//   const char *kernels[] = {"scale<4>"};
//   TirxRtCompileOptions o = {.kernels = kernels, .nkernels = 1};
//   TirxRtModule *m;
//   if (tirx_rt_compile(rt, src, strlen(src), &o, &m) != TIRX_RT_OK)
//     fprintf(stderr, "%s\n%s", tirx_rt_message(rt), tirx_rt_log(rt));
//   TirxRtLaunch l = {.grid = {n / 256}, .block = {256}};
//   void *args[] = {&ptr, &n};
//   tirx_rt_launch(m, "scale<4>", &l, args);
//
// Compiling runs tirx-pp's rewriter in-process (libclang is loaded only when
// the source has annotations), then NVRTC (dlopen'ed: runtime/nvrtc.h) to a
// cubin for the device's architecture, then cuModuleLoadData. Cubins are
// cached on disk (below), so a second run of the same source skips both.
//
// The Driver API is linked through the toolkit's stub (libcuda.so.1 at run
// time); everything else this library needs is loaded on demand.
//
// Errors: every function returns a TirxRtStatus; none aborts or prints. The
// message of the last error is tirx_rt_message(rt), the diagnostics of the
// last compile (tirx-pp's and NVRTC's, with file:line) tirx_rt_log(rt). Both
// belong to the context: use one context per thread, or serialize calls on a
// shared one. Different contexts may be used from different threads at once.
//
// The disk cache: $TIRX_RT_CACHE_DIR (`off` disables it), else
// $XDG_CACHE_HOME/tirx-rt, else ~/.cache/tirx-rt. It holds two kinds of
// entries. A cubin (NAME.tirxrt) is named by the SHA-256 of the source, every
// NVRTC option (architecture, include dirs, defines, ...), the kernel names,
// whether it was rewritten, the versions of NVRTC and the driver, and
// tirx-pp's version and build id (a hash of the rewriter's sources). A
// rewrite (NAME.tirxpp: tirx-pp's output and its warnings) is named by what
// the rewriter sees only: the source, its name, the architecture it is parsed
// for, the -I and -D options and tirx-pp's version and build id; no NVRTC,
// driver or device. So a rewrite made where libclang is (tirx_rt_prepare)
// serves tirx_rt_compile where it is not: copy the cache directory there.
// Each entry also records the files it was made from (size, time, SHA-256):
// for a rewrite, every file the rewriter's parse read; for a cubin, those and
// every file the #include lines of the compiled text lead to, found as the
// rewriter finds headers: a quoted name beside the including file, then the
// -I directories; an absolute name as it is (tirx.h, the user's headers, the
// toolkit's). An entry is used
// only while they are as recorded (a file touched but unchanged still
// counts as the same); else it is rebuilt. Where the rewriter cannot run, a
// recorded file that is missing is taken to be the other machine's, and a
// changed one is an error that names it (TIRX_RT_ERR_UNSUPPORTED). An entry
// carries its length and a checksum; a truncated or corrupt one (or a cubin
// the driver refuses) is rebuilt and replaced, atomically (temp + rename).
//
// Where the rewriter cannot run (built with TIRX_RT_NO_REWRITER, or libclang
// missing; $TIRX_RT_REWRITER=off acts as the latter, for tests),
// tirx_rt_compile of an annotated source takes the rewrite from the cache,
// and fails with TIRX_RT_ERR_UNSUPPORTED, saying why and how to prepare one,
// when there is none.
#pragma once
#include <stddef.h>

#include <cuda.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  TIRX_RT_OK = 0,
  TIRX_RT_ERR_ARGUMENT,   // a NULL or out-of-range argument
  TIRX_RT_ERR_NO_DEVICE,  // no driver or no device: cuInit or cuDeviceGet failed
  TIRX_RT_ERR_REWRITE,    // tirx-pp rejected the source (tirx_rt_log says where)
  TIRX_RT_ERR_COMPILE,    // NVRTC found errors in the source (tirx_rt_log says where)
  TIRX_RT_ERR_NVRTC,      // NVRTC could not be loaded, or failed (a bad option, ...)
  TIRX_RT_ERR_LOAD,       // cuModuleLoadData refused the cubin
  TIRX_RT_ERR_NOT_FOUND,  // no kernel of that name in the module
  TIRX_RT_ERR_LAUNCH,     // cuLaunchKernelEx (or setting the shared-memory limit) failed
  TIRX_RT_ERR_CUDA,       // another Driver API call failed
  TIRX_RT_ERR_UNSUPPORTED,  // the rewriter cannot run here and the cache has no rewrite of the source
  TIRX_RT_ERR_MEMORY,     // out of host memory
  TIRX_RT_ERR_CACHE,      // tirx_rt_prepare: the cache is off or cannot be written
} TirxRtStatus;

typedef struct TirxRt TirxRt;              // a device, its primary context, messages
typedef struct TirxRtModule TirxRtModule;  // a loaded cubin and its kernel names

typedef struct {
  // sm_XX[a] or compute_XX[a]; NULL: the device's, sm_XY, with the `a` suffix
  // from 9.0 on (wgmma and setmaxnreg need it).
  const char *arch;
  // -I directories and -D definitions ("NAME" or "NAME=VALUE"), given to both
  // the rewriter and NVRTC.
  const char *const *include_dirs;
  int ninclude_dirs;
  const char *const *defines;
  int ndefines;
  // The kernels to launch, as C++ name expressions ("relu", "ns::f",
  // "matmul_1p1c<2>"): NVRTC instantiates templates named here and reports
  // their mangled names. An extern "C" kernel may be launched without being
  // listed.
  const char *const *kernels;
  int nkernels;
  // More NVRTC options, passed as they are ("-G", "-lineinfo", "-maxrregcount=64").
  const char *const *nvrtc_options;
  int nnvrtc_options;
  const char *name;  // the source's name in messages (default "tirx_rt.cu")
  int no_cache;      // 1: neither read nor write the disk cache
} TirxRtCompileOptions;

typedef struct {
  unsigned grid[3];     // blocks; 0 counts as 1
  unsigned block[3];    // threads per block; 0 counts as 1
  unsigned cluster[3];  // blocks per cluster; all 0: no cluster attribute
  // Dynamic shared memory; above 48 KiB the kernel's limit is raised first
  // (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES). Above INT_MAX (which
  // the Driver API cannot take): TIRX_RT_ERR_ARGUMENT.
  size_t shared_bytes;
  CUstream stream;      // 0: the context's default stream
} TirxRtLaunch;

// Initializes the driver and retains device `ordinal`'s primary context
// (current on this thread from then on). *out is set even on failure (unless
// memory runs out), so that tirx_rt_message can say why; destroy it.
TirxRtStatus tirx_rt_create(int ordinal, TirxRt **out);
void tirx_rt_destroy(TirxRt *rt);

// The message of the last failed call on rt ("" after success), and the
// diagnostics of the last compile ("" when there were none). NULL-safe.
const char *tirx_rt_message(const TirxRt *rt);
const char *tirx_rt_log(const TirxRt *rt);
// A status's name, "TIRX_RT_ERR_COMPILE" and so on.
const char *tirx_rt_status_name(TirxRtStatus s);

// The device: its compute capability, and the arch used when options.arch is
// NULL ("sm_90a").
TirxRtStatus tirx_rt_device(const TirxRt *rt, int *major, int *minor, const char **arch);

// Compiles an annotated source (len bytes; need not be NUL-terminated) and
// loads it. Where tirx.h is: $TIRX_RT_HEADER_DIR, else the source tree's
// headers/ this library was built from. The CUDA toolkit: $CUDA_PATH, else
// /usr/local/cuda (for its headers; NVRTC gets the toolkit's include dirs).
TirxRtStatus tirx_rt_compile(TirxRt *rt, const char *src, size_t len, const TirxRtCompileOptions *opt,
                             TirxRtModule **out);
// The same for a source that already went through tirx-pp (or never needed
// it): NVRTC only, so it runs where libclang is missing.
TirxRtStatus tirx_rt_compile_rewritten(TirxRt *rt, const char *src, size_t len, const TirxRtCompileOptions *opt,
                                       TirxRtModule **out);
void tirx_rt_module_free(TirxRtModule *m);

// Rewrites an annotated source with tirx-pp and stores the rewrite in the disk
// cache, so that tirx_rt_compile of the same source and options finds it on a
// machine whose rewriter cannot run (no libclang). Needs neither a device nor
// NVRTC nor the Driver API (it is in tirx_rt_core), and no TirxRt. opt->arch:
// the architecture the source will be compiled for (NULL: sm_90a, an H100's
// or H200's); kernels, NVRTC options and no_cache are not used. Always
// rewrites, replacing an entry there was. *log (when log is not NULL) gets the
// rewriter's diagnostics, malloc'ed: free it; msg the error, as
// tirx_rt_message would say it.
TirxRtStatus tirx_rt_prepare(const char *src, size_t len, const TirxRtCompileOptions *opt, char **log, char *msg,
                             size_t msglen);
// Whether the last compile of this module came from the disk cache.
int tirx_rt_module_cached(const TirxRtModule *m);

// The kernel named `kernel` (a name expression listed at compile time, or an
// extern "C" or mangled name).
TirxRtStatus tirx_rt_function(TirxRtModule *m, const char *kernel, CUfunction *out);
// Launches it with cuLaunchKernelEx; params as cuLaunchKernel takes them (one
// pointer to each argument). Asynchronous: errors of the run itself come from
// the next synchronizing call (cuStreamSynchronize).
TirxRtStatus tirx_rt_launch(TirxRtModule *m, const char *kernel, const TirxRtLaunch *launch, void **params);

#ifdef __cplusplus
}
#endif
