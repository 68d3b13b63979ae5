// pass.c - the remembered pass-through answer (pass.h). The cache entry is
// KEY.pch.pass in the parse cache (trimmed with it), KEY a hash of what the
// search depends on: the input as named and its bytes (those given, which a
// caller may hold in memory, not the file's), the working directory, the
// flags, tirx.h's and the toolkit's directories, and the rewriter's build id
// (runtime/build_id.sh: a hash of rewriters/, so that a new scanner, in
// tirx-pp or in a program linking the library, asks again). Each line
// is a path the search looked at: `F DEV INO SIZE MTIME CTIME PATH` for a file
// it found (the input first), `N PATH` for one it did not; the answer holds
// while every F still stats the same and every N is still missing, so a header
// edited, added in front of another on the search path, or removed, asks again.
// The command line's entry (a PassCopy; its key adds where the output goes and
// the options that shape it) goes on with `D PATH` for each file of the
// depfile, then `T LEN` and the output's bytes when they are not the input's
// (#include lines redirected for where the output goes).
#define _GNU_SOURCE
#include "pass.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys.h"
#include "tirx_build_id.h"

#define PASS_FORMAT "tirx-pp pass 1"

static uint64_t hash_str(uint64_t h, const char *s) { return hash_bytes(h, s ? s : "", s ? strlen(s) : 0); }

static const char *entry_path(Arena *a, const TirxOptions *opt, const char *data, size_t len, bool copy) {
  if (!opt->cache_dir || !opt->path || !strcmp(opt->path, "-")) return NULL;
  char *cwd = getcwd(NULL, 0);
  if (!cwd) return NULL;
  uint64_t h = hash_str(14695981039346656037ULL, PASS_FORMAT " " TIRX_PP_VERSION " " TIRX_PP_BUILD_ID);
  h = hash_str(hash_str(hash_str(hash_str(h, cwd), opt->path), opt->header_dir), opt->cuda_path);
  h = hash_bytes(h, data, len);
  free(cwd);
  for (int i = 0; i < opt->nclang_args; i++) h = hash_str(h, opt->clang_args[i]);
  if (opt->flags_hidden) h = hash_str(h, "flags hidden");
  if (copy)  // standard output (out_path NULL) is written beside the input: not -o's "-"
    h = hash_str(hash_str(hash_str(h, opt->out_path ? opt->out_path : "\n(stdout)"), opt->headers_out),
                 opt->no_line ? "copy, no #line" : "copy");
  return arena_printf(a, "%s/%016" PRIx64 ".pch.pass", opt->cache_dir, h);
}

static void put_file(Buf *b, const char *path, const struct stat *st) {
  buf_printf(b, "F %llu %llu %lld %lld.%09ld %lld.%09ld %s\n", (unsigned long long)st->st_dev,
             (unsigned long long)st->st_ino, (long long)st->st_size, (long long)st->st_mtim.tv_sec, st->st_mtim.tv_nsec,
             (long long)st->st_ctim.tv_sec, st->st_ctim.tv_nsec, path);
}

// Whether one line still describes the file system.
static bool line_holds(const char *line, size_t len) {
  char buf[4200];
  if (len < 3 || len >= sizeof buf) return false;
  memcpy(buf, line, len);
  buf[len] = '\0';
  struct stat st;
  if (buf[0] == 'N' && buf[1] == ' ') return stat(buf + 2, &st) != 0 && errno == ENOENT;
  if (buf[0] != 'F') return false;
  int at = 0;
  unsigned long long dev, ino;
  long long size, ms, cs;
  long mn, cn;
  if (sscanf(buf, "F %llu %llu %lld %lld.%ld %lld.%ld %n", &dev, &ino, &size, &ms, &mn, &cs, &cn, &at) != 7 || !at)
    return false;
  return stat(buf + at, &st) == 0 && S_ISREG(st.st_mode) && st.st_dev == dev && st.st_ino == ino &&
         st.st_size == size && st.st_mtim.tv_sec == ms && st.st_mtim.tv_nsec == mn && st.st_ctim.tv_sec == cs &&
         st.st_ctim.tv_nsec == cn;
}

// The command line's part of an entry (from its first `D` line on), into copy.
static bool read_copy(Arena *a, const char *data, size_t len, size_t i, PassCopy *copy) {
  VEC(const char *) deps = {0};
  while (i + 1 < len && data[i] == 'D' && data[i + 1] == ' ') {
    const char *nl = memchr(data + i, '\n', len - i);
    if (!nl) return false;
    VEC_PUSH(a, deps, arena_strndup(a, data + i + 2, (size_t)(nl - data) - i - 2));
    i = (size_t)(nl - data) + 1;
  }
  *copy = (PassCopy){.deps = deps.items, .ndeps = deps.len};
  if (i == len) return deps.len > 0;
  if (len - i < 3 || memcmp(data + i, "T ", 2)) return false;
  char *end;  // (data ends with a NUL: sys_read_file's)
  unsigned long long n = strtoull(data + i + 2, &end, 10);
  size_t from = (size_t)(end - data) + 1;
  if (*end != '\n' || from > len || n != len - from) return false;
  copy->text = arena_strndup(a, data + from, (size_t)n);
  copy->len = (size_t)n;
  return deps.len > 0;
}

bool pass_known(Arena *a, const TirxOptions *opt, const char *data_in, size_t len_in, PassCopy *copy) {
  const char *path = entry_path(a, opt, data_in, len_in, copy != NULL);
  size_t len;
  char *data = path ? sys_read_file(path, &len) : NULL;
  if (!data) return false;
  size_t head = strlen(PASS_FORMAT "\n");
  bool holds = len > head && !memcmp(data, PASS_FORMAT "\n", head);
  size_t i = head;
  while (holds && i < len && (data[i] == 'F' || data[i] == 'N')) {
    const char *nl = memchr(data + i, '\n', len - i);
    if (!nl) holds = false;
    else {
      holds = line_holds(data + i, (size_t)(nl - data) - i);
      i = (size_t)(nl - data) + 1;
    }
  }
  if (holds) holds = copy ? read_copy(a, data, len, i, copy) : i == len;
  free(data);
  return holds;
}

// Whether probe i looked at a path an earlier one did (the same name searched
// for from several headers): seen holds the earlier ones, by their paths' hashes
// (an open table of mask + 1 slots, each a probe's index + 1).
static bool probed_before(const Probes *probes, int i, int *seen, size_t mask) {
  const char *path = probes->items[i].path;
  for (size_t k = hash_str(14695981039346656037ULL, path) & mask;; k = (k + 1) & mask) {
    if (!seen[k]) {
      seen[k] = i + 1;
      return false;
    }
    if (!strcmp(probes->items[seen[k] - 1].path, path)) return true;
  }
}

void pass_remember(Arena *a, const TirxOptions *opt, const char *data, size_t len, const Probes *probes,
                   const PassCopy *copy) {
  char *path = (char *)entry_path(a, opt, data, len, copy != NULL);
  struct stat st;
  if (!path || stat(opt->path, &st) != 0) return;
  Buf b = {0};
  buf_puts(&b, PASS_FORMAT "\n");
  put_file(&b, opt->path, &st);
  bool ok = !strchr(opt->path, '\n');
  size_t mask = 15;
  while (mask < 2 * (size_t)probes->len) mask = 2 * mask + 1;
  int *seen = arena_alloc(a, sizeof(int) * (mask + 1));
  memset(seen, 0, sizeof(int) * (mask + 1));
  for (int i = 0; ok && i < probes->len; i++) {
    const Probe *p = &probes->items[i];
    if (probed_before(probes, i, seen, mask)) continue;  // once is enough: ggml-cuda.cu's 1584 are 455
    ok = !strchr(p->path, '\n');
    if (p->found) put_file(&b, p->path, &p->st);
    else buf_printf(&b, "N %s\n", p->path);
  }
  for (int i = 0; ok && copy && i < copy->ndeps; i++) {
    ok = !strchr(copy->deps[i], '\n');
    buf_printf(&b, "D %s\n", copy->deps[i]);
  }
  if (copy && copy->text) {
    buf_printf(&b, "T %zu\n", copy->len);
    buf_put(&b, copy->text, copy->len);
  }
  char *dir = arena_strndup(a, opt->cache_dir, strlen(opt->cache_dir));
  if (ok && sys_make_dirs(dir)) sys_replace_file(path, b.data, b.len);
  buf_free(&b);
}
