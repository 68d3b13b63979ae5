// main.c - the tirx-pp command line.
//   tirx-pp [options] IN.cu [-o OUT.cu] [-- compiler flags]
#define _POSIX_C_SOURCE 200809L
#include "libclang.h"
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tirxpp.h"

static const char usage[] =
    "usage: tirx-pp [options] IN.cu [-o OUT.cu] [-- compiler flags]\n"
    "\n"
    "Rewrites the tirx annotations of a CUDA file into plain CUDA for nvcc.\n"
    "Without -o the result goes to standard output.\n"
    "\n"
    "options:\n"
    "  -o FILE            write the result to FILE (replaced only on success)\n"
    "  -I DIR, -D X[=V], -U X, -std=STD, -include FILE\n"
    "                     passed to the parse, as nvcc would see them\n"
    "  --cuda-path=DIR    CUDA toolkit root (default $CUDA_PATH, $CUDA_HOME or\n"
    "                     /usr/local/cuda)\n"
    "  -arch=sm_XX        target architecture, sm_50 ... sm_90a (default sm_90a)\n"
    "  --no-line          do not emit #line directives\n"
    "  -Werror            treat warnings as errors\n"
    "  -Rpass             print remarks (why a loop was not vectorized, ...)\n"
    "  --parse-always     run the libclang parse even when nothing is annotated\n"
    "  --color=WHEN       colour diagnostics: auto, always, never (default auto)\n"
    "  --version          print the version and exit\n"
    "  --help             print this help and exit\n"
    "\n"
    "environment:\n"
    "  TIRX_PP_CACHE_DIR  where parsed CUDA headers are cached (default\n"
    "                     ~/.cache/tirx-pp; 'off' for no cache)\n"
    "\n"
    "exit status: 0 done, 1 errors in the input, 2 bad usage, 3 I/O or internal failure\n";

static int bad_usage(const char *fmt, const char *arg) {
  fputs("tirx-pp: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\ntry 'tirx-pp --help'\n", stderr);
  return TIRX_USAGE;
}

// sm_XX or compute_XX, as the parse's --cuda-gpu-arch; NULL when clang 19
// does not know it.
static const char *parse_arch(const char *arch) {
  static const char *known[] = {"50", "52", "53", "60", "61", "62", "70", "72", "75",
                                "80", "86", "87", "89", "90", "90a"};
  static char sm[16];
  const char *num = !strncmp(arch, "sm_", 3) ? arch + 3 : !strncmp(arch, "compute_", 8) ? arch + 8 : NULL;
  for (size_t i = 0; num && i < sizeof known / sizeof *known; i++)
    if (!strcmp(num, known[i])) {
      snprintf(sm, sizeof sm, "sm_%s", num);
      return sm;
    }
  return NULL;
}

// The CUDA toolkit: --cuda-path, else $CUDA_PATH, $CUDA_HOME, /usr/local/cuda.
static const char *cuda_root(const char *given) {
  if (given) return given;
  const char *env[] = {"CUDA_PATH", "CUDA_HOME"};
  for (int i = 0; i < 2; i++)
    if (getenv(env[i]) && *getenv(env[i])) return getenv(env[i]);
  return "/usr/local/cuda";
}

// Reads a whole file; NULL with errno set on failure.
static char *read_file(const char *path, size_t *len) {
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

// Takes the value of "-X value" or "-Xvalue"; NULL when missing.
static const char *value_of(int argc, char **argv, int *i, const char *flag) {
  size_t n = strlen(flag);
  if (argv[*i][n]) return argv[*i] + n;
  if (*i + 1 < argc) return argv[++*i];
  return NULL;
}

int main(int argc, char **argv) {
  TirxOptions opt = {.header_dir = find_headers(), .cache_dir = find_cache()};
  const char *in = NULL, *out = NULL, *color = "auto";
  const char **cargs = xmalloc(sizeof(char *) * (size_t)(2 * argc + 1));
  int ncargs = 0;
  bool after_dashes = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (after_dashes) {
      cargs[ncargs++] = a;
    } else if (!strcmp(a, "--")) {
      after_dashes = true;
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      return TIRX_OK;
    } else if (!strcmp(a, "--version")) {
      const char *why;
      if (!libclang_load(&why)) {
        fprintf(stderr, "tirx-pp: error: cannot load libclang: %s\n", why);
        return TIRX_IO_ERROR;
      }
      CXString v = clang_getClangVersion();
      printf("tirx-pp %s (%s)\n", TIRX_PP_VERSION, clang_getCString(v));
      clang_disposeString(v);
      return TIRX_OK;
    } else if (!strcmp(a, "-o")) {
      if (++i >= argc) return bad_usage("%s needs a file name", "-o");
      out = argv[i];
    } else if (!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) || !strncmp(a, "-U", 2)) {
      const char *flag = a[1] == 'I' ? "-I" : a[1] == 'D' ? "-D" : "-U";
      const char *v = value_of(argc, argv, &i, flag);
      if (!v) return bad_usage("%s needs a value", flag);
      cargs[ncargs++] = flag;
      cargs[ncargs++] = v;
    } else if (!strcmp(a, "-include")) {
      if (++i >= argc) return bad_usage("%s needs a file name", "-include");
      cargs[ncargs++] = "-include";
      cargs[ncargs++] = argv[i];
    } else if (!strncmp(a, "-std=", 5)) {
      opt.std = a + 5;
    } else if (!strncmp(a, "--cuda-path=", 12)) {
      opt.cuda_path = a + 12;
    } else if (!strncmp(a, "-arch=", 6) || !strncmp(a, "--gpu-architecture=", 19)) {
      opt.arch = parse_arch(strchr(a, '=') + 1);
      if (!opt.arch) return bad_usage("unknown architecture '%s' (sm_50 ... sm_90a)", strchr(a, '=') + 1);
    } else if (!strcmp(a, "--no-line")) {
      opt.no_line = true;
    } else if (!strcmp(a, "--parse-always")) {
      opt.always_parse = true;
    } else if (!strcmp(a, "-Werror")) {
      opt.werror = true;
    } else if (!strncmp(a, "-Rpass", 6)) {
      opt.remarks = true;
    } else if (!strncmp(a, "--color=", 8)) {
      color = a + 8;
      if (strcmp(color, "auto") && strcmp(color, "always") && strcmp(color, "never"))
        return bad_usage("--color takes auto, always or never, not '%s'", color);
    } else if (a[0] == '-' && a[1]) {
      return bad_usage("unknown option '%s'", a);
    } else if (in) {
      return bad_usage("more than one input file ('%s')", a);
    } else {
      in = a;
    }
  }
  if (!in) return bad_usage("%s", "no input file");
  opt.cuda_path = cuda_root(opt.cuda_path);
  char probe[4200];
  snprintf(probe, sizeof probe, "%s/include/cuda_runtime.h", opt.cuda_path);
  if (access(probe, R_OK) != 0) {
    fprintf(stderr, "tirx-pp: error: no CUDA toolkit at '%s' (no include/cuda_runtime.h); use --cuda-path=DIR\n",
            opt.cuda_path);
    free(cargs);
    return TIRX_USAGE;
  }
  opt.path = in;
  opt.clang_args = cargs;
  opt.nclang_args = ncargs;
  opt.color = !strcmp(color, "always") || (!strcmp(color, "auto") && isatty(STDERR_FILENO));

  size_t len;
  char *data = read_file(in, &len);
  if (!data) {
    fprintf(stderr, "tirx-pp: error: cannot read '%s': %s\n", in, strerror(errno));
    free(cargs);
    return TIRX_IO_ERROR;
  }
  Buf result;
  int rc = tirx_rewrite(&opt, data, len, &result, stderr);
  if (rc == TIRX_OK) {
    if (out) {
      rc = write_output(out, result.data ? result.data : "", result.len);
    } else if (!write_all(STDOUT_FILENO, result.data ? result.data : "", result.len)) {
      fprintf(stderr, "tirx-pp: error: cannot write standard output: %s\n", strerror(errno));
      rc = TIRX_IO_ERROR;
    }
  }
  buf_free(&result);
  free(data);
  free(cargs);
  return rc;
}
