// main.c - the tirx-pp command line.
//   tirx-pp [options] IN.cu [-o OUT.cu] [-- compiler flags]
//   tirx-pp NVCC NVCC-ARGS...   (launcher.c)
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tirx_support.h"
#include "args.h"
#include "check.h"
#include "launcher.h"
#include "output.h"

// TARGET: DEPS..., the target being the output. Not the header copies:
// ninja refuses a depfile that names an output the build did not declare
// ("depfile mentions '...' as an output, but no such output was declared"),
// and which headers are annotated is not known when the build is written.
// The copies are rewritten whenever the output is.
static void make_depfile(const Args *a, const TirxResult *r, Buf *b) {
  put_make_path(b, a->dep_target ? a->dep_target : a->out ? a->out : "-");
  buf_putc(b, ':');
  const char **deps = xmalloc(sizeof(char *) * (size_t)(r->ndeps + 1));
  int n = unique_deps(r, !strcmp(a->in, "-"), deps);
  for (int i = 0; i < n; i++) {
    buf_puts(b, " \\\n  ");
    put_make_path(b, deps[i]);
  }
  free(deps);
  buf_putc(b, '\n');
}

// tirx.h next to an installed binary (bin/../include, written into dir), else
// the source tree's.
static const char *find_headers(char *dir, size_t size) {
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = '\0';
    snprintf(dir, size, "%s/../include", dirname(exe));
    char probe[4200];
    snprintf(probe, sizeof probe, "%s/tirx.h", dir);
    if (access(probe, R_OK) == 0) return dir;
  }
  return TIRX_SOURCE_HEADER_DIR;
}

// Whether $NAME is set to something other than "" and "0" (TIRX_PP_TIMES=1).
static bool env_flag(const char *name) {
  const char *v = getenv(name);
  return v && *v && strcmp(v, "0");
}

// $TIRX_PP_CACHE_MAX, the bytes the cache may hold: a number with an
// optional K, M or G (powers of 1024). Unset: 0, the library's default.
static bool find_cache_max(size_t *max) {
  const char *env = getenv("TIRX_PP_CACHE_MAX");
  *max = 0;
  if (!env) return true;
  char *end;
  errno = 0;
  unsigned long long n = strtoull(env, &end, 10);
  int shift = 0;
  if (*end && strchr("kK", *end)) shift = 10;
  if (*end && strchr("mM", *end)) shift = 20;
  if (*end && strchr("gG", *end)) shift = 30;
  if (shift) end++;
  if (errno || end == env || *end || !isdigit((unsigned char)*env) || n == 0 || n > (SIZE_MAX >> shift)) {
    fprintf(stderr, "tirx-pp: error: TIRX_PP_CACHE_MAX is a size such as 256M or 2G, not '%s'\n", env);
    return false;
  }
  *max = (size_t)n << shift;
  return true;
}

// --headers-out DIR may be shared by translation units (a build's sources,
// each rewritten with its own flags). A header's copy depends on the flags
// (-D, -U, -include, the target): beside each copy, COPY.tirx-flags records
// the original's bytes (a hash) and every set of flags that made these very
// bytes. A run with other flags whose copy differs would overwrite what
// another translation unit's output includes: refused. A changed original
// (an edit) or the same flags alone overwrite; the same bytes are shared.
static char *flags_line(const Args *a) {
  Buf b = {0};
  buf_printf(&b, "flags: --cuda-gpu-arch=%s -std=%s", a->opt.arch ? a->opt.arch : "sm_90a",
             a->opt.std ? a->opt.std : "c++17");
  for (int i = 0; i < a->opt.nclang_args; i++) buf_printf(&b, " %s", a->opt.clang_args[i]);
  buf_putc(&b, '\n');
  return b.data;
}

static char *stamp_path(const char *copy) {
  char *p = xmalloc(strlen(copy) + 12);
  sprintf(p, "%s.tirx-flags", copy);
  return p;
}

// "original: HASH" of the header's bytes as they are now.
static char *original_line(const char *orig) {
  size_t len;
  char *data = sys_read_file(orig, &len);
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0; data && i < len; i++) h = (h ^ (unsigned char)data[i]) * 1099511628211ULL;
  free(data);
  char *line = xmalloc(40);
  snprintf(line, 40, "original: %016llx\n", (unsigned long long)h);
  return line;
}

// The stamp to write beside the copy at h->out (NULL: the copy would
// overwrite another set of flags' copy, reported).
static char *copy_stamp(const TirxHeader *h, const char *flags) {
  char *spath = stamp_path(h->out), *orig = original_line(h->orig);
  size_t slen = 0, clen = 0;
  char *old_stamp = sys_read_file(spath, &slen);
  char *old = old_stamp ? sys_read_file(h->out, &clen) : NULL;
  Buf b = {0};
  buf_puts(&b, orig);
  bool fresh = !old || strncmp(old_stamp, orig, strlen(orig));  // no copy, or made from other bytes
  bool same = old && clen == h->text.len && !memcmp(old, h->text.data ? h->text.data : "", clen);
  const char *others = fresh ? "" : old_stamp + strlen(orig);
  if (!fresh && same) buf_puts(&b, others);  // shared: these flags join the others
  if (!fresh && !same && strcmp(others, flags)) {
    fprintf(stderr,
            "tirx-pp: error: '%s' holds the rewritten copy of '%s' made with other flags, which this run's copy would "
            "overwrite (the output of the translation unit that wrote it includes it)\n"
            "tirx-pp: note: that copy's %s"
            "tirx-pp: note: this run's   %s"
            "tirx-pp: note: give each set of flags its own --headers-out directory\n",
            h->out, h->orig, others, flags);
    buf_free(&b);
  } else if (!strstr(b.data, flags)) {
    buf_puts(&b, flags);
  }
  free(spath);
  free(orig);
  free(old_stamp);
  free(old);
  return b.data;
}

static int run(Args *a) {
  size_t len;
  char *data = sys_read_file(a->in, &len);
  if (!data) {
    if (!strcmp(a->in, "-"))
      fprintf(stderr, "tirx-pp: error: cannot read standard input: %s\n", strerror(errno));
    else
      fprintf(stderr, "tirx-pp: error: cannot read '%s': %s\n", a->in, strerror(errno));
    return TIRX_IO_ERROR;
  }
  TirxResult result;
  int rc = tirx_rewrite(&a->opt, data, len, &result, stderr);
  // (Asked only with notes to print: for an unannotated file, a second reading.)
  if (rc == TIRX_OK && a->notes.len && tirx_tu_annotated(&a->opt, data, len)) args_print_notes(a);
  // --check first: when the device code does not compile, nothing is written.
  if (rc == TIRX_OK && a->check && result.unchecked.len)  // NVRTC cannot compile it: the note says why
    fprintf(stderr, "%.*s\n", (int)result.unchecked.len, result.unchecked.data);
  else if (rc == TIRX_OK && a->check)
    rc = check_device(&a->opt, result.device.data, result.inlined.data, data, len, stderr);
  if (rc == TIRX_OK) {
    // The output, the header copies and the depfile: all or none.
    OutFile *files = xmalloc(sizeof(OutFile) * (size_t)(2 * result.nheaders + 2));
    int n = 0;
    Buf dep = {0};
    char *dep_path = NULL;
    if (a->depfile) {
      make_depfile(a, &result, &dep);
      if (!a->depfile_path) {
        dep_path = xmalloc(strlen(a->out) + 3);
        sprintf(dep_path, "%s.d", a->out);
      }
      files[n++] = (OutFile){.path = a->depfile_path ? a->depfile_path : dep_path, .data = dep.data, .len = dep.len};
    }
    char *flags = a->opt.headers_out ? flags_line(a) : NULL;
    size_t nstamps = sizeof(char *) * (size_t)(2 * result.nheaders + 1);  // path, text per copy
    char **stamps = memset(xmalloc(nstamps), 0, nstamps);
    for (int i = 0; i < result.nheaders; i++) {
      files[n++] = (OutFile){.path = result.headers[i].out, .data = result.headers[i].text.data,
                             .len = result.headers[i].text.len, .make_dirs = true};
      if (!flags) continue;
      char *text = stamps[2 * i + 1] = copy_stamp(&result.headers[i], flags);
      if (!text) rc = TIRX_INPUT_ERROR;
      stamps[2 * i] = stamp_path(result.headers[i].out);
      files[n++] = (OutFile){.path = stamps[2 * i], .data = text, .len = text ? strlen(text) : 0, .make_dirs = true};
    }
    const char *text = result.text.data ? result.text.data : "";
    // Standard output with the rest: a failure there leaves no depfile or header copy.
    files[n++] = (OutFile){.path = a->out, .to_stdout = !a->out, .data = text, .len = result.text.len};
    if (rc == TIRX_OK) rc = write_outputs(files, n);
    for (int i = 0; i < 2 * result.nheaders; i++) free(stamps[i]);
    free(stamps);
    free(flags);
    buf_free(&dep);
    free(dep_path);
    free(files);
  }
  tirx_result_free(&result);
  free(data);
  return rc;
}

int main(int argc, char **argv) {
  Args a = {.arena = arena_new()};
  char header_dir[4096], cache_dir[4096];  // a.opt's, for the whole run
  a.opt.header_dir = find_headers(header_dir, sizeof header_dir);
  a.opt.cache_dir = sys_user_cache_dir(getenv("TIRX_PP_CACHE_DIR"), getenv("XDG_CACHE_HOME"), getenv("HOME"), "tirx-pp", cache_dir, sizeof cache_dir);
  a.opt.times = env_flag("TIRX_PP_TIMES");
  a.opt.doubt_blanks = env_flag("TIRX_PP_DOUBT_BLANKS");
  int rc, first;
  if (!find_cache_max(&a.opt.cache_max) || launcher_refuses_parent()) {
    rc = TIRX_USAGE;
  } else if ((first = launcher_command(argc, argv))) {
    rc = launch(&a, argc - first, argv + first);
  } else {
    rc = args_parse(argc, argv, &a);
    if (rc < 0) {
      a.opt.color = !strcmp(a.color, "always") || (!strcmp(a.color, "auto") && isatty(STDERR_FILENO));
      rc = run(&a);
    }
  }
  args_free(&a);
  arena_free(a.arena);
  return rc;
}
