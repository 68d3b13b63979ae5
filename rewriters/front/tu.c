// tu.c - the translation unit's user files: found from the text, placed, and
// their #include lines redirected (docs/language.md#headers-and-existing-builds).
#define _GNU_SOURCE
#include "tu.h"

#include "computed.h"
#include "sys.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// --- paths ----------------------------------------------------------------------

static const char *dir_of(Arena *a, const char *path) {
  size_t n;
  const char *dir = sys_path_dir(path, &n);
  return arena_strndup(a, dir, n);
}

static const char *join(Arena *a, const char *dir, const char *name) {
  if (name[0] == '/' || !strcmp(dir, ".")) return name;  // "x.h", not "./x.h", as the preprocessor says it
  return arena_printf(a, "%s/%s", dir, name);
}

// An absolute path with `.` and `..` resolved by the letters (the file need
// not exist yet).
static const char *absolute(Arena *a, const char *path) {
  char *cwd = path[0] == '/' ? NULL : getcwd(NULL, 0);
  const char *full = cwd ? join(a, cwd, path) : path;
  free(cwd);
  size_t n = strlen(full);
  char *out = arena_alloc(a, n + 2);
  size_t len = 0;
  for (const char *p = full; *p;) {
    while (*p == '/') p++;
    const char *e = p;
    while (*e && *e != '/') e++;
    size_t seg = (size_t)(e - p);
    if (seg == 0 || (seg == 1 && p[0] == '.')) {
    } else if (seg == 2 && p[0] == '.' && p[1] == '.') {
      while (len > 0 && out[len - 1] != '/') len--;
      if (len > 0) len--;
    } else {
      out[len++] = '/';
      memcpy(out + len, p, seg);
      len += seg;
    }
    p = e;
  }
  if (len == 0) out[len++] = '/';
  out[len] = '\0';
  return out;
}

// The path of `to` relative to the directory `from` (both absolute).
static const char *relative(Arena *a, const char *from, const char *to) {
  size_t common = 0;
  for (size_t i = 0;; i++) {
    if ((from[i] == '\0' || from[i] == '/') && (to[i] == '/' || to[i] == '\0')) common = i;
    if (from[i] == '\0' || to[i] == '\0' || from[i] != to[i]) break;
  }
  Buf b = {0};
  for (const char *p = from + common; *p; p++)
    if (*p == '/') buf_puts(&b, "../");
  const char *rest = to + common;
  if (*rest == '/') rest++;
  buf_puts(&b, rest);
  char *s = arena_strndup(a, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}


// Whether path is a file, recorded in the Tu's probes (tirx_find_include's
// TirxIsFile: the path is the search's, copied).
static bool probe(void *ctx, const char *path) {
  const Tu *tu = ctx;
  Probe p = {.path = arena_strndup(tu->arena, path, strlen(path))};
  p.found = stat(path, &p.st) == 0 && S_ISREG(p.st.st_mode);
  VEC_PUSH(tu->arena, *tu->probes, p);
  return p.found;
}

// --- reading --------------------------------------------------------------------

const Source *tu_read_source(Arena *a, const char *path) {
  size_t len;
  char *data = sys_read_file(path, &len);
  if (!data) return NULL;
  const Source *src = source_new(a, arena_strndup(a, path, strlen(path)), arena_strndup(a, data, len), len);
  free(data);
  return src;
}

// -iquote, -I, -isystem (and -idirafter, searched last, as the user's) from
// the parse's flags, in the order given.
static void search_dirs(Arena *a, const TirxOptions *opt, Tu *tu) {
  static const struct {
    const char *flag;
    int list;
  } kinds[] = {{"-iquote", 0}, {"-isystem", 2}, {"-idirafter", 1}, {"-I", 1}};
  VEC(const char *) lists[3] = {{0}};
  for (int i = 0; i < opt->nclang_args; i++) {
    const char *arg = opt->clang_args[i];
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
      size_t n = strlen(kinds[k].flag);
      if (strncmp(arg, kinds[k].flag, n)) continue;
      const char *dir = arg[n] ? arg + n : i + 1 < opt->nclang_args ? opt->clang_args[++i] : NULL;
      if (dir && *dir == '=') dir++;
      if (dir) VEC_PUSH(a, lists[kinds[k].list], dir);
      break;
    }
  }
  tu->quote_dirs = lists[0].items, tu->nquote = lists[0].len;
  tu->user_dirs = lists[1].items, tu->nuser = lists[1].len;
  tu->system_dirs = lists[2].items, tu->nsystem = lists[2].len;
}

// Whether a file is the user's: not tirx's own headers, not the toolkit's.
bool tu_is_user_file(const Tu *tu, const char *real) {
  return !sys_path_under(real, tu->tirx_dir) && !sys_path_under(real, tu->cuda_dir) && !sys_path_under(real, "/usr/include");
}

// Where the header `name` is found from a file in directory `dir`
// (tirx_find_include; *system: in the user's -isystem, not to rewrite). NULL
// when it is not in the user's directories (the toolkit's, say).
static const char *search(Arena *a, const Tu *tu, const char *dir, const char *name, bool angled, bool *system) {
  TirxIncludeDirs dirs = {.quote = tu->quote_dirs, .user = tu->user_dirs, .system = tu->system_dirs,
                          .nquote = tu->nquote, .nuser = tu->nuser, .nsystem = tu->nsystem};
  char path[PATH_MAX];
  TirxIsFile *test = tu->probes ? probe : NULL;  // NULL: stat alone
  if (!tirx_find_include(&dirs, dir, name, angled, test, (void *)tu, path, sizeof path, system)) return NULL;
  return arena_strndup(a, path, strlen(path));
}

#define OWN_MARKER "// TIRX_PP_OWN_HEADER "

bool tu_is_own_header(Arena *a, const Source *src, const char **version) {
  *version = NULL;
  size_t n = src->len < 4096 ? src->len : 4096, m = strlen(OWN_MARKER);
  for (size_t i = 0; i + m <= n; i++) {
    if ((i && src->data[i - 1] != '\n') || memcmp(src->data + i, OWN_MARKER, m)) continue;
    size_t end = i + m;
    while (end < src->len && src->data[end] != '\n' && src->data[end] != '\r') end++;
    *version = arena_strndup(a, src->data + i + m, end - i - m);
    return true;
  }
  const char *base = strrchr(src->path, '/');
  static const char old_tirx_h[] = "#define TIRX_PRAGMA_(text) _Pragma(#text)";
  return !strcmp(base ? base + 1 : src->path, "tirx.h") && memmem(src->data, src->len, old_tirx_h, strlen(old_tirx_h));
}

// Whether a header holds tirx annotations (`#pragma tirx`, `_Pragma("tirx
// ...")`, a TIRX_* macro of tirx.h). tirx-pp's own headers hold none: they
// define the TIRX_* macros on #define lines, which the scan passes by; their
// tirx_* functions call each other, which the scan lists as calls.
static bool holds_annotations(Arena *a, const Source *src) {
  AnnotationList anns = scan_annotations(a, src);
  for (int i = 0; i < anns.len; i++)
    if (anns.items[i].spelling != SPELL_CALL) return true;
  return false;
}

// Whether the header at real is one of tirx-pp's own, met before or read now
// (and then remembered).
static bool own_header(Arena *a, Tu *tu, const char *path, const char *real) {
  for (int i = 0; i < tu->nown; i++)
    if (!strcmp(tu->own[i].real, real)) return true;
  const Source *src = tu_read_source(a, path);
  const char *version;
  if (!src || !tu_is_own_header(a, src, &version)) return false;
  OwnHeader *items = arena_alloc(a, sizeof(OwnHeader) * (size_t)(tu->nown + 1));
  if (tu->nown) memcpy(items, tu->own, sizeof(OwnHeader) * (size_t)tu->nown);
  // tirx-pp's own headers hold no tirx annotation: one that does is the user's
  // (the marker copied along with tirx.h's layout, or a local edit), and
  // trusting the marker would hand its pragmas to nvcc untouched.
  items[tu->nown++] = (OwnHeader){.path = path, .real = real, .version = version,
                                  .annotated = holds_annotations(a, src)};
  tu->own = items;
  return true;
}

static const char *include_name(Arena *a, const TuFile *f, const IncludeLine *inc) {
  return arena_strndup(a, f->src->data + inc->name_start + 1, inc->name_end - inc->name_start - 2);
}

int tu_find(const Tu *tu, const char *real) {
  for (int i = 0; i < tu->n; i++)
    if (!strcmp(tu->files[i].real, real)) return i;
  return -1;
}

static int add_file(Arena *a, Tu *tu, int *cap, TuFile f) {
  if (tu->n == *cap) {
    *cap = *cap ? *cap * 2 : 16;
    TuFile *items = arena_alloc(a, sizeof(TuFile) * (size_t)*cap);
    if (tu->n) memcpy(items, tu->files, sizeof(TuFile) * (size_t)tu->n);
    tu->files = items;
  }
  tu->files[tu->n] = f;
  return tu->n++;
}

// The user's files of the parse's -include flags, found as clang finds them:
// from where tirx-pp runs, in the -iquote directories, then as <name>.
static void add_forced(Arena *a, const TirxOptions *opt, Tu *tu, int *cap) {
  for (int i = 0; i + 1 < opt->nclang_args; i++) {
    if (strcmp(opt->clang_args[i], "-include")) continue;
    bool system;
    const char *path = search(a, tu, ".", opt->clang_args[++i], false, &system);
    const char *r = path ? arena_realpath(a, path) : NULL;
    if (!r || !tu_is_user_file(tu, r) || tu_find(tu, r) >= 0 || own_header(a, tu, path, r)) continue;
    const Source *src = tu_read_source(a, path);
    if (src)
      add_file(a, tu, cap, (TuFile){.path = path, .real = r, .src = src, .system = system, .forced = true,
                                    .anns = scan_annotations(a, src)});
  }
}

// A computed #include (include line k of file f) is settled when every
// header its macro's definitions may name (computed.h) is found in the
// toolkit's directories and in none of the user's: then nothing the parse
// could find behind it is the user's, annotated or not. A user header there
// leaves it unsettled (tu->computed): its #include line could not be
// redirected to a copy. So does a name found nowhere: nvcc may search where
// tirx-pp does not (CPATH, an options file's -I).
typedef struct {
  int file, line;
} Pending;

// Whether the toolkit's include directories hold the header name (CCCL's
// headers lie in include/cccl since CUDA 13).
static bool in_toolkit(Arena *a, const Tu *tu, const char *name) {
  return access(arena_printf(a, "%s/include/%s", tu->cuda_dir, name), F_OK) == 0 ||
         access(arena_printf(a, "%s/include/cccl/%s", tu->cuda_dir, name), F_OK) == 0;
}

static bool settled(Arena *a, Settle *s, Tu *tu, int f, int k) {
  const TuFile *file = &tu->files[f];
  HeaderName *names;
  int n;
  if (!computed_names(s, file->src, &file->anns.includes[k], &names, &n)) return false;
  for (int i = 0; i < n; i++) {
    bool system;
    const char *path = search(a, tu, dir_of(a, file->path), names[i].name, names[i].angled, &system);
    const char *r = path ? arena_realpath(a, path) : NULL;
    if (r ? tu_is_user_file(tu, r) : !in_toolkit(a, tu, names[i].name)) return false;
  }
  return true;
}

void tu_read(Arena *a, const TirxOptions *opt, const Source *main, AnnotationList anns, Tu *tu) {
  tu_read_probed(a, opt, main, anns, tu, NULL);
}

void tu_read_probed(Arena *a, const TirxOptions *opt, const Source *main, AnnotationList anns, Tu *tu,
                    Probes *probes) {
  *tu = (Tu){.arena = a, .probes = probes};
  search_dirs(a, opt, tu);
  tu->tirx_dir = arena_realpath(a, opt->header_dir ? opt->header_dir : ".");
  tu->cuda_dir = arena_realpath(a, opt->cuda_path ? opt->cuda_path : "/usr/local/cuda");
  int cap = 0;
  const char *real = arena_realpath(a, main->path);
  add_file(a, tu, &cap, (TuFile){.path = main->path, .real = real ? real : absolute(a, main->path),
                                  .src = main, .anns = anns});
  add_forced(a, opt, tu, &cap);
  VEC(Pending) computed = {0};
  // Breadth first: each file's include lines, in order, once per file.
  for (int f = 0; f < tu->n; f++) {
    TuFile *file = &tu->files[f];
    file->targets = arena_alloc(a, sizeof(int) * (size_t)(file->anns.nincludes + 1));
    for (int k = 0; k < file->anns.nincludes; k++) {
      const IncludeLine *inc = &file->anns.includes[k];
      file->targets[k] = -1;
      if (inc->computed) {
        Pending pending = {f, k};
        VEC_PUSH(a, computed, pending);
        continue;
      }
      bool system;
      const char *path = search(a, tu, dir_of(a, file->path), include_name(a, file, inc), inc->angled, &system);
      system = system || file->system;
      const char *r = path ? arena_realpath(a, path) : NULL;
      if (!r || !tu_is_user_file(tu, r)) continue;
      int t = tu_find(tu, r);
      if (t < 0 && own_header(a, tu, path, r)) continue;  // tirx-pp's, never the user's to rewrite
      if (t < 0) {
        const Source *src = tu_read_source(a, path);
        if (!src) continue;
        t = add_file(a, tu, &cap, (TuFile){.path = path, .real = r, .src = src, .system = system,
                                           .anns = scan_annotations(a, src)});
        file = &tu->files[f];  // the array may have moved
      }
      file->targets[k] = t;
    }
  }
  if (!computed.len) return;
  const Source **srcs = arena_alloc(a, sizeof(Source *) * (size_t)tu->n);
  for (int i = 0; i < tu->n; i++) srcs[i] = tu->files[i].src;
  Settle *s = computed_begin(a, opt, srcs, tu->n);
  for (int i = 0; i < computed.len && !tu->computed; i++)
    tu->computed = !settled(a, s, tu, computed.items[i].file, computed.items[i].line);
}

bool tu_annotated(const Tu *tu) {
  for (int i = 0; i < tu->n; i++)
    if (tu->files[i].anns.len && !tu->files[i].system) return true;
  for (int i = 0; i < tu->nown; i++)
    if (tu->own[i].annotated) return true;  // so that tu_place refuses it
  return false;
}

// An "own" header that holds annotations: refused, naming the marker.
static bool refuse_annotated_own(const Tu *tu, Diag *d) {
  for (int i = 0; i < tu->nown; i++)
    if (tu->own[i].annotated) {
      diag_plain(d, DIAG_ERROR,
                 "'%s' has tirx-pp's own-header line (TIRX_PP_OWN_HEADER) but holds a tirx annotation; tirx-pp's "
                 "own headers hold none and are never rewritten: remove the marker line (or the annotation)",
                 tu->own[i].path);
      return false;
    }
  return true;
}

// A header's copy mirrors its place below the input's directory, or its
// absolute path below `_root/` when it lies elsewhere.
static const char *copy_path(Arena *a, const Tu *tu, const char *dir, const TuFile *f) {
  const char *home = dir_of(a, tu->files[0].real);
  if (sys_path_under(f->real, home)) return join(a, dir, f->real + strlen(home) + (strcmp(home, "/") != 0));
  return arena_printf(a, "%s/_root%s", dir, f->real);
}

// A copy of tirx-pp's headers from another version: the rewrite calls what
// this version's tirx.h declares.
static void warn_other_versions(const Tu *tu, Diag *d) {
  for (int i = 0; i < tu->nown; i++) {
    const OwnHeader *h = &tu->own[i];
    const char *base = strrchr(h->path, '/');
    base = base ? base + 1 : h->path;
    const char *fix = "the rewritten code may call what that copy lacks; copy the headers of this tirx-pp";
    if (!h->version)
      diag_plain(d, DIAG_WARNING, "'%s' is tirx-pp's %s from a version before %s (it has no 'TIRX_PP_OWN_HEADER' "
                 "line): %s (%s) over it", h->path, base, TIRX_PP_VERSION, fix, tu->tirx_dir);
    else if (strcmp(h->version, TIRX_PP_VERSION))
      diag_plain(d, DIAG_WARNING, "'%s' is tirx-pp %s's %s, and this tirx-pp is %s: %s (%s) over it", h->path,
                 h->version, base, TIRX_PP_VERSION, fix, tu->tirx_dir);
  }
}

int tu_place(Arena *a, const TirxOptions *opt, Tu *tu, Diag *d) {
  if (!refuse_annotated_own(tu, d)) return TIRX_INPUT_ERROR;
  // Written: the input, every annotated header, and every header that
  // includes a written one (its #include must name the copy).
  tu->files[0].written = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (int f = 1; f < tu->n; f++) {
      TuFile *file = &tu->files[f];
      if (file->written || file->system) continue;
      bool w = file->anns.len > 0;
      for (int k = 0; !w && k < file->anns.nincludes; k++)
        w = file->targets[k] > 0 && tu->files[file->targets[k]].written;
      if (w) file->written = changed = true;
    }
  }
  // Standard output is taken to land beside the input (`tirx-pp k.cu > k.tirx.cu`),
  // where an unannotated file comes out byte for byte; -o names any other place.
  tu->files[0].out = absolute(a, opt->out_path ? opt->out_path : join(a, dir_of(a, tu->files[0].path), "-"));
  const char *dir = opt->headers_out ? absolute(a, opt->headers_out)
                    : opt->out_path  ? arena_printf(a, "%s.headers", tu->files[0].out)
                                     : NULL;
  if (tu_annotated(tu) || tu->computed) warn_other_versions(tu, d);
  for (int f = 1; f < tu->n; f++) {
    TuFile *file = &tu->files[f];
    if (file->system && file->anns.len)
      diag_plain(d, DIAG_WARNING,
                 "'%s' holds tirx annotations but was found through -isystem (or CPLUS_INCLUDE_PATH): tirx-pp leaves "
                 "system headers alone, so nvcc sees them as they are",
                 file->path);
    if (!file->written) continue;
    if (file->forced) {
      diag_plain(d, DIAG_ERROR,
                 "'%s' holds tirx annotations%s but is read through -include, which tirx-pp cannot redirect to "
                 "its rewritten copy; #include it at the top of '%s' instead",
                 file->path, file->anns.len ? "" : " (in a header it includes)", tu->files[0].path);
      return TIRX_INPUT_ERROR;
    }
    if (!dir) {
      diag_plain(d, DIAG_ERROR,
                 "'%s' includes annotated headers ('%s'), whose rewritten copies need a place: write the output "
                 "to a file (-o OUT puts them in OUT.headers/) or name a directory (--headers-out DIR)",
                 tu->files[0].path, file->path);
      return TIRX_USAGE;
    }
    file->out = copy_path(a, tu, dir, file);
    if (!strcmp(file->out, file->real)) {
      diag_plain(d, DIAG_ERROR, "the rewritten copy of '%s' would overwrite it", file->path);
      return TIRX_USAGE;
    }
  }
  return TIRX_OK;
}

static const char *quoted(Arena *a, const char *path) {
  return strpbrk(path, "\"\n\r") ? NULL : arena_printf(a, "\"%s\"", path);
}

const char *tu_include_name(Arena *a, const Tu *tu, int f, int k) {
  const TuFile *file = &tu->files[f];
  const IncludeLine *inc = &file->anns.includes[k];
  int t = file->targets[k];
  if (inc->computed || t < 0) return NULL;  // not the user's, or not ours to know
  const TuFile *target = &tu->files[t];
  const char *from = dir_of(a, file->out);
  if (target->written) return quoted(a, relative(a, from, target->out));
  // Searched from where the file is written, the name must find the same file.
  bool system;
  const char *found = search(a, tu, from, include_name(a, file, inc), inc->angled, &system);
  const char *real = found ? arena_realpath(a, found) : NULL;
  if (real && !strcmp(real, target->real)) return NULL;
  return quoted(a, relative(a, from, target->real));
}

// Whether file f, or a user file it reaches, has a computed #include (or an
// #include_next): what that finds must be parsed, not read from a PCH, so
// that the check of the files the text did not show (driver.c) sees it.
static bool reaches_computed(const Tu *tu, int f, bool *seen) {
  if (seen[f]) return false;
  seen[f] = true;
  const TuFile *file = &tu->files[f];
  for (int k = 0; k < file->anns.nincludes; k++)
    if (file->anns.includes[k].computed || (file->targets[k] > 0 && reaches_computed(tu, file->targets[k], seen)))
      return true;
  return false;
}

size_t tu_preamble_limit(Arena *a, const Tu *tu) {
  const TuFile *main = &tu->files[0];
  bool *seen = arena_alloc(a, sizeof(bool) * (size_t)(tu->n + 1));  // zeroed
  for (int k = 0; k < main->anns.nincludes; k++) {
    int t = main->targets[k];
    if (main->anns.includes[k].computed || (t > 0 && (tu->files[t].written || reaches_computed(tu, t, seen))))
      return main->anns.includes[k].start;
  }
  return (size_t)-1;
}
