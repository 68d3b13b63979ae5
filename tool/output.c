// output.c - reading the input, writing the outputs all or nothing.
#define _GNU_SOURCE
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tirxpp.h"
#include "sys.h"


bool write_stdout(const char *data, size_t len) { return sys_write_all(STDOUT_FILENO, data, len); }

static int cannot_write(const char *path, int err) {
  fprintf(stderr, "tirx-pp: error: cannot write '%s': %s\n", path, strerror(err));
  return TIRX_IO_ERROR;
}

// Directories made for header copies, removed again when the write fails
// (a vector: a deep --headers-out tree makes as many as it needs).
typedef struct {
  char **dirs;
  int n, cap;
} Made;

static void add_made(Made *made, const char *dir) {
  if (made->n == made->cap) {
    made->cap = made->cap ? made->cap * 2 : 16;
    made->dirs = xrealloc(made->dirs, sizeof(char *) * (size_t)made->cap);
  }
  made->dirs[made->n++] = xstrdup(dir);
}

// mkdir -p of path's parent; false with errno set.
static bool make_parents(const char *path, Made *made) {
  char *p = xstrdup(path);
  bool ok = true;
  for (char *s = p + 1; ok && (s = strchr(s, '/')); s++) {
    *s = '\0';
    if (mkdir(p, 0777) == 0) {
      add_made(made, p);
    } else if (errno != EEXIST) {
      ok = false;
    }
    *s = '/';
  }
  free(p);
  return ok;
}

// Written directly, not through a temporary: a device or a pipe (not a
// directory: stage reports one in the way).
static bool is_device(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

// The file's bytes in a new temporary beside it, with the usual mode. A
// directory in the way is reported here, before anything is renamed, as "Is
// a directory" (the rename would say EISDIR, or EBUSY for "." and mount
// points).
static int stage(OutFile *f, Made *made) {
  struct stat st;
  f->existed = lstat(f->path, &st) == 0;
  if (f->existed && S_ISDIR(st.st_mode)) return cannot_write(f->path, EISDIR);
  if (f->make_dirs && !make_parents(f->path, made)) return cannot_write(f->path, errno);
  size_t n = strlen(f->path);
  f->tmp = xmalloc(n + 16);
  snprintf(f->tmp, n + 16, "%s.tmp.XXXXXX", f->path);
  int fd = mkstemp(f->tmp);
  if (fd < 0) {
    int err = errno;
    free(f->tmp);
    f->tmp = NULL;
    return cannot_write(f->path, err);
  }
  // No fsync: like a compiler's, the output is made again by the next build
  // if a crash of the machine loses it, and fsync cost 1-4 ms a file here.
  bool ok = sys_write_all(fd, f->data, f->len);
  int err = errno;
  if (close(fd) != 0 && ok) ok = false, err = errno;
  if (!ok) return cannot_write(f->path, err);
  // mkstemp makes the file 0600; give it the usual mode.
  mode_t mask = umask(0);
  umask(mask);
  chmod(f->tmp, 0666 & ~mask);
  return TIRX_OK;
}

static int write_device(const OutFile *f) {
  int fd = open(f->path, O_WRONLY);
  bool ok = fd >= 0 && sys_write_all(fd, f->data, f->len);
  int err = errno;
  if (fd >= 0 && close(fd) != 0 && ok) ok = false, err = errno;
  return ok ? TIRX_OK : cannot_write(f->path, err);
}

// Puts the temporary in place. A file there swaps names with it
// (renameat2's RENAME_EXCHANGE), so that it waits under the temporary's name
// until the whole set is in place and can be swapped back; a file system
// that cannot swap gets a plain rename, which cannot be undone.
static int place(OutFile *f) {
  if (f->existed && renameat2(AT_FDCWD, f->tmp, AT_FDCWD, f->path, RENAME_EXCHANGE) == 0) {
    f->placed = PLACED_SWAPPED;
    return TIRX_OK;
  }
  if ((f->existed && errno != EINVAL) || rename(f->tmp, f->path) != 0) return cannot_write(f->path, errno);
  f->placed = f->existed ? PLACED_OVER : PLACED_NEW;
  return TIRX_OK;
}

// Takes a placed file back out: the old file swapped back (the new bytes are
// the temporary again), or the new file removed.
static void put_back(const OutFile *f) {
  const char *why = "the file system cannot swap two files";
  if (f->placed == PLACED_SWAPPED ? renameat2(AT_FDCWD, f->tmp, AT_FDCWD, f->path, RENAME_EXCHANGE) == 0
      : f->placed == PLACED_NEW   ? unlink(f->path) == 0
                                  : false)
    return;
  if (f->placed != PLACED_OVER) why = strerror(errno);
  fprintf(stderr, "tirx-pp: error: cannot put back '%s' as it was: %s\n", f->path, why);
}

// All or nothing, as far as POSIX and Linux allow: every temporary is
// written first (a directory in the way reported there), then devices and
// pipes, then the temporaries are put in place. A rename that fails still
// (a file marked immutable, say) puts back the files placed before it; the
// temporaries and the directories made go. What remains: a crash between
// the first rename and the last leaves a partial set; bytes written to a
// device or pipe cannot be taken back; a file system that cannot swap two
// names (RENAME_EXCHANGE) cannot have its old file put back.
int write_outputs(OutFile *files, int n) {
  Made made = {0};
  int rc = TIRX_OK;
  for (int i = 0; i < n && rc == TIRX_OK; i++)
    if (!is_device(files[i].path)) rc = stage(&files[i], &made);
  for (int i = 0; i < n && rc == TIRX_OK; i++)
    if (!files[i].tmp) rc = write_device(&files[i]);
  for (int i = 0; i < n && rc == TIRX_OK; i++)
    if (files[i].tmp) rc = place(&files[i]);
  for (int i = n - 1; i >= 0; i--) {
    OutFile *f = &files[i];
    if (rc != TIRX_OK && f->placed != NOT_PLACED) put_back(f);
    if (f->tmp && (f->placed == NOT_PLACED || f->placed == PLACED_SWAPPED)) unlink(f->tmp);  // new bytes, or the old file
    free(f->tmp);
    f->tmp = NULL;
    f->placed = NOT_PLACED;
  }
  for (int i = made.n - 1; i >= 0; i--) {
    if (rc != TIRX_OK) rmdir(made.dirs[i]);
    free(made.dirs[i]);
  }
  free(made.dirs);
  return rc;
}

void put_make_path(Buf *b, const char *p) {
  for (; *p; p++) {
    if (*p == ' ' || *p == '#') buf_putc(b, '\\');
    if (*p == '$') buf_putc(b, '$');
    buf_putc(b, *p);
  }
}

bool same_path(const char *x, const char *y) {
  struct stat sx, sy;
  if (!strcmp(x, y)) return true;
  return stat(x, &sx) == 0 && stat(y, &sy) == 0 && sx.st_dev == sy.st_dev && sx.st_ino == sy.st_ino;
}

int unique_deps(const TirxResult *r, bool from_stdin, const char **out) {
  int n = 0;
  char **real = xmalloc(sizeof(char *) * (size_t)(r->ndeps + 1));
  for (int i = from_stdin ? 1 : 0; i < r->ndeps; i++) {
    char *rp = realpath(r->deps[i], NULL);
    bool seen = false;
    for (int k = 0; k < n && !seen; k++) seen = rp && real[k] && !strcmp(real[k], rp);
    if (seen) {
      free(rp);
      continue;
    }
    real[n] = rp;
    out[n++] = r->deps[i];
  }
  for (int k = 0; k < n; k++) free(real[k]);
  free(real);
  return n;
}
