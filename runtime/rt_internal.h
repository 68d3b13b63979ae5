// rt_internal.h - libtirx_rt below the Driver API: the cache key, the cache
// entries and files, and the build (rewriter + NVRTC). None of it needs a GPU,
// so the tests run all of it on machines without one.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tirx_rt.h"

// ---- SHA-256 (rt_cache.c) ----
typedef struct {
  uint32_t h[8];
  uint64_t len;  // bytes so far
  uint8_t buf[64];
  size_t n;
} RtSha256;
void rt_sha256_init(RtSha256 *s);
void rt_sha256_update(RtSha256 *s, const void *data, size_t len);
void rt_sha256_final(RtSha256 *s, uint8_t out[32]);
// A field of the key: its length first, so that ("ab","c") and ("a","bc") differ.
void rt_sha256_field(RtSha256 *s, const void *data, size_t len);

typedef struct {
  uint8_t b[32];
} RtKey;
void rt_key_hex(const RtKey *k, char hex[65]);
uint64_t rt_fnv1a64(const void *data, size_t len);

// ---- the files an entry was made from (rt_cache.c) ----
// Each file read to make an entry (a header the rewriter parsed or NVRTC
// compiled), as it was: size, modification time and content hash. An entry
// is used only while its files are as recorded.
typedef struct {
  char *path;
  uint64_t size;
  int64_t mtime_ns;
  uint8_t sha256[32];
} RtDep;
typedef struct {
  RtDep *items;
  int n, cap;
} RtDeps;
// Records path as it is now, once (a path already there is skipped). False
// when out of memory; a file that cannot be read is recorded as missing
// (size UINT64_MAX), so that its appearance invalidates the entry too.
bool rt_deps_add(RtDeps *d, const char *path);
bool rt_deps_has(const RtDeps *d, const char *path);
// Adds from's records, as recorded, that d lacks; false when out of memory.
bool rt_deps_merge(RtDeps *d, const RtDeps *from);
void rt_deps_free(RtDeps *d);
// Whether every file is as recorded: the same size and modification time, or
// else the same content. A file missing now (recorded present) counts as
// changed unless missing_ok (a rewrite made on another machine, where the
// toolkit or clang's headers were elsewhere), and so does a system header
// (under /usr) that differs: that machine's own. *changed: the first that is not.
bool rt_deps_current(const RtDeps *d, bool missing_ok, const char **changed);
// Drops the records that rt_deps_current(d, true, ...) passes whatever they
// say: another machine's files (under /usr, or recorded there and missing
// here). A cubin compiled from a rewrite made elsewhere records the rest, so
// that its own check, which misses nothing, does not find them changed.
void rt_deps_drop_foreign(RtDeps *d);
// Adds the files that `#include` lines of text (and of what they include)
// name, found as NVRTC would look for them, by the rewriter's own search
// (tirxpp.h's tirx_find_includes, dirs its -I): an absolute name as it is,
// "..." beside the including header (as it was found: a link's directory)
// first, then each of dirs in order. Every #include counts, whatever #if is
// around it, so that a header NVRTC may read is not missed; a computed
// `#include MACRO` and `#include_next` are not followed. False when out of
// memory.
bool rt_deps_scan(RtDeps *d, const char *text, size_t len, const char *const *dirs, int ndirs);

// ---- cache entries and files (rt_cache.c) ----
// A compiled module: the image and, for each kernel name expression, its
// lowered (mangled) name; the files it was compiled from.
typedef struct {
  char *image;
  size_t image_size;
  char **exprs, **lowered;
  int n;
  RtDeps deps;
} RtImage;
void rt_image_free(RtImage *im);

// An entry: "TIRXRT2\n", the key, the payload's length and FNV-1a 64, then
// the payload (count, name pairs, files, image). decode is false for anything that
// is not one whole, intact entry for `key`.
bool rt_entry_encode(const RtKey *key, const RtImage *im, char **out, size_t *len);
bool rt_entry_decode(const RtKey *key, const char *data, size_t len, RtImage *out);

// A rewrite: tirx-pp's output for an annotated source, and its diagnostics
// (warnings, remarks), kept apart from the cubins: a rewrite needs libclang
// but no device, so it can be made on one machine and used on another.
typedef struct {
  char *text;  // NUL-terminated
  size_t len;
  char *log;   // NUL-terminated, may be ""
  RtDeps deps; // the files the rewriter read, the input aside
} RtRewrite;
void rt_rewrite_free(RtRewrite *rw);
// Payload: the text's length, the text, the files, the log; the same header
// and checks.
bool rt_rewrite_encode(const RtKey *key, const RtRewrite *rw, char **out, size_t *len);
bool rt_rewrite_decode(const RtKey *key, const char *data, size_t len, RtRewrite *out);

// $TIRX_RT_CACHE_DIR ("off": none), $XDG_CACHE_HOME/tirx-rt or ~/.cache/tirx-rt,
// created; NULL when off or not writable.
const char *rt_cache_dir(char *buf, size_t size);
// <dir>/<hex key>.tirxrt. load is false on a miss (absent, or corrupt: the
// caller rebuilds and stores over it); store writes a temporary file and
// renames it into place, so readers never see half an entry.
bool rt_cache_load(const char *dir, const RtKey *key, RtImage *out);
bool rt_cache_store(const char *dir, const RtKey *key, const RtImage *im);
void rt_cache_path(const char *dir, const RtKey *key, char *buf, size_t size);
// Rewrites beside them, as <dir>/<hex key>.tirxpp.
bool rt_rewrite_load(const char *dir, const RtKey *key, RtRewrite *out);
bool rt_rewrite_store(const char *dir, const RtKey *key, const RtRewrite *rw);
void rt_rewrite_path(const char *dir, const RtKey *key, char *buf, size_t size);
// The rewriter's own cache of parsed headers, as tirx-pp finds it
// ($TIRX_PP_CACHE_DIR, "off": none), created; NULL when off or not writable.
const char *rt_pp_cache_dir(char *buf, size_t size);

// ---- the build (rt_build.c) ----
typedef struct {
  const char *src;
  size_t len;
  const char *name;     // for messages and #line
  bool rewrite;         // through tirx-pp first
  const char *arch;     // sm_90a, compute_90a, ...
  const char *header_dir, *cuda_path, *nvrtc_include;  // NULL: the defaults
  const char *pp_cache_dir;                             // the rewriter's PCH cache; NULL: none
  const TirxRtCompileOptions *opt;                      // may be NULL
  const char *cache_dir;  // NULL: no disk cache (neither cubins nor rewrites)
  int driver_version;     // part of the cubin's key
} RtBuild;

// Rewrites (when asked) and compiles, or takes the image from the cache.
// *log gets the diagnostics (malloc'ed, may be ""), msg the error.
TirxRtStatus rt_build(const RtBuild *b, RtImage *out, bool *cached, char **log, char *msg, size_t msglen);
// The key rt_build uses, over the source and the NVRTC options it makes.
TirxRtStatus rt_build_key(const RtBuild *b, RtKey *key, char *msg, size_t msglen);
// The key of the rewrite: only what the rewriter sees (the source, its name,
// the architecture it parses for, -I and -D, tirx-pp's version and build
// id), so that neither NVRTC's nor the driver's version changes it. The
// files it reads are checked apart (RtRewrite.deps).
void rt_rewrite_key(const RtBuild *b, RtKey *key);
// The architecture the rewriter parses for when compiling for `arch`:
// compute_XX[a] as sm_XX[a], anything newer than clang 19's sm_90a as sm_90a,
// what is not an architecture as it is (clang then says so). The result is
// arch, out or a literal.
enum { RT_ARCH_MAX = 16 };
const char *rt_parse_arch(const char *arch, char out[RT_ARCH_MAX]);
// Whether the rewriter can rewrite this source here: false, with the reason,
// when built without it, or when the source has annotations and libclang
// cannot be loaded, or $TIRX_RT_REWRITER is "off" (a test hook that acts as
// a machine without libclang).
bool rt_rewriter_available(const char *src, size_t len, char *why, size_t whylen);

// ---- launches (rt_launch.c) ----
// TIRX_RT_ERR_ARGUMENT, saying why in msg, for a configuration the Driver API
// would take in a different meaning (dynamic shared memory beyond an int).
TirxRtStatus rt_check_launch(const TirxRtLaunch *l, char *msg, size_t msglen);
