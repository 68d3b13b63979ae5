// tirx_nvcc.c - tirx-nvcc, nvcc with tirx-pp in front, for builds that name
// the compiler and have no launcher setting: CMake's FindCUDA
// (CUDA_NVCC_EXECUTABLE), make's NVCC=, CMAKE_CUDA_COMPILER.
//   tirx-nvcc NVCC-ARGS...  runs  tirx-pp --launch REAL-NVCC NVCC-ARGS...
// tirx-pp is the one beside this program. The real nvcc is $TIRX_PP_NVCC,
// else the first nvcc on PATH that is not this program, else
// /usr/local/cuda/bin/nvcc. A separate program, not a link to tirx-pp:
// CMake resolves links of the compiler it is given.
// An nvcc may be a script that runs tirx-nvcc again (bin/nvcc holding
// `exec tirx-nvcc "$@"`), which no path comparison sees. So tirx-nvcc names
// the nvcc it chose in $TIRX_NVCC_ACTIVE for its child; reached again with
// that mark, it is the compile of the copy tirx-pp already wrote: it runs the
// next nvcc itself, skipping every one named there, and fails rather than loop.
#define _GNU_SOURCE
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { USAGE_ERROR = 2, IO_ERROR = 3 };

static bool is_executable(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

// Whether path is this program (or another name for it).
static bool is_self(const char *path, const char *self) {
  char real[PATH_MAX];
  return realpath(path, real) && !strcmp(real, self);
}

#define ACTIVE "TIRX_NVCC_ACTIVE"

// Whether an outer tirx-nvcc chose nvcc (it is on $TIRX_NVCC_ACTIVE's
// newline-separated list): it led back here.
static bool chosen_before(const char *nvcc) {
  const char *list = getenv(ACTIVE);
  size_t n = strlen(nvcc);
  for (const char *p = list ? list : ""; *p;) {
    size_t len = strcspn(p, "\n");
    if (len == n && !strncmp(p, nvcc, n)) return true;
    p += len;
    if (*p) p++;
  }
  return false;
}

static bool usable(const char *nvcc, const char *self) {
  return is_executable(nvcc) && !is_self(nvcc, self) && !chosen_before(nvcc);
}

// The nvcc to run, in buf; false with *looped set when the only one runs
// tirx-nvcc again (buf then names it, and *from where it was found).
static bool find_nvcc(const char *self, char *buf, size_t size, bool *looped, const char **from) {
  const char *env = getenv("TIRX_PP_NVCC");
  *looped = false;
  if (env && *env) {
    snprintf(buf, size, "%s", env);
    *from = "TIRX_PP_NVCC";
    *looped = chosen_before(buf);
    return !*looped && !is_self(buf, self);
  }
  const char *path = getenv("PATH");
  char first_looped[PATH_MAX] = "";
  for (const char *p = path ? path : ""; *p;) {
    size_t n = strcspn(p, ":");
    if (n && n + sizeof "/nvcc" < size) {
      snprintf(buf, size, "%.*s/nvcc", (int)n, p);
      if (usable(buf, self)) return true;
      if (!*first_looped && is_executable(buf) && chosen_before(buf)) snprintf(first_looped, sizeof first_looped, "%s", buf);
    }
    p += n;
    if (*p) p++;
  }
  snprintf(buf, size, "/usr/local/cuda/bin/nvcc");
  if (usable(buf, self)) return true;
  *looped = *first_looped != '\0';
  *from = "on PATH";
  snprintf(buf, size, "%s", first_looped);
  return false;
}

// Adds nvcc to $TIRX_NVCC_ACTIVE for the programs this one runs.
static bool mark_chosen(const char *nvcc) {
  const char *list = getenv(ACTIVE);
  size_t n = (list ? strlen(list) + 1 : 0) + strlen(nvcc) + 1;
  char *v = malloc(n);
  if (!v) return false;
  snprintf(v, n, "%s%s%s", list ? list : "", list ? "\n" : "", nvcc);
  int rc = setenv(ACTIVE, v, 1);
  free(v);
  return rc == 0;
}

int main(int argc, char **argv) {
  char self[PATH_MAX], tool[PATH_MAX + 16], nvcc[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) {
    fprintf(stderr, "tirx-nvcc: error: cannot find where tirx-nvcc is: %s\n", strerror(errno));
    return IO_ERROR;
  }
  self[n] = '\0';
  bool looped;
  const char *from = NULL;
  if (!find_nvcc(self, nvcc, sizeof nvcc, &looped, &from)) {
    if (looped)
      fprintf(stderr, "tirx-nvcc: error: '%s' (%s) runs tirx-nvcc again; set TIRX_PP_NVCC to the real nvcc\n", nvcc,
              from);
    else
      fprintf(stderr,
              "tirx-nvcc: error: no nvcc to run: set TIRX_PP_NVCC to nvcc's path, or put nvcc's directory on PATH\n");
    return USAGE_ERROR;
  }
  bool again = getenv(ACTIVE) != NULL;  // under tirx-pp already: nvcc on its copy
  if (!mark_chosen(nvcc)) return IO_ERROR;
  if (again) {
    argv[0] = nvcc;
    execvp(nvcc, argv);
    fprintf(stderr, "tirx-nvcc: error: cannot run '%s': %s\n", nvcc, strerror(errno));
    return IO_ERROR;
  }
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s", self);
  snprintf(tool, sizeof tool, "%s/tirx-pp", dirname(dir));
  char **v = calloc((size_t)argc + 3, sizeof(char *));
  if (!v) return IO_ERROR;
  v[0] = tool, v[1] = "--launch", v[2] = nvcc;
  for (int i = 1; i < argc; i++) v[i + 2] = argv[i];
  execv(tool, v);
  fprintf(stderr, "tirx-nvcc: error: cannot run '%s': %s\n", tool, strerror(errno));
  return IO_ERROR;
}
