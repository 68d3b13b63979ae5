// rename_shim.c - an LD_PRELOAD library for cli.sh: renameat2 and rename
// failing as a file system or a kernel would. Environment:
//   SHIM_EXCHANGE=EINVAL|ENOSYS|EOPNOTSUPP  every renameat2 fails so (no
//                                           RENAME_EXCHANGE, no renameat2)
//   SHIM_FAIL=",2,3,"  those calls of renameat2 and rename (counted together,
//                      from 1) fail with EIO
//   SHIM_LINK=1        every link fails with EPERM (no hard links)
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int calls;

static int fails(void) {
  char n[16];
  snprintf(n, sizeof n, ",%d,", ++calls);
  const char *s = getenv("SHIM_FAIL");
  return s && strstr(s, n) ? (errno = EIO, 1) : 0;
}

int renameat2(int olddir, const char *old, int newdir, const char *new, unsigned flags) {
  const char *e = getenv("SHIM_EXCHANGE");
  if (fails()) return -1;
  if (e) return errno = !strcmp(e, "ENOSYS") ? ENOSYS : !strcmp(e, "EOPNOTSUPP") ? EOPNOTSUPP : EINVAL, -1;
  int (*real)(int, const char *, int, const char *, unsigned) = dlsym(RTLD_NEXT, "renameat2");
  return real(olddir, old, newdir, new, flags);
}

int rename(const char *old, const char *new) {
  if (fails()) return -1;
  int (*real)(const char *, const char *) = dlsym(RTLD_NEXT, "rename");
  return real(old, new);
}

int link(const char *old, const char *new) {
  if (getenv("SHIM_LINK")) return errno = EPERM, -1;
  int (*real)(const char *, const char *) = dlsym(RTLD_NEXT, "link");
  return real(old, new);
}
