// tirx_nvcc.c - tirx-nvcc, nvcc with tirx-pp in front, for builds that name
// the compiler and have no launcher setting: CMake's FindCUDA
// (CUDA_NVCC_EXECUTABLE), make's NVCC=, CMAKE_CUDA_COMPILER.
//   tirx-nvcc NVCC-ARGS...  runs  tirx-pp --launch REAL-NVCC NVCC-ARGS...
// tirx-pp is the one beside this program. The real nvcc is $TIRX_PP_NVCC,
// else the first nvcc on PATH that is not this program, else
// /usr/local/cuda/bin/nvcc. A separate program, not a link to tirx-pp:
// CMake resolves links of the compiler it is given.
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

// The nvcc to run, in buf.
static bool find_nvcc(const char *self, char *buf, size_t size) {
  const char *env = getenv("TIRX_PP_NVCC");
  if (env && *env) {
    snprintf(buf, size, "%s", env);
    return !is_self(buf, self);
  }
  const char *path = getenv("PATH");
  for (const char *p = path ? path : ""; *p;) {
    size_t n = strcspn(p, ":");
    if (n && n + sizeof "/nvcc" < size) {
      snprintf(buf, size, "%.*s/nvcc", (int)n, p);
      if (is_executable(buf) && !is_self(buf, self)) return true;
    }
    p += n;
    if (*p) p++;
  }
  snprintf(buf, size, "/usr/local/cuda/bin/nvcc");
  return is_executable(buf);
}

int main(int argc, char **argv) {
  char self[PATH_MAX], tool[PATH_MAX + 16], nvcc[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) {
    fprintf(stderr, "tirx-nvcc: error: cannot find where tirx-nvcc is: %s\n", strerror(errno));
    return IO_ERROR;
  }
  self[n] = '\0';
  if (!find_nvcc(self, nvcc, sizeof nvcc)) {
    fprintf(stderr,
            "tirx-nvcc: error: no nvcc to run: set TIRX_PP_NVCC to nvcc's path, or put nvcc's directory on PATH\n");
    return USAGE_ERROR;
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
