// rt_cache.c - the cache key (SHA-256), cache entries as bytes, and cache
// files written atomically.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

#include "rt_internal.h"
#include "tirx_support.h"
#include "tirxpp.h"

// ---- SHA-256 (FIPS 180-4) ----

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t ror(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

static void block(RtSha256 *s, const uint8_t *p) {
  uint32_t w[64];
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
  for (int i = 16; i < 64; i++) {
    uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint32_t a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3], e = s->h[4], f = s->h[5], g = s->h[6], h = s->h[7];
  for (int i = 0; i < 64; i++) {
    uint32_t t1 = h + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
    uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    h = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
  }
  s->h[0] += a, s->h[1] += b, s->h[2] += c, s->h[3] += d;
  s->h[4] += e, s->h[5] += f, s->h[6] += g, s->h[7] += h;
}

void rt_sha256_init(RtSha256 *s) {
  static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  memcpy(s->h, h0, sizeof h0);
  s->len = 0;
  s->n = 0;
}

void rt_sha256_update(RtSha256 *s, const void *data, size_t len) {
  const uint8_t *p = data;
  s->len += len;
  while (len > 0) {
    size_t take = 64 - s->n < len ? 64 - s->n : len;
    memcpy(s->buf + s->n, p, take);
    s->n += take, p += take, len -= take;
    if (s->n == 64) {
      block(s, s->buf);
      s->n = 0;
    }
  }
}

void rt_sha256_final(RtSha256 *s, uint8_t out[32]) {
  uint64_t bits = s->len * 8;
  uint8_t pad[72] = {0x80};
  size_t padlen = (s->n < 56 ? 56 : 120) - s->n;
  for (int i = 0; i < 8; i++) pad[padlen + i] = (uint8_t)(bits >> (56 - 8 * i));
  rt_sha256_update(s, pad, padlen + 8);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 4; j++) out[4 * i + j] = (uint8_t)(s->h[i] >> (24 - 8 * j));
}

void rt_sha256_field(RtSha256 *s, const void *data, size_t len) {
  uint8_t n[8];
  for (int i = 0; i < 8; i++) n[i] = (uint8_t)((uint64_t)len >> (8 * i));
  rt_sha256_update(s, n, 8);
  rt_sha256_update(s, data, len);
}

void rt_key_hex(const RtKey *k, char hex[65]) {
  for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", k->b[i]);
}

uint64_t rt_fnv1a64(const void *data, size_t len) {
  const uint8_t *p = data;
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

// ---- the files an entry was made from ----

static void sha256_of(const char *data, size_t len, uint8_t out[32]) {
  RtSha256 s;
  rt_sha256_init(&s);
  rt_sha256_update(&s, data, len);
  rt_sha256_final(&s, out);
}

static int64_t mtime_ns(const struct stat *st) { return (int64_t)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec; }

static const uint64_t ABSENT = UINT64_MAX;

bool rt_deps_has(const RtDeps *d, const char *path) {
  for (int i = 0; i < d->n; i++)
    if (!strcmp(d->items[i].path, path)) return true;
  return false;
}

// The file as it is now.
static RtDep dep_now(const char *path) {
  RtDep dep = {.size = ABSENT};
  struct stat st;
  size_t n;
  char *text;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || !(text = sys_read_file(path, &n))) return dep;
  dep.size = n;
  dep.mtime_ns = mtime_ns(&st);
  sha256_of(text, n, dep.sha256);
  free(text);
  return dep;
}

// Appends dep with its own copy of path; false when out of memory.
static bool push_dep(RtDeps *d, RtDep dep, const char *path) {
  if (d->n == d->cap) {
    int cap = d->cap ? d->cap * 2 : 16;
    RtDep *items = realloc(d->items, sizeof *items * (size_t)cap);
    if (!items) return false;
    d->items = items, d->cap = cap;
  }
  if (!(dep.path = strdup(path))) return false;
  d->items[d->n++] = dep;
  return true;
}

bool rt_deps_add(RtDeps *d, const char *path) {
  return rt_deps_has(d, path) || push_dep(d, dep_now(path), path);
}

bool rt_deps_merge(RtDeps *d, const RtDeps *from) {
  for (int i = 0; i < from->n; i++)
    if (!rt_deps_has(d, from->items[i].path) && !push_dep(d, from->items[i], from->items[i].path)) return false;
  return true;
}

void rt_deps_free(RtDeps *d) {
  for (int i = 0; i < d->n; i++) free(d->items[i].path);
  free(d->items);
  *d = (RtDeps){0};
}

static bool is_file(const char *path, struct stat *st) { return stat(path, st) == 0 && S_ISREG(st->st_mode); }

// Made elsewhere: that machine's system and toolkit headers (under /usr) are
// its own; this one's may differ without changing the rewrite, which depends
// on the user's files. A file that was there and is not here is its own too.
static bool is_foreign(const RtDep *was) {
  struct stat st;
  return !strncmp(was->path, "/usr/", 5) || (was->size != ABSENT && !is_file(was->path, &st));
}

static bool dep_current(const RtDep *was, bool missing_ok) {
  if (missing_ok && is_foreign(was)) return true;
  struct stat st;
  bool there = is_file(was->path, &st);
  if (was->size == ABSENT) return !there;
  if (!there) return false;
  if ((uint64_t)st.st_size != was->size) return false;
  if (mtime_ns(&st) == was->mtime_ns) return true;
  // Touched, perhaps not changed: the content decides.
  RtDep now = dep_now(was->path);
  return now.size == was->size && !memcmp(now.sha256, was->sha256, 32);
}

void rt_deps_drop_foreign(RtDeps *d) {
  int n = 0;
  for (int i = 0; i < d->n; i++)
    if (is_foreign(&d->items[i]))
      free(d->items[i].path);
    else
      d->items[n++] = d->items[i];
  d->n = n;
}

bool rt_deps_current(const RtDeps *d, bool missing_ok, const char **changed) {
  for (int i = 0; i < d->n; i++)
    if (!dep_current(&d->items[i], missing_ok)) {
      if (changed) *changed = d->items[i].path;
      return false;
    }
  return true;
}

// The files rt_deps_scan found, each by the path it was found under: the
// preprocessor looks for its quoted includes beside that path (a header
// reached through a symbolic link: beside the link), while the list of
// dependencies holds its real path.
typedef struct {
  RtDeps *deps;
  char **named;
  int n, cap;
} Found;

// tirx_find_includes' report: a file not met before, under its real path (so
// that a cycle through "../dir/x.h" ends); false when out of memory.
static bool add_found(void *found, const char *path) {
  Found *f = found;
  char real[PATH_MAX];
  if (!realpath(path, real) || rt_deps_has(f->deps, real)) return true;
  if (f->n == f->cap) {
    int cap = f->cap ? f->cap * 2 : 16;
    char **named = realloc(f->named, sizeof *named * (size_t)cap);
    if (!named) return false;
    f->named = named, f->cap = cap;
  }
  if (!(f->named[f->n] = strdup(path))) return false;
  f->n++;
  return push_dep(f->deps, dep_now(real), real);
}

// The directory of the file at path, for its quoted includes; NULL when out
// of memory.
static char *dir_of(const char *path) {
  size_t n;
  const char *dir = sys_path_dir(path, &n);
  return strndup(dir, n);
}

// Breadth first, the list of found files the work list: each is scanned in
// turn, from its own directory (no recursion, so include depth costs no
// stack).
bool rt_deps_scan(RtDeps *d, const char *text, size_t len, const char *const *dirs, int ndirs) {
  TirxIncludeDirs search = {.user = dirs, .nuser = ndirs};  // NVRTC's -I
  Found f = {.deps = d};
  bool ok = tirx_find_includes(text, len, &search, NULL, add_found, &f);
  for (int next = 0; ok && next < f.n; next++) {
    size_t n;
    char *data = sys_read_file(f.named[next], &n), *dir = dir_of(f.named[next]);
    ok = dir && (!data || tirx_find_includes(data, n, &search, dir, add_found, &f));
    free(data);
    free(dir);
  }
  for (int i = 0; i < f.n; i++) free(f.named[i]);
  free(f.named);
  return ok;
}

// ---- entries ----

void rt_image_free(RtImage *im) {
  if (!im) return;
  for (int i = 0; i < im->n; i++) {
    if (im->exprs) free(im->exprs[i]);
    if (im->lowered) free(im->lowered[i]);
  }
  free(im->exprs);
  free(im->lowered);
  free(im->image);
  rt_deps_free(&im->deps);
  memset(im, 0, sizeof *im);
}

// Every entry: an 8-byte magic, the key, the payload's length and FNV-1a 64,
// then the payload. Cubins and rewrites differ in their magic.
static const char MAGIC[8] = "TIRXRT2\n", REWRITE_MAGIC[8] = "TIRXRW2\n";
enum { HEADER = 8 + 32 + 8 + 8 };

static void put64(char *p, uint64_t v) {
  for (int i = 0; i < 8; i++) p[i] = (char)(v >> (8 * i));
}

static uint64_t get64(const char *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)(uint8_t)p[i] << (8 * i);
  return v;
}

// Fills in the header of an entry whose payload is already in place.
static void seal(char *e, const char magic[8], const RtKey *key, size_t payload) {
  memcpy(e, magic, 8);
  memcpy(e + 8, key->b, 32);
  put64(e + 40, payload);
  put64(e + 48, rt_fnv1a64(e + HEADER, payload));
}

// Whether data is one whole, intact entry of this kind for key.
static bool intact(const char magic[8], const RtKey *key, const char *data, size_t len) {
  if (len < HEADER + 8 || memcmp(data, magic, 8) != 0 || memcmp(data + 8, key->b, 32) != 0) return false;
  uint64_t payload = get64(data + 40);
  return payload == len - HEADER && get64(data + 48) == rt_fnv1a64(data + HEADER, payload);
}

// The files of an entry: u64 count, then each path NUL-terminated, its size,
// modification time and SHA-256.
enum { DEP_FIXED = 8 + 8 + 32 };

static size_t deps_size(const RtDeps *d) {
  size_t n = 8;
  for (int i = 0; i < d->n; i++) n += strlen(d->items[i].path) + 1 + DEP_FIXED;
  return n;
}

static char *put_deps(char *p, const RtDeps *d) {
  put64(p, (uint64_t)d->n);
  p += 8;
  for (int i = 0; i < d->n; i++) {
    const RtDep *dep = &d->items[i];
    size_t n = strlen(dep->path) + 1;
    memcpy(p, dep->path, n);
    put64(p + n, dep->size);
    put64(p + n + 8, (uint64_t)dep->mtime_ns);
    memcpy(p + n + 16, dep->sha256, 32);
    p += n + DEP_FIXED;
  }
  return p;
}

// The next NUL-terminated string in [*p, end), copied; NULL when there is none.
static char *take_string(const char **p, const char *end) {
  const char *nul = memchr(*p, '\0', (size_t)(end - *p));
  if (!nul) return NULL;
  char *s = strdup(*p);
  *p = nul + 1;
  return s;
}

static bool take_deps(const char **p, const char *end, RtDeps *out) {
  *out = (RtDeps){0};
  if (end - *p < 8) return false;
  uint64_t n = get64(*p);
  *p += 8;
  if (n > (uint64_t)(end - *p) / (DEP_FIXED + 2)) return false;  // each takes that much at least
  if (n && !(out->items = calloc(n, sizeof *out->items))) return false;
  out->cap = (int)n;
  for (; out->n < (int)n; out->n++) {
    RtDep *dep = &out->items[out->n];
    if (!(dep->path = take_string(p, end)) || end - *p < DEP_FIXED) {
      out->n += dep->path != NULL;  // freed below
      rt_deps_free(out);
      return false;
    }
    dep->size = get64(*p);
    dep->mtime_ns = (int64_t)get64(*p + 8);
    memcpy(dep->sha256, *p + 16, 32);
    *p += DEP_FIXED;
  }
  return true;
}

// Payload: u64 count, then each expression and lowered name NUL-terminated,
// then the files, then the image (the rest).
bool rt_entry_encode(const RtKey *key, const RtImage *im, char **out, size_t *len) {
  size_t names = 0;
  for (int i = 0; i < im->n; i++) names += strlen(im->exprs[i]) + strlen(im->lowered[i]) + 2;
  size_t payload = 8 + names + deps_size(&im->deps) + im->image_size;
  char *e = malloc(HEADER + payload);
  if (!e) return false;
  char *p = e + HEADER;
  put64(p, (uint64_t)im->n);
  p += 8;
  for (int i = 0; i < im->n; i++) {
    size_t a = strlen(im->exprs[i]) + 1, b = strlen(im->lowered[i]) + 1;
    memcpy(p, im->exprs[i], a);
    memcpy(p + a, im->lowered[i], b);
    p += a + b;
  }
  p = put_deps(p, &im->deps);
  memcpy(p, im->image, im->image_size);
  seal(e, MAGIC, key, payload);
  *out = e;
  *len = HEADER + payload;
  return true;
}

bool rt_entry_decode(const RtKey *key, const char *data, size_t len, RtImage *out) {
  memset(out, 0, sizeof *out);
  if (!intact(MAGIC, key, data, len)) return false;
  uint64_t payload = len - HEADER;
  const char *p = data + HEADER + 8, *end = data + len;
  uint64_t n = get64(data + HEADER);
  if (n > payload / 2) return false;  // each name pair takes two bytes at least
  out->exprs = calloc(n + 1, sizeof *out->exprs);
  out->lowered = calloc(n + 1, sizeof *out->lowered);
  if (!out->exprs || !out->lowered) goto bad;
  for (; out->n < (int)n; out->n++) {
    out->exprs[out->n] = take_string(&p, end);
    out->lowered[out->n] = out->exprs[out->n] ? take_string(&p, end) : NULL;
    if (!out->lowered[out->n]) {
      out->n++;  // free what was taken
      goto bad;
    }
  }
  if (!take_deps(&p, end, &out->deps)) goto bad;
  out->image_size = (size_t)(end - p);
  if (out->image_size == 0 || !(out->image = malloc(out->image_size))) goto bad;
  memcpy(out->image, p, out->image_size);
  return true;
bad:
  rt_image_free(out);
  return false;
}

void rt_rewrite_free(RtRewrite *rw) {
  if (!rw) return;
  free(rw->text);
  free(rw->log);
  rt_deps_free(&rw->deps);
  memset(rw, 0, sizeof *rw);
}

// Payload: u64 length of the text, the text, the files, then the log (the rest).
bool rt_rewrite_encode(const RtKey *key, const RtRewrite *rw, char **out, size_t *len) {
  size_t loglen = rw->log ? strlen(rw->log) : 0, payload = 8 + rw->len + deps_size(&rw->deps) + loglen;
  char *e = malloc(HEADER + payload);
  if (!e) return false;
  put64(e + HEADER, rw->len);
  memcpy(e + HEADER + 8, rw->text, rw->len);
  char *p = put_deps(e + HEADER + 8 + rw->len, &rw->deps);
  if (loglen) memcpy(p, rw->log, loglen);
  seal(e, REWRITE_MAGIC, key, payload);
  *out = e;
  *len = HEADER + payload;
  return true;
}

bool rt_rewrite_decode(const RtKey *key, const char *data, size_t len, RtRewrite *out) {
  memset(out, 0, sizeof *out);
  if (!intact(REWRITE_MAGIC, key, data, len)) return false;
  uint64_t payload = len - HEADER, tlen = get64(data + HEADER);
  if (tlen > payload - 8) return false;
  const char *p = data + HEADER + 8 + tlen, *end = data + len;
  if (!take_deps(&p, end, &out->deps)) return false;
  size_t loglen = (size_t)(end - p);
  out->text = malloc((size_t)tlen + 1);
  out->log = malloc(loglen + 1);
  if (!out->text || !out->log) {
    rt_rewrite_free(out);
    return false;
  }
  // NUL-terminated: NVRTC takes the text as a C string.
  memcpy(out->text, data + HEADER + 8, (size_t)tlen);
  out->text[tlen] = '\0';
  out->len = (size_t)tlen;
  memcpy(out->log, p, loglen);
  out->log[loglen] = '\0';
  return true;
}

// ---- files ----

// $ENV_NAME, else the user's cache directory's SUB (sys_user_cache_dir).
static const char *cache_dir_from_env(const char *env_name, const char *sub, char *buf, size_t size) {
  return sys_user_cache_dir(getenv(env_name), getenv("XDG_CACHE_HOME"), getenv("HOME"), sub, buf, size);
}

const char *rt_cache_dir(char *buf, size_t size) { return cache_dir_from_env("TIRX_RT_CACHE_DIR", "tirx-rt", buf, size); }

const char *rt_pp_cache_dir(char *buf, size_t size) { return cache_dir_from_env("TIRX_PP_CACHE_DIR", "tirx-pp", buf, size); }

static void entry_path(const char *dir, const RtKey *key, const char *ext, char *buf, size_t size) {
  char hex[65];
  rt_key_hex(key, hex);
  snprintf(buf, size, "%s/%s%s", dir, hex, ext);
}

void rt_cache_path(const char *dir, const RtKey *key, char *buf, size_t size) {
  entry_path(dir, key, ".tirxrt", buf, size);
}

void rt_rewrite_path(const char *dir, const RtKey *key, char *buf, size_t size) {
  entry_path(dir, key, ".tirxpp", buf, size);
}

// An entry's file, whole; NULL when there is none.
static char *read_entry(const char *dir, const RtKey *key, const char *ext, size_t *len) {
  char path[4200];
  entry_path(dir, key, ext, path, sizeof path);
  *len = 0;
  return sys_read_file(path, len);
}

bool rt_cache_load(const char *dir, const RtKey *key, RtImage *out) {
  size_t len;
  char *data = read_entry(dir, key, ".tirxrt", &len);
  bool ok = data && rt_entry_decode(key, data, len, out);
  free(data);
  return ok;
}

bool rt_rewrite_load(const char *dir, const RtKey *key, RtRewrite *out) {
  size_t len;
  char *data = read_entry(dir, key, ".tirxpp", &len);
  bool ok = data && rt_rewrite_decode(key, data, len, out);
  free(data);
  return ok;
}

// A failed store costs only the next build, so callers need no reason.
static bool store(const char *path, char *entry, size_t len) {
  bool ok = sys_replace_file(path, entry, len) == 0;
  free(entry);
  return ok;
}

bool rt_cache_store(const char *dir, const RtKey *key, const RtImage *im) {
  char path[4200], *entry;
  size_t len;
  rt_cache_path(dir, key, path, sizeof path);
  return rt_entry_encode(key, im, &entry, &len) && store(path, entry, len);
}

bool rt_rewrite_store(const char *dir, const RtKey *key, const RtRewrite *rw) {
  char path[4200], *entry;
  size_t len;
  rt_rewrite_path(dir, key, path, sizeof path);
  return rt_rewrite_encode(key, rw, &entry, &len) && store(path, entry, len);
}
