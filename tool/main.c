// main.c - the tirx-pp command line.
//   tirx-pp [options] IN.cu [-o OUT.cu] [-- compiler flags]
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "check.h"

// Reads a whole file; NULL with errno set on failure.
char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  Buf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) buf_put(&b, chunk, n);
  int err = ferror(f) ? errno : 0;
  fclose(f);
  if (err) {
    buf_free(&b);
    errno = err;
    return NULL;
  }
  if (!b.data) buf_put(&b, "", 0);
  *len = b.len;
  return b.data;
}

static bool write_all(int fd, const char *data, size_t len) {
  while (len) {
    ssize_t n = write(fd, data, len);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += n;
    len -= (size_t)n;
  }
  return true;
}

// Writes to a temporary file beside path and renames it over path, so that
// path is either untouched or complete. Devices and pipes are written directly.
static int write_output(const char *path, const char *data, size_t len) {
  struct stat st;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    int fd = open(path, O_WRONLY);
    bool ok = fd >= 0 && write_all(fd, data, len);
    int err = errno;
    if (fd >= 0 && close(fd) != 0 && ok) ok = false, err = errno;
    if (!ok) fprintf(stderr, "tirx-pp: error: cannot write '%s': %s\n", path, strerror(err));
    return ok ? TIRX_OK : TIRX_IO_ERROR;
  }
  size_t n = strlen(path);
  char *tmp = xmalloc(n + 16);
  snprintf(tmp, n + 16, "%s.tmp.XXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    fprintf(stderr, "tirx-pp: error: cannot write '%s': %s\n", path, strerror(errno));
    free(tmp);
    return TIRX_IO_ERROR;
  }
  bool ok = write_all(fd, data, len) && fsync(fd) == 0;
  int err = errno;
  if (close(fd) != 0 && ok) ok = false, err = errno;
  if (ok) {
    // mkstemp makes the file 0600; give it the usual mode.
    mode_t mask = umask(0);
    umask(mask);
    chmod(tmp, 0666 & ~mask);
    if (rename(tmp, path) != 0) ok = false, err = errno;
  }
  if (!ok) {
    unlink(tmp);
    fprintf(stderr, "tirx-pp: error: cannot write '%s': %s\n", path, strerror(err));
  }
  free(tmp);
  return ok ? TIRX_OK : TIRX_IO_ERROR;
}

// A path in make syntax: spaces, '#' and '$' escaped.
static void put_make_path(Buf *b, const char *p) {
  for (; *p; p++) {
    if (*p == ' ' || *p == '#') buf_putc(b, '\\');
    if (*p == '$') buf_putc(b, '$');
    buf_putc(b, *p);
  }
}

// TARGET: INPUT DEPS..., written like the output (atomically).
static int write_depfile(const Args *a, const TirxResult *r) {
  char *path = NULL;
  if (!a->depfile_path) {
    path = xmalloc(strlen(a->out) + 3);
    sprintf(path, "%s.d", a->out);
  }
  Buf b = {0};
  put_make_path(&b, a->dep_target ? a->dep_target : a->out ? a->out : "-");
  buf_putc(&b, ':');
  for (int i = 0; i < r->ndeps; i++) {
    buf_puts(&b, " \\\n  ");
    put_make_path(&b, r->deps[i]);
  }
  buf_putc(&b, '\n');
  int rc = write_output(a->depfile_path ? a->depfile_path : path, b.data, b.len);
  buf_free(&b);
  free(path);
  return rc;
}

// tirx.h next to an installed binary (bin/../include), else the source tree's.
static const char *find_headers(void) {
  static char dir[4096];
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = '\0';
    snprintf(dir, sizeof dir, "%s/../include", dirname(exe));
    char probe[4200];
    snprintf(probe, sizeof probe, "%s/tirx.h", dir);
    if (access(probe, R_OK) == 0) return dir;
  }
  return TIRX_SOURCE_HEADER_DIR;
}

// $TIRX_PP_CACHE_DIR, else $XDG_CACHE_HOME/tirx-pp, else ~/.cache/tirx-pp;
// NULL when it is "off" or cannot be made.
static const char *find_cache(void) {
  static char dir[4096];
  const char *env = getenv("TIRX_PP_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  if (env && !strcmp(env, "off")) return NULL;
  if (env && *env)
    snprintf(dir, sizeof dir, "%s", env);
  else if (xdg && *xdg)
    snprintf(dir, sizeof dir, "%s/tirx-pp", xdg);
  else if (home && *home)
    snprintf(dir, sizeof dir, "%s/.cache/tirx-pp", home);
  else
    return NULL;
  for (char *p = dir + 1; *p; p++)
    if (*p == '/') {
      *p = '\0';
      mkdir(dir, 0777);
      *p = '/';
    }
  mkdir(dir, 0777);
  return access(dir, W_OK) == 0 ? dir : NULL;
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

static int run(Args *a) {
  size_t len;
  char *data = read_file(a->in, &len);
  if (!data) {
    fprintf(stderr, "tirx-pp: error: cannot read '%s': %s\n", a->in, strerror(errno));
    return TIRX_IO_ERROR;
  }
  TirxResult result;
  int rc = tirx_rewrite(&a->opt, data, len, &result, stderr);
  const char *text = result.text.data ? result.text.data : "";
  // --check first: when the device code does not compile, nothing is written.
  if (rc == TIRX_OK && a->check) rc = check_device(a, result.device.data, data, len, stderr);
  // The depfile first: when it cannot be written, the output is not either.
  if (rc == TIRX_OK && a->depfile) rc = write_depfile(a, &result);
  if (rc == TIRX_OK && a->out) {
    rc = write_output(a->out, text, result.text.len);
  } else if (rc == TIRX_OK && !write_all(STDOUT_FILENO, text, result.text.len)) {
    fprintf(stderr, "tirx-pp: error: cannot write standard output: %s\n", strerror(errno));
    rc = TIRX_IO_ERROR;
  }
  tirx_result_free(&result);
  free(data);
  return rc;
}

int main(int argc, char **argv) {
  Args a = {.arena = arena_new()};
  a.opt.header_dir = find_headers();
  a.opt.cache_dir = find_cache();
  int rc = args_parse(argc, argv, &a);
  if (rc < 0 && !find_cache_max(&a.opt.cache_max)) rc = TIRX_USAGE;
  if (rc < 0) {
    a.opt.color = !strcmp(a.color, "always") || (!strcmp(a.color, "auto") && isatty(STDERR_FILENO));
    rc = run(&a);
  }
  args_free(&a);
  arena_free(a.arena);
  return rc;
}
