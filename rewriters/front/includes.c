// includes.c - the include search (tirxpp.h's tirx_find_include): where the
// preprocessor finds the header an #include line names. The rewriter finds
// the user headers it reads with it (tu.c), and libtirx_rt the files a
// cached cubin is made from (tirx_find_includes), so the two cannot differ.
#define _GNU_SOURCE
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "scan.h"
#include "tirxpp.h"

// Whether the path dir/name (name alone from "." or when absolute, as the
// preprocessor says it) is a file; false too when it is longer than size.
static bool look(const char *dir, const char *name, TirxIsFile *test, void *ctx, char *path, size_t size) {
  int n = name[0] == '/' || !strcmp(dir, ".") ? snprintf(path, size, "%s", name)
                                              : snprintf(path, size, "%s/%s", dir, name);
  return n >= 0 && (size_t)n < size && test(ctx, path);
}

static bool stat_is_file(void *ctx, const char *path) {
  (void)ctx;
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool tirx_find_include(const TirxIncludeDirs *dirs, const char *from, const char *name, bool angled,
                       TirxIsFile *test, void *ctx, char *path, size_t size, bool *system) {
  if (!test) test = stat_is_file;
  *system = false;
  if (name[0] == '/') return look(".", name, test, ctx, path, size);
  if (!angled) {
    if (from && look(from, name, test, ctx, path, size)) return true;
    for (int i = 0; i < dirs->nquote; i++)
      if (look(dirs->quote[i], name, test, ctx, path, size)) return true;
  }
  for (int i = 0; i < dirs->nuser; i++)
    if (look(dirs->user[i], name, test, ctx, path, size)) return true;
  *system = true;
  for (int i = 0; i < dirs->nsystem; i++)
    if (look(dirs->system[i], name, test, ctx, path, size)) return true;
  *system = false;
  return false;
}

// The #include lines of text, each found; false when found says to stop.
static bool find_includes_untrapped(Arena *a, const char *text, size_t len, const TirxIncludeDirs *dirs,
                                    const char *from, bool (*found)(void *, const char *), void *ctx) {
  AnnotationList anns = scan_annotations(a, source_new(a, "", text, len));
  for (int i = 0; i < anns.nincludes; i++) {
    const IncludeLine *inc = &anns.includes[i];
    size_t n = inc->name_end - inc->name_start;  // with its quotes or brackets
    if (inc->computed || n <= 2) continue;       // `#include ""` names none
    const char *name = arena_strndup(a, text + inc->name_start + 1, n - 2);
    char path[PATH_MAX];
    bool system;
    if (tirx_find_include(dirs, from, name, inc->angled, NULL, NULL, path, sizeof path, &system) && !found(ctx, path))
      return false;
  }
  return true;
}

bool tirx_find_includes(const char *text, size_t len, const TirxIncludeDirs *dirs, const char *from,
                        bool (*found)(void *ctx, const char *path), void *ctx) {
  OomTrap trap;
  oom_trap_push(&trap);
  if (setjmp(trap.jump)) return false;  // popped already, the arena freed
  Arena *a = arena_new();
  bool ok = find_includes_untrapped(a, text, len, dirs, from, found, ctx);
  arena_free(a);
  oom_trap_pop(&trap);
  return ok;
}
