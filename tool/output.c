// output.c - reading the input, writing the outputs all or nothing.
#define _GNU_SOURCE
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "tirxpp.h"
#include "tirx_support.h"


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

// Where path's symbolic links lead, as open() follows them (each link's text
// read from the link's directory), so that the target is replaced and the
// link stays; a missing target is made. A link on /proc (/dev/stdout's
// /proc/self/fd/1) names an open file, not a path: *direct then, path kept.
// NULL with errno set when the links go round.
static char *follow_links(const char *path, bool *direct) {
  char *p = xstrdup(path);
  for (int hops = 0;; hops++) {
    struct stat st;
    if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    char *slash = strrchr(p, '/');
    size_t dir_len = slash ? (size_t)(slash - p) + 1 : 0;  // with its '/'
    char *dir = dir_len ? xstrdup(p) : xstrdup(".");
    if (dir_len) dir[dir_len] = '\0';
    struct statfs fs;
    bool proc = statfs(dir, &fs) == 0 && fs.f_type == PROC_SUPER_MAGIC;
    char text[PATH_MAX];
    ssize_t n = proc || hops == 40 ? -1 : readlink(p, text, sizeof text - 1);
    if (n < 0) {
      int err = hops == 40 ? ELOOP : errno;
      free(dir);
      if (proc) {
        *direct = true;
        return p;
      }
      free(p);
      errno = err;
      return NULL;
    }
    text[n] = '\0';
    size_t keep = text[0] == '/' ? 0 : dir_len;
    char *next = xmalloc(keep + (size_t)n + 1);
    memcpy(next, p, keep);
    memcpy(next + keep, text, (size_t)n + 1);
    free(dir);
    free(p);
    p = next;
  }
}

// Written directly, not through a temporary: a device or a pipe (not a
// directory: stage reports one in the way), or what a /proc link names.
static bool is_device(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

bool is_stream_path(const char *path) {
  bool direct = false;
  char *dst = follow_links(path, &direct);
  bool stream = dst && (direct || is_device(dst));
  free(dst);
  return stream;
}

// Where the file goes (f->dst: path, or where its links lead) and whether it
// is written directly. A link that goes round is reported here.
static int resolve(OutFile *f) {
  if (f->to_stdout) {
    f->direct = true;
    return TIRX_OK;
  }
  bool direct = false;
  f->dst = follow_links(f->path, &direct);
  if (!f->dst) return cannot_write(f->path, errno);
  f->direct = direct || is_device(f->dst);
  return TIRX_OK;
}

// The file's bytes in a new temporary beside f->dst, with the usual mode. A
// directory in the way is reported here, before anything is renamed, as "Is
// a directory" (the rename would say EISDIR, or EBUSY for "." and mount
// points).
static int stage(OutFile *f, Made *made) {
  struct stat st;
  f->existed = lstat(f->dst, &st) == 0;
  if (f->existed && S_ISDIR(st.st_mode)) return cannot_write(f->path, EISDIR);
  if (f->make_dirs && !make_parents(f->path, made)) return cannot_write(f->path, errno);
  int fd = sys_create_temp(f->dst, &f->tmp);
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
  return TIRX_OK;
}

// Through the path, as the kernel follows it. A regular file gets here only
// by a /proc link (-o /dev/stdout > f): the bytes follow what is there, as
// written to standard output they would (a shell's >> too).
static int write_device(const OutFile *f) {
  if (f->to_stdout) {
    if (write_stdout(f->data, f->len)) return TIRX_OK;
    fprintf(stderr, "tirx-pp: error: cannot write standard output: %s\n", strerror(errno));
    return TIRX_IO_ERROR;
  }
  struct stat st;
  bool reg = stat(f->path, &st) == 0 && S_ISREG(st.st_mode);
  int fd = open(f->path, O_WRONLY | (reg ? O_APPEND : 0));
  bool ok = fd >= 0 && sys_write_all(fd, f->data, f->len);
  int err = errno;
  if (fd >= 0 && close(fd) != 0 && ok) ok = false, err = errno;
  return ok ? TIRX_OK : cannot_write(f->path, err);
}

static void cannot_put_back(const char *path, int err, const char *old) {
  fprintf(stderr, "tirx-pp: error: cannot put back '%s' as it was: %s", path, strerror(err));
  if (old) fprintf(stderr, "; the old file is in '%s'", old);
  fputc('\n', stderr);
}

// Puts the temporary in place. A file there swaps names with it
// (renameat2's RENAME_EXCHANGE), so that it waits under the temporary's name
// until the whole set is in place and can be swapped back. Where names cannot
// be swapped (NFS, CIFS and FUSE answer EINVAL; a kernel without renameat2 or
// a seccomp filter ENOSYS; EOPNOTSUPP) the old file gets a second name first,
// the temporary's plus ".old": a hard link, else (no hard links) the old file
// renamed to it, and is renamed back to put it back.
static int place(OutFile *f) {
  if (!f->existed) {
    if (rename(f->tmp, f->dst) != 0) return cannot_write(f->path, errno);
    f->placed = PLACED_NEW;
    return TIRX_OK;
  }
  if (renameat2(AT_FDCWD, f->tmp, AT_FDCWD, f->dst, RENAME_EXCHANGE) == 0) {
    f->placed = PLACED_SWAPPED;
    return TIRX_OK;
  }
  if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP) return cannot_write(f->path, errno);
  size_t n = strlen(f->tmp) + 5;
  f->old = xmalloc(n);
  snprintf(f->old, n, "%s.old", f->tmp);
  bool linked = link(f->dst, f->old) == 0;
  if (!linked && rename(f->dst, f->old) != 0) {
    int err = errno;
    free(f->old);
    f->old = NULL;
    return cannot_write(f->path, err);
  }
  if (rename(f->tmp, f->dst) == 0) {
    f->placed = PLACED_ASIDE;
    return TIRX_OK;
  }
  int err = errno;
  if (linked) {
    unlink(f->old);
  } else if (rename(f->old, f->dst) != 0) {
    int back_err = errno;
    cannot_write(f->path, err);
    cannot_put_back(f->path, back_err, f->old);
    free(f->old);  // that name is kept
    f->old = NULL;
    return TIRX_IO_ERROR;
  }
  free(f->old);
  f->old = NULL;
  return cannot_write(f->path, err);
}

// Takes a placed file back out: the old file swapped or renamed back (the new
// bytes are the temporary again, or gone), or the new file removed. When it
// cannot, says so and where the old file is, and returns false: that name
// is then kept.
static bool put_back(OutFile *f) {
  const char *old = f->placed == PLACED_SWAPPED ? f->tmp : f->placed == PLACED_ASIDE ? f->old : NULL;
  bool ok = f->placed == PLACED_SWAPPED ? renameat2(AT_FDCWD, f->tmp, AT_FDCWD, f->dst, RENAME_EXCHANGE) == 0
          : f->placed == PLACED_ASIDE   ? rename(f->old, f->dst) == 0
                                        : unlink(f->dst) == 0;
  if (!ok) cannot_put_back(f->path, errno, old);
  if (ok && f->placed == PLACED_ASIDE) {
    free(f->old);  // that name is gone
    f->old = NULL;
  }
  return ok;
}

// All or nothing, as far as POSIX and Linux allow: every temporary is
// written first (a directory in the way reported there), then devices,
// pipes and standard output, then the temporaries are put in place. A rename
// that fails still (a file marked immutable, say) puts back the files placed
// before it; the temporaries, the old files' second names and the directories
// made go. What remains: a crash between the first rename and the last
// leaves a partial set (and perhaps a second name); bytes written to a
// device, a pipe or standard output cannot be taken back; an old file that
// cannot be put back stays under the name the message gives.
int write_outputs(OutFile *files, int n) {
  Made made = {0};
  int rc = TIRX_OK;
  for (int i = 0; i < n && rc == TIRX_OK; i++) {
    rc = resolve(&files[i]);
    if (rc == TIRX_OK && !files[i].direct) rc = stage(&files[i], &made);
  }
  for (int i = 0; i < n && rc == TIRX_OK; i++)
    if (files[i].direct) rc = write_device(&files[i]);
  for (int i = 0; i < n && rc == TIRX_OK; i++)
    if (files[i].tmp) rc = place(&files[i]);
  for (int i = n - 1; i >= 0; i--) {
    OutFile *f = &files[i];
    bool kept = rc != TIRX_OK && f->placed != NOT_PLACED && !put_back(f);
    if (!kept && f->tmp && (f->placed == NOT_PLACED || f->placed == PLACED_SWAPPED))
      unlink(f->tmp);  // new bytes, or the old file
    if (!kept && f->old) unlink(f->old);
    free(f->tmp);
    free(f->old);
    free(f->dst);
    f->tmp = f->old = f->dst = NULL;
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
