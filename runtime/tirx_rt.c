// tirx_rt.c - the public API over the Driver API: a context, modules loaded
// from rt_build's cubins, kernels looked up by name and launched.
#define _GNU_SOURCE
#include "tirx_rt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

struct TirxRt {
  CUdevice dev;
  CUcontext ctx;  // the primary context, retained
  int major, minor, driver_version;
  char arch[16];
  char message[2048];
  char *log;
  char cache_dir[4096];
  const char *cache;  // cache_dir, or NULL when off
  char pp_cache_dir[4096];
  const char *pp_cache;
};

typedef struct {
  char *name;
  CUfunction fn;
} Function;

struct TirxRtModule {
  TirxRt *rt;
  CUmodule mod;
  RtImage image;  // the kernel names, lowered; the image itself is dropped once loaded
  Function *fns;
  int nfns;
  bool cached;
};

static TirxRtStatus fail(TirxRt *rt, TirxRtStatus st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(rt->message, sizeof rt->message, fmt, ap);
  va_end(ap);
  return st;
}

// "cuInit: CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)"
static TirxRtStatus cu_fail(TirxRt *rt, TirxRtStatus st, const char *call, CUresult r) {
  const char *name = NULL, *text = NULL;
  cuGetErrorName(r, &name);
  cuGetErrorString(r, &text);
  // The toolkit's stub (no driver installed) cannot even name its errors.
  if (!name && r == CUDA_ERROR_STUB_LIBRARY) name = "CUDA_ERROR_STUB_LIBRARY", text = "the toolkit's stub libcuda, not a driver";
  if (!name) return fail(rt, st, "%s: CUresult %d", call, (int)r);
  return fail(rt, st, "%s: %s (%s)", call, name, text ? text : "no description");
}

const char *tirx_rt_message(const TirxRt *rt) { return rt ? rt->message : "out of memory"; }
const char *tirx_rt_log(const TirxRt *rt) { return rt && rt->log ? rt->log : ""; }

static TirxRtStatus ok(TirxRt *rt) {
  rt->message[0] = '\0';
  return TIRX_RT_OK;
}

TirxRtStatus tirx_rt_create(int ordinal, TirxRt **out) {
  TirxRt *rt = calloc(1, sizeof *rt);
  *out = rt;
  if (!rt) return TIRX_RT_ERR_MEMORY;
  rt->cache = rt_cache_dir(rt->cache_dir, sizeof rt->cache_dir);
  rt->pp_cache = rt_pp_cache_dir(rt->pp_cache_dir, sizeof rt->pp_cache_dir);
  CUresult r = cuInit(0);
  if (r != CUDA_SUCCESS) return cu_fail(rt, TIRX_RT_ERR_NO_DEVICE, "cuInit", r);
  int count = 0;
  if ((r = cuDeviceGetCount(&count)) != CUDA_SUCCESS) return cu_fail(rt, TIRX_RT_ERR_NO_DEVICE, "cuDeviceGetCount", r);
  if (ordinal < 0 || ordinal >= count)
    return fail(rt, TIRX_RT_ERR_NO_DEVICE, "no CUDA device %d (%d present)", ordinal, count);
  if ((r = cuDeviceGet(&rt->dev, ordinal)) != CUDA_SUCCESS) return cu_fail(rt, TIRX_RT_ERR_NO_DEVICE, "cuDeviceGet", r);
  if ((r = cuDriverGetVersion(&rt->driver_version)) != CUDA_SUCCESS)
    return cu_fail(rt, TIRX_RT_ERR_CUDA, "cuDriverGetVersion", r);
  cuDeviceGetAttribute(&rt->major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, rt->dev);
  cuDeviceGetAttribute(&rt->minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, rt->dev);
  // The `a` targets (wgmma, setmaxnreg) run only on their own major version.
  snprintf(rt->arch, sizeof rt->arch, "sm_%d%d%s", rt->major, rt->minor, rt->major >= 9 ? "a" : "");
  if ((r = cuDevicePrimaryCtxRetain(&rt->ctx, rt->dev)) != CUDA_SUCCESS) {
    rt->ctx = NULL;
    return cu_fail(rt, TIRX_RT_ERR_CUDA, "cuDevicePrimaryCtxRetain", r);
  }
  if ((r = cuCtxSetCurrent(rt->ctx)) != CUDA_SUCCESS) return cu_fail(rt, TIRX_RT_ERR_CUDA, "cuCtxSetCurrent", r);
  return ok(rt);
}

void tirx_rt_destroy(TirxRt *rt) {
  if (!rt) return;
  if (rt->ctx) cuDevicePrimaryCtxRelease(rt->dev);
  free(rt->log);
  free(rt);
}

TirxRtStatus tirx_rt_device(const TirxRt *rt, int *major, int *minor, const char **arch) {
  if (!rt || !rt->ctx) return TIRX_RT_ERR_NO_DEVICE;
  if (major) *major = rt->major;
  if (minor) *minor = rt->minor;
  if (arch) *arch = rt->arch;
  return TIRX_RT_OK;
}

// ---- modules ----

static TirxRtStatus load(TirxRt *rt, TirxRtModule *m) {
  CUresult r = cuModuleLoadData(&m->mod, m->image.image);
  if (r != CUDA_SUCCESS) {
    m->mod = NULL;
    return cu_fail(rt, TIRX_RT_ERR_LOAD, "cuModuleLoadData", r);
  }
  free(m->image.image);
  m->image.image = NULL;
  return TIRX_RT_OK;
}

static TirxRtStatus compile(TirxRt *rt, const char *src, size_t len, const TirxRtCompileOptions *opt, bool rewrite,
                            TirxRtModule **out) {
  *out = NULL;
  if (!rt) return TIRX_RT_ERR_ARGUMENT;
  if (!src) return fail(rt, TIRX_RT_ERR_ARGUMENT, "no source");
  if (!rt->ctx) return fail(rt, TIRX_RT_ERR_NO_DEVICE, "no device: tirx_rt_create failed");
  CUresult r = cuCtxSetCurrent(rt->ctx);
  if (r != CUDA_SUCCESS) return cu_fail(rt, TIRX_RT_ERR_CUDA, "cuCtxSetCurrent", r);
  TirxRtModule *m = calloc(1, sizeof *m);
  if (!m) return fail(rt, TIRX_RT_ERR_MEMORY, "out of memory");
  m->rt = rt;
  RtBuild b = {
      .src = src,
      .len = len,
      .name = opt && opt->name ? opt->name : "tirx_rt.cu",
      .rewrite = rewrite,
      .arch = opt && opt->arch ? opt->arch : rt->arch,
      .pp_cache_dir = rt->pp_cache,
      .opt = opt,
      .cache_dir = opt && opt->no_cache ? NULL : rt->cache,
      .driver_version = rt->driver_version,
  };
  free(rt->log);
  TirxRtStatus st = rt_build(&b, &m->image, &m->cached, &rt->log, rt->message, sizeof rt->message);
  if (st == TIRX_RT_OK) st = load(rt, m);
  if (st == TIRX_RT_ERR_LOAD && m->cached) {
    // An entry intact by its checksum that the driver still refuses (written
    // by a different toolkit under the same versions?): build it again.
    char path[4200];
    RtKey key;
    if (rt_build_key(&b, &key, rt->message, sizeof rt->message) == TIRX_RT_OK) {
      rt_cache_path(b.cache_dir, &key, path, sizeof path);
      remove(path);
    }
    rt_image_free(&m->image);
    free(rt->log);
    st = rt_build(&b, &m->image, &m->cached, &rt->log, rt->message, sizeof rt->message);
    if (st == TIRX_RT_OK) st = load(rt, m);
  }
  if (st != TIRX_RT_OK) {
    if (st == TIRX_RT_ERR_MEMORY && !rt->message[0]) fail(rt, st, "out of memory");
    tirx_rt_module_free(m);
    return st;
  }
  *out = m;
  return ok(rt);
}

TirxRtStatus tirx_rt_compile(TirxRt *rt, const char *src, size_t len, const TirxRtCompileOptions *opt,
                             TirxRtModule **out) {
  return compile(rt, src, len, opt, true, out);
}

TirxRtStatus tirx_rt_compile_rewritten(TirxRt *rt, const char *src, size_t len, const TirxRtCompileOptions *opt,
                                       TirxRtModule **out) {
  return compile(rt, src, len, opt, false, out);
}

void tirx_rt_module_free(TirxRtModule *m) {
  if (!m) return;
  if (m->mod) cuModuleUnload(m->mod);
  for (int i = 0; i < m->nfns; i++) free(m->fns[i].name);
  free(m->fns);
  rt_image_free(&m->image);
  free(m);
}

int tirx_rt_module_cached(const TirxRtModule *m) { return m && m->cached; }

// ---- kernels ----

// A name expression given at compile time maps to its lowered name; any
// other name is looked up as it is (extern "C", or already mangled).
static const char *lowered(const TirxRtModule *m, const char *name) {
  for (int i = 0; i < m->image.n; i++)
    if (!strcmp(m->image.exprs[i], name)) return m->image.lowered[i];
  return name;
}

TirxRtStatus tirx_rt_function(TirxRtModule *m, const char *kernel, CUfunction *out) {
  if (!m || !kernel || !out) return m ? fail(m->rt, TIRX_RT_ERR_ARGUMENT, "no kernel name") : TIRX_RT_ERR_ARGUMENT;
  for (int i = 0; i < m->nfns; i++)
    if (!strcmp(m->fns[i].name, kernel)) return *out = m->fns[i].fn, ok(m->rt);
  const char *low = lowered(m, kernel);
  CUresult r = cuModuleGetFunction(out, m->mod, low);
  if (r == CUDA_ERROR_NOT_FOUND)
    return fail(m->rt, TIRX_RT_ERR_NOT_FOUND,
                "no kernel '%s' in the module%s", kernel,
                low == kernel ? " (a C++ kernel must be named in TirxRtCompileOptions.kernels)" : "");
  if (r != CUDA_SUCCESS) return cu_fail(m->rt, TIRX_RT_ERR_CUDA, "cuModuleGetFunction", r);
  Function *fns = realloc(m->fns, sizeof *fns * (size_t)(m->nfns + 1));
  char *name = strdup(kernel);
  if (!fns || !name) {
    if (fns) m->fns = fns;
    free(name);
    return fail(m->rt, TIRX_RT_ERR_MEMORY, "out of memory");
  }
  m->fns = fns;
  m->fns[m->nfns++] = (Function){name, *out};
  return ok(m->rt);
}

static unsigned dim(unsigned v) { return v ? v : 1; }

TirxRtStatus tirx_rt_launch(TirxRtModule *m, const char *kernel, const TirxRtLaunch *l, void **params) {
  if (!m) return TIRX_RT_ERR_ARGUMENT;
  TirxRt *rt = m->rt;
  if (!l) return fail(rt, TIRX_RT_ERR_ARGUMENT, "no launch configuration");
  TirxRtStatus st = rt_check_launch(l, rt->message, sizeof rt->message);
  if (st != TIRX_RT_OK) return st;
  CUfunction f;
  st = tirx_rt_function(m, kernel, &f);
  if (st != TIRX_RT_OK) return st;
  CUresult r = cuCtxSetCurrent(rt->ctx);
  if (r != CUDA_SUCCESS) return cu_fail(rt, TIRX_RT_ERR_CUDA, "cuCtxSetCurrent", r);
  // Above 48 KiB in all (static shared memory counts too) a kernel must opt
  // in to its dynamic shared memory.
  if (l->shared_bytes > 0) {
    int static_bytes = 0;
    r = cuFuncGetAttribute(&static_bytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f);
    if (r != CUDA_SUCCESS) return cu_fail(rt, TIRX_RT_ERR_CUDA, "cuFuncGetAttribute(SHARED_SIZE_BYTES)", r);
    if (l->shared_bytes + (size_t)static_bytes > 48 * 1024) {
      r = cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)l->shared_bytes);
      if (r != CUDA_SUCCESS)
        return cu_fail(rt, TIRX_RT_ERR_LAUNCH, "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)", r);
    }
  }
  CUlaunchAttribute attr;
  memset(&attr, 0, sizeof attr);
  CUlaunchConfig cfg = {
      .gridDimX = dim(l->grid[0]), .gridDimY = dim(l->grid[1]), .gridDimZ = dim(l->grid[2]),
      .blockDimX = dim(l->block[0]), .blockDimY = dim(l->block[1]), .blockDimZ = dim(l->block[2]),
      .sharedMemBytes = (unsigned)l->shared_bytes, .hStream = l->stream,
  };
  if (l->cluster[0] || l->cluster[1] || l->cluster[2]) {
    attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim.x = dim(l->cluster[0]);
    attr.value.clusterDim.y = dim(l->cluster[1]);
    attr.value.clusterDim.z = dim(l->cluster[2]);
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
  }
  r = cuLaunchKernelEx(&cfg, f, params, NULL);
  if (r != CUDA_SUCCESS) {
    char call[600];
    snprintf(call, sizeof call, "cuLaunchKernelEx(%s, grid %ux%ux%u, block %ux%ux%u, %zu bytes shared)", kernel,
             cfg.gridDimX, cfg.gridDimY, cfg.gridDimZ, cfg.blockDimX, cfg.blockDimY, cfg.blockDimZ, l->shared_bytes);
    return cu_fail(rt, TIRX_RT_ERR_LAUNCH, call, r);
  }
  return ok(rt);
}
