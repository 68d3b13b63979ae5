// sys.c - the system helpers of sys.h.
#define _GNU_SOURCE
#include "sys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

// Reads fd to its end into a malloc'ed, NUL-terminated buffer; `hint` is
// the size expected (a regular file's), 0 when unknown.
static char *read_fd(int fd, size_t hint, size_t *len) {
  size_t cap = hint + 1 > 4096 ? hint + 1 : 4096, n = 0;
  char *data = malloc(cap);
  if (!data) return errno = ENOMEM, NULL;
  for (;;) {
    if (n + 1 == cap) {
      char *more = cap > (size_t)-1 / 2 ? NULL : realloc(data, cap * 2);
      if (!more) return free(data), errno = ENOMEM, NULL;
      data = more, cap *= 2;
    }
    ssize_t r = read(fd, data + n, cap - n - 1);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      int err = errno;
      free(data);
      return errno = err, NULL;
    }
    if (r == 0) break;
    n += (size_t)r;
  }
  data[n] = '\0';
  *len = n;
  return data;
}

char *sys_read_file(const char *path, size_t *len) {
  if (!strcmp(path, "-")) return read_fd(STDIN_FILENO, 0, len);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return NULL;
  struct stat st;
  size_t hint = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? (size_t)st.st_size : 0;
  char *data = read_fd(fd, hint, len);
  int err = errno;
  close(fd);
  errno = err;
  return data;
}

bool sys_write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) return false;
    if (w == 0) return errno = EIO, false;
    p += w, n -= (size_t)w;
  }
  return true;
}

// A device or a pipe cannot be renamed over: written in place.
static int write_in_place(const char *path, const char *data, size_t len) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  int err = sys_write_all(fd, data, len) ? 0 : errno;
  if (close(fd) != 0 && !err) err = errno;
  return err;
}

int sys_create_temp(const char *path, char **tmp) {
  static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  size_t n = strlen(path) + 16;
  if (!(*tmp = malloc(n))) return -1;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  uint64_t x = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^ (uint64_t)getpid() << 44;
  for (int attempt = 0; attempt < 1000; attempt++) {
    x = x * 6364136223846793005u + 1442695040888963407u;  // the next name
    char name[7];
    uint64_t y = x >> 16;
    for (int i = 0; i < 6; i++, y /= 62) name[i] = letters[y % 62];
    name[6] = '\0';
    snprintf(*tmp, n, "%s.tmp.%s", path, name);
    int fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;  // errno: EEXIST
}

int sys_replace_file(const char *path, const char *data, size_t len) {
  struct stat st;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) return write_in_place(path, data, len);
  char *tmp = NULL;
  int fd = sys_create_temp(path, &tmp);
  if (fd < 0) {
    int err = tmp ? errno : ENOMEM;
    free(tmp);
    return err;
  }
  int err = sys_write_all(fd, data, len) && fsync(fd) == 0 ? 0 : errno;
  if (close(fd) != 0 && !err) err = errno;
  if (!err && rename(tmp, path) != 0) err = errno;
  if (err) unlink(tmp);
  free(tmp);
  return err;
}

bool sys_make_dirs(char *dir) {
  for (char *p = dir + 1; *p; p++)
    if (*p == '/') {
      *p = '\0';
      mkdir(dir, 0777);
      *p = '/';
    }
  mkdir(dir, 0777);
  struct stat st;
  return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && access(dir, W_OK) == 0;
}

const char *sys_user_cache_dir(const char *env, const char *xdg, const char *home, const char *sub, char *buf, size_t size) {
  if (env && !strcmp(env, "off")) return NULL;
  int n;
  if (env && *env)
    n = snprintf(buf, size, "%s", env);
  else if (xdg && *xdg)
    n = snprintf(buf, size, "%s/%s", xdg, sub);
  else if (home && *home)
    n = snprintf(buf, size, "%s/.cache/%s", home, sub);
  else
    return NULL;
  if (n < 0 || (size_t)n >= size) return NULL;
  return sys_make_dirs(buf) ? buf : NULL;
}

bool sys_path_under(const char *path, const char *dir) {
  size_t n = dir ? strlen(dir) : 0;
  while (n > 1 && dir[n - 1] == '/') n--;
  return n && !strncmp(path, dir, n) && (path[n] == '/' || path[n] == '\0' || (n == 1 && dir[0] == '/'));
}

const char *sys_shown_path(Arena *a, const char *path) {
  const char *real = arena_realpath(a, path);
  char cwd[4096];
  if (!real) return path;
  if (!getcwd(cwd, sizeof cwd) || !sys_path_under(real, cwd) || !strcmp(cwd, "/")) return real;
  return real + strlen(cwd) + (real[strlen(cwd)] == '/');
}

const char *sys_path_dir(const char *path, size_t *len) {
  const char *slash = strrchr(path, '/');
  *len = 1;
  if (!slash) return ".";
  if (slash == path) return "/";
  *len = (size_t)(slash - path);
  return path;
}

bool sys_is_system_include_dir(const char *dir) {
  static const char *const top[] = {"/usr/include", "/usr/local/include"};
  static const char *const below[] = {"/usr/include/c++", "/usr/lib/gcc", "/usr/lib/llvm"};
  if (!dir) return false;
  size_t n = strlen(dir);
  while (n > 1 && dir[n - 1] == '/') n--;
  for (size_t i = 0; i < sizeof top / sizeof *top; i++)
    if (n == strlen(top[i]) && !strncmp(dir, top[i], n)) return true;
  for (size_t i = 0; i < sizeof below / sizeof *below; i++)
    if (sys_path_under(dir, below[i])) return true;
  // the C library's multiarch directory: /usr/include/x86_64-linux-gnu
  const char *slash = strrchr(dir, '/');
  return slash && (size_t)(slash - dir) == 12 && !strncmp(dir, "/usr/include", 12) && memmem(slash, (size_t)(dir + n - slash), "-linux-", 7);
}
