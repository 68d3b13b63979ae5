// front.c - libclang parsing and the node table.
#define _GNU_SOURCE
#include "front.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <libgen.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

#include "scan.h"

static size_t view_to_orig(const Front *f, size_t v) {
  // Last stub whose view text starts at or before v.
  int lo = 0, hi = f->nstubs - 1, k = -1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (f->view_start[mid] <= v)
      k = mid, lo = mid + 1;
    else
      hi = mid - 1;
  }
  if (k < 0) return v;
  const Stub *s = &f->stubs[k];
  size_t vend = f->view_start[k] + strlen(s->text);
  if (v < vend) return s->start;
  return s->end + (v - vend);
}

static char *build_view(Front *f, size_t *len) {
  Buf b = {0};
  size_t pos = 0;
  f->view_start = arena_alloc(f->arena, sizeof(size_t) * (size_t)(f->nstubs + 1));
  for (int i = 0; i < f->nstubs; i++) {
    buf_put(&b, f->src->data + pos, f->stubs[i].start - pos);
    f->view_start[i] = b.len;
    buf_puts(&b, f->stubs[i].text);
    pos = f->stubs[i].end;
  }
  buf_put(&b, f->src->data + pos, f->src->len - pos);
  char *view = arena_strndup(f->arena, b.data ? b.data : "", b.len);
  *len = b.len;
  buf_free(&b);
  return view;
}

// Original offset of a location in the main file; false elsewhere.
// (Macro locations count where they are expanded.)
static bool main_offset(const Front *f, CXSourceLocation loc, size_t *off) {
  CXFile file;
  unsigned line, col, o;
  clang_getExpansionLocation(loc, &file, &line, &col, &o);
  if (!file || !clang_File_isEqual(file, f->main_file)) return false;
  *off = view_to_orig(f, o);
  return true;
}

typedef struct {
  Front *f;
  VEC(Node) nodes;
  VEC(int) stack;  // open ancestors, innermost last
  VEC(Range) macros;
} Walk;

static bool is_function(enum CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate ||
         k == CXCursor_Constructor || k == CXCursor_Destructor || k == CXCursor_ConversionFunction ||
         k == CXCursor_LambdaExpr;
}

// Whether off lies in one of the sorted, disjoint ranges r[0..n).
static bool in_ranges(const Range *r, int n, size_t off) {
  int lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (off < r[mid].start)
      hi = mid - 1;
    else if (off >= r[mid].end)
      lo = mid + 1;
    else
      return true;
  }
  return false;
}

static bool in_macro(const Walk *w, size_t off) { return in_ranges(w->macros.items, w->macros.len, off); }

// A node that ends inside a macro use (`x = -INFINITY`) ends where the use does.
static size_t past_macro(const Walk *w, size_t off) {
  int lo = 0, hi = w->macros.len - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    const Range *r = &w->macros.items[mid];
    if (off < r->start)
      hi = mid - 1;
    else if (off >= r->end)
      lo = mid + 1;
    else
      return r->end;
  }
  return off;
}

static enum CXChildVisitResult visit(CXCursor cur, CXCursor parent, CXClientData data) {
  Walk *w = data;
  Front *f = w->f;
  enum CXCursorKind kind = clang_getCursorKind(cur);
  CXSourceRange ext = clang_getCursorExtent(cur);
  size_t start, end;
  if (!main_offset(f, clang_getRangeStart(ext), &start) || !main_offset(f, clang_getRangeEnd(ext), &end))
    return CXChildVisit_Continue;
  if (kind == CXCursor_MacroExpansion) {
    Range r = {start, end};
    VEC_PUSH(f->arena, w->macros, r);
    return CXChildVisit_Continue;
  }
  if (kind == CXCursor_InclusionDirective || kind == CXCursor_MacroDefinition) return CXChildVisit_Continue;
  // Pop ancestors until the parent is on top.
  while (w->stack.len && !clang_equalCursors(w->nodes.items[w->stack.items[w->stack.len - 1]].cur, parent)) {
    int done = w->stack.items[--w->stack.len];
    w->nodes.items[done].last = w->nodes.len - 1;
  }
  end = past_macro(w, end);
  Node n = {.cur = cur, .kind = kind, .start = start, .end = end < start ? start : end, .parent = -1, .func = -1};
  if (w->stack.len) {
    const Node *p = &w->nodes.items[w->stack.items[w->stack.len - 1]];
    n.parent = w->stack.items[w->stack.len - 1];
    n.func = is_function(p->kind) ? n.parent : p->func;
    n.in_template = p->in_template || p->kind == CXCursor_FunctionTemplate || p->kind == CXCursor_ClassTemplate ||
                    p->kind == CXCursor_ClassTemplatePartialSpecialization;
  }
  n.from_macro = in_macro(w, n.start) || (n.end > n.start && in_macro(w, n.end - 1));
  VEC_PUSH(f->arena, w->nodes, n);
  VEC_PUSH(f->arena, w->stack, w->nodes.len - 1);
  return CXChildVisit_Recurse;
}

static void collect_errors(Front *f) {
  VEC(ClangError) errs = {0};
  unsigned n = clang_getNumDiagnostics(f->tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic dg = clang_getDiagnostic(f->tu, i);
    if (clang_getDiagnosticSeverity(dg) >= CXDiagnostic_Error) {
      ClangError e = {0};
      e.in_main = main_offset(f, clang_getDiagnosticLocation(dg), &e.off);
      CXString s = clang_getDiagnosticSpelling(dg);
      e.message = arena_strndup(f->arena, clang_getCString(s), strlen(clang_getCString(s)));
      clang_disposeString(s);
      VEC_PUSH(f->arena, errs, e);
    }
    clang_disposeDiagnostic(dg);
  }
  f->errors = errs.items;
  f->nerrors = errs.len;
}

static void collect_skipped(Front *f) {
  CXSourceRangeList *list = clang_getSkippedRanges(f->tu, f->main_file);
  if (!list) return;
  f->skipped = arena_alloc(f->arena, sizeof(Range) * (list->count + 1));
  for (unsigned i = 0; i < list->count; i++) {
    size_t s, e;
    if (main_offset(f, clang_getRangeStart(list->ranges[i]), &s) &&
        main_offset(f, clang_getRangeEnd(list->ranges[i]), &e)) {
      f->skipped[f->nskipped++] = (Range){s, e};
    }
  }
  clang_disposeSourceRangeList(list);
}

static const Node *sort_nodes;
static int cmp_start(const void *a, const void *b) {
  int i = *(const int *)a, j = *(const int *)b;
  if (sort_nodes[i].start != sort_nodes[j].start) return sort_nodes[i].start < sort_nodes[j].start ? -1 : 1;
  return i - j;
}

static void sort_by_start(Front *f) {
  f->by_start = arena_alloc(f->arena, sizeof(int) * (size_t)(f->nnodes + 1));
  for (int i = 0; i < f->nnodes; i++) f->by_start[i] = i;
  sort_nodes = f->nodes;
  qsort(f->by_start, (size_t)f->nnodes, sizeof(int), cmp_start);
}

// --- the PCH of the headers -----------------------------------------------------
// Most of a parse is spent in headers: clang's CUDA wrapper with the CUDA
// runtime, and the file's own #include lines. Those (the file's preamble) are
// parsed once per preamble, directory, set of flags and clang version, saved
// as a PCH in the cache, and loaded from there; the file's own copy of the
// preamble then finds every header already included.

enum { CACHE_KEEP = 64 };  // PCHs kept in the cache, most recently used first

static uint64_t fnv1a(uint64_t h, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
  return (h ^ 0xff) * 1099511628211ULL;
}

typedef struct {
  const char *path;      // the PCH
  const char *header;    // the name its preamble is parsed under
  const char *preamble;  // the text
  size_t len;
  const char **argv;     // flags for building and loading it
  int argc;
} Pch;

// Appends `-D X=V` and `-U X` as #define / #undef lines: clang drops
// command-line macros when a PCH is loaded after a -U, so the PCH carries them
// and the parse that loads it gets none on its command line.
static bool macro_flag(Buf *b, const char *flag, const char *value) {
  if (!strcmp(flag, "-U")) {
    buf_printf(b, "#undef %s\n", value);
    return true;
  }
  if (strcmp(flag, "-D")) return false;
  const char *eq = strchr(value, '=');
  if (eq)
    buf_printf(b, "#define %.*s %s\n", (int)(eq - value), value, eq + 1);
  else
    buf_printf(b, "#define %s 1\n", value);
  return true;
}

static Pch pch_for(Front *f, const FrontOptions *opt) {
  Pch p = {0};
  Buf text = {0};
  p.argv = arena_alloc(f->arena, sizeof(char *) * (size_t)(opt->argc + 2));
  for (int i = 0; i < opt->argc; i++) {
    const char *a = opt->argv[i];
    if (i + 1 < opt->argc && macro_flag(&text, a, opt->argv[i + 1]))
      i++;
    else if ((!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2)) && a[2])
      macro_flag(&text, (char[3]){a[0], a[1], 0}, a + 2);
    else
      p.argv[p.argc++] = a;
  }
  size_t preamble = lex_preamble_end(f->src);
  if (preamble > opt->preamble_limit) preamble = opt->preamble_limit;
  buf_put(&text, f->src->data, preamble);
  p.len = text.len;
  p.preamble = arena_strndup(f->arena, text.data ? text.data : "", text.len);
  buf_free(&text);
  // Quoted includes of the preamble resolve from the file's directory.
  char *copy = arena_strndup(f->arena, f->src->path, strlen(f->src->path));
  char *dir = realpath(dirname(copy), NULL);
  const char *srcdir = dir ? arena_strndup(f->arena, dir, strlen(dir)) : ".";
  free(dir);
  p.argv[p.argc++] = "-iquote";
  p.argv[p.argc++] = srcdir;
  CXString v = clang_getClangVersion();
  const char *vs = clang_getCString(v);
  uint64_t h = fnv1a(14695981039346656037ULL, vs, strlen(vs));
  clang_disposeString(v);
  h = fnv1a(h, "tirx-pp pch 2", 13);
  for (int i = 0; i < p.argc; i++) h = fnv1a(h, p.argv[i], strlen(p.argv[i]));
  h = fnv1a(h, p.preamble, p.len);
  p.path = arena_printf(f->arena, "%s/%016llx.pch", opt->cache_dir, (unsigned long long)h);
  p.header = arena_printf(f->arena, "%s/%016llx.h", opt->cache_dir, (unsigned long long)h);
  return p;
}

// Keeps the CACHE_KEEP most recently used PCHs.
static void trim_cache(Arena *a, const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  VEC(char *) names = {0};
  VEC(time_t) times = {0};
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 5 || strcmp(e->d_name + n - 4, ".pch")) continue;
    char *path = arena_printf(a, "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(path, &st) != 0) continue;
    VEC_PUSH(a, names, path);
    VEC_PUSH(a, times, st.st_mtime);
  }
  closedir(d);
  while (names.len > CACHE_KEEP) {
    int oldest = 0;
    for (int i = 1; i < names.len; i++)
      if (times.items[i] < times.items[oldest]) oldest = i;
    unlink(names.items[oldest]);
    unlink(arena_printf(a, "%s.deps", names.items[oldest]));
    names.items[oldest] = names.items[--names.len];
    times.items[oldest] = times.items[names.len];
  }
}

static bool has_errors(CXTranslationUnit tu) {
  unsigned n = clang_getNumDiagnostics(tu);
  bool errors = false;
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) errors = true;
    clang_disposeDiagnostic(d);
  }
  return errors;
}

typedef struct {
  Arena *arena;
  VEC(const char *) files;
} Deps;

// Collects the files a TU read, made absolute where they exist.
static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  (void)stack, (void)depth;
  Deps *d = data;
  CXString name = clang_getFileName(file);
  const char *s = clang_getCString(name);
  char *abs = s && *s ? realpath(s, NULL) : NULL;
  if (abs) VEC_PUSH(d->arena, d->files, arena_strndup(d->arena, abs, strlen(abs)));
  free(abs);
  clang_disposeString(name);
}

// The PCH's files are listed beside it (PATH.deps), since a parse that loads
// it does not see them as inclusions; a depfile needs them.
static bool write_pch_deps(Front *f, CXTranslationUnit tu, const char *path) {
  Deps d = {.arena = f->arena};
  clang_getInclusions(tu, add_inclusion, &d);
  char *tmp = arena_printf(f->arena, "%s.deps.tmp.%ld", path, (long)getpid());
  FILE *out = fopen(tmp, "w");
  if (!out) return false;
  for (int i = 0; i < d.files.len; i++) fprintf(out, "%s\n", d.files.items[i]);
  bool ok = fclose(out) == 0 && rename(tmp, arena_printf(f->arena, "%s.deps", path)) == 0;
  if (!ok) unlink(tmp);
  return ok;
}

static void read_pch_deps(Front *f, const char *path) {
  FILE *in = fopen(arena_printf(f->arena, "%s.deps", path), "r");
  if (!in) return;
  VEC(const char *) files = {0};
  char line[4096];
  while (fgets(line, sizeof line, in)) {
    line[strcspn(line, "\n")] = '\0';
    if (*line) VEC_PUSH(f->arena, files, arena_strndup(f->arena, line, strlen(line)));
  }
  fclose(in);
  f->pch_deps = files.items;
  f->npch_deps = files.len;
}

// Builds the PCH into a temporary file and renames it into place, so that
// parallel builds never see half a file.
static bool build_pch(Front *f, const Pch *p) {
  struct CXUnsavedFile unsaved = {p->header, p->preamble, (unsigned long)p->len};
  CXTranslationUnit tu;
  if (clang_parseTranslationUnit2(f->index, p->header, p->argv, p->argc, &unsaved, 1,
                                  CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization, &tu) != CXError_Success)
    return false;
  bool ok = false;
  char *tmp = arena_printf(f->arena, "%s.tmp.%ld", p->path, (long)getpid());
  if (!has_errors(tu) && write_pch_deps(f, tu, p->path) &&
      clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) == CXSaveError_None)
    ok = rename(tmp, p->path) == 0;
  if (!ok) unlink(tmp);
  clang_disposeTranslationUnit(tu);
  return ok;
}

static bool pch_failed(CXTranslationUnit tu) {
  unsigned n = clang_getNumDiagnostics(tu);
  bool failed = false;
  for (unsigned i = 0; i < n && !failed; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) == CXDiagnostic_Fatal) {
      CXString s = clang_getDiagnosticSpelling(d);
      const char *m = clang_getCString(s);
      failed = strstr(m, "PCH") || strstr(m, "precompiled") || strstr(m, "AST file");
      clang_disposeString(s);
    }
    clang_disposeDiagnostic(d);
  }
  return failed;
}

// Parses with the cached PCH when one can be had, else without.
static enum CXErrorCode parse(Front *f, const FrontOptions *opt, struct CXUnsavedFile *unsaved, int nunsaved,
                              unsigned flags) {
  const char *src = f->src->path;
  if (opt->cache_dir) {
    Pch p = pch_for(f, opt);
    bool fresh = false;
    // Some flag sets cannot be served from a PCH (libclang 19 cannot load one
    // made with -std=c++20): a marker remembers that, so nobody pays twice.
    char *unusable = arena_printf(f->arena, "%s.unusable", p.path);
    if (access(unusable, F_OK) == 0) return clang_parseTranslationUnit2(f->index, src, opt->argv, opt->argc, unsaved, (unsigned)nunsaved, flags, &f->tu);
    if (access(p.path, R_OK) == 0 || (fresh = build_pch(f, &p))) {
      const char **argv = arena_alloc(f->arena, sizeof(char *) * (size_t)(p.argc + 2));
      memcpy(argv, p.argv, sizeof(char *) * (size_t)p.argc);
      argv[p.argc] = "-include-pch";
      argv[p.argc + 1] = p.path;
      enum CXErrorCode rc = clang_parseTranslationUnit2(f->index, src, argv, p.argc + 2, unsaved, (unsigned)nunsaved, flags, &f->tu);
      if (rc == CXError_Success && !pch_failed(f->tu)) {
        read_pch_deps(f, p.path);
        if (fresh)
          trim_cache(f->arena, opt->cache_dir);
        else
          utime(p.path, NULL);  // recently used
        return rc;
      }
      if (f->tu) clang_disposeTranslationUnit(f->tu);
      f->tu = NULL;
      unlink(p.path);  // stale (a header changed) or damaged: the next run builds it anew
      FILE *marker = fresh ? fopen(unusable, "w") : NULL;  // made just now, yet cannot be loaded
      if (marker) fclose(marker);
    }
  }
  return clang_parseTranslationUnit2(f->index, src, opt->argv, opt->argc, unsaved, (unsigned)nunsaved, flags, &f->tu);
}

// The node table, errors and skipped blocks of f's file.
static void index_file(Front *f) {
  collect_errors(f);
  collect_skipped(f);
  Walk w = {.f = f};
  clang_visitChildren(clang_getTranslationUnitCursor(f->tu), visit, &w);
  while (w.stack.len) w.nodes.items[w.stack.items[--w.stack.len]].last = w.nodes.len - 1;
  // Macro expansions are listed before the code they expand into, so from_macro
  // is already right; keep the list for later queries too.
  f->nodes = w.nodes.items;
  f->nnodes = w.nodes.len;
  f->macros = w.macros.items;
  f->nmacros = w.macros.len;
  sort_by_start(f);
}

Front **front_parse_files(Arena *a, Diag *d, const FrontFile *files, int n, const FrontOptions *opt) {
  const char *why;
  if (!libclang_load(&why)) {
    diag_plain(d, DIAG_ERROR, "cannot load libclang: %s", why);
    return NULL;
  }
  Front **out = arena_alloc(a, sizeof(Front *) * (size_t)n);
  struct CXUnsavedFile *unsaved = arena_alloc(a, sizeof *unsaved * (size_t)n);
  for (int i = 0; i < n; i++) {
    Front *f = out[i] = arena_alloc(a, sizeof *f);
    f->arena = a;
    f->src = files[i].src;
    f->stubs = files[i].stubs;
    f->nstubs = files[i].nstubs;
    size_t vlen;
    char *view = build_view(f, &vlen);
    unsaved[i] = (struct CXUnsavedFile){f->src->path, view, (unsigned long)vlen};
  }
  Front *f = out[0];
  f->owns_tu = true;
  f->index = clang_createIndex(0, 0);
  unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;
  enum CXErrorCode rc = parse(f, opt, unsaved, n, flags);
  if (rc != CXError_Success || !f->tu) {
    diag_plain(d, DIAG_ERROR, "libclang could not parse '%s' (error %d)", f->src->path, (int)rc);
    front_free(f);
    return NULL;
  }
  for (int i = 0; i < n; i++) {
    out[i]->index = f->index;
    out[i]->tu = f->tu;
    out[i]->pch_deps = f->pch_deps;
    out[i]->npch_deps = f->npch_deps;
    out[i]->main_file = clang_getFile(f->tu, out[i]->src->path);
    index_file(out[i]);
  }
  return out;
}

Front *front_parse(Arena *a, Diag *d, const Source *src, const Stub *stubs, int nstubs, const FrontOptions *opt) {
  Front **f = front_parse_files(a, d, &(FrontFile){src, stubs, nstubs}, 1, opt);
  return f ? f[0] : NULL;
}

void front_free(Front *f) {
  if (!f || !f->owns_tu) return;
  if (f->tu) clang_disposeTranslationUnit(f->tu);
  if (f->index) clang_disposeIndex(f->index);
  f->tu = NULL;
  f->index = NULL;
}

bool front_is_skipped(const Front *f, size_t off) { return in_ranges(f->skipped, f->nskipped, off); }
bool front_in_macro(const Front *f, size_t off) { return in_ranges(f->macros, f->nmacros, off); }

int front_first_at(const Front *f, size_t off) {
  int lo = 0, hi = f->nnodes;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (f->nodes[f->by_start[mid]].start < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < f->nnodes ? f->by_start[lo] : f->nnodes;
}

int front_children(const Front *f, int i, int *out, int max) {
  int n = 0;
  for (int k = i + 1; k <= f->nodes[i].last; k = f->nodes[k].last + 1) {
    if (n < max) out[n] = k;
    n++;
  }
  return n;
}

bool front_is_loop(enum CXCursorKind k) {
  return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_CXXForRangeStmt;
}

static enum CXChildVisitResult find_global_attr(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CUDAGlobalAttr) {
    *(bool *)data = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

bool front_is_kernel(const Front *f, int func) {
  if (func < 0) return false;
  bool global = false;
  clang_visitChildren(f->nodes[func].cur, find_global_attr, &global);
  return global;
}

static enum CXChildVisitResult first_child(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  *(CXCursor *)data = c;
  return CXChildVisit_Break;
}

CXCursor front_strip(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) return c;
    CXCursor child = clang_getNullCursor();
    clang_visitChildren(c, first_child, &child);
    if (clang_Cursor_isNull(child)) return c;
    c = child;
  }
}

bool front_eval_int(CXCursor c, long long *value, bool *is_unsigned) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (!r) return false;
  bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
  if (ok) {
    *is_unsigned = clang_EvalResult_isUnsignedInt(r);
    *value = *is_unsigned ? (long long)clang_EvalResult_getAsUnsigned(r) : clang_EvalResult_getAsLongLong(r);
  }
  clang_EvalResult_dispose(r);
  return ok;
}

int front_dependencies(const Front *f, const char ***out) {
  Deps d = {.arena = f->arena};
  clang_getInclusions(f->tu, add_inclusion, &d);
  for (int i = 0; i < f->npch_deps; i++) VEC_PUSH(d.arena, d.files, f->pch_deps[i]);
  *out = d.files.items;
  return d.files.len;
}

bool front_offset(const Front *f, CXSourceLocation loc, size_t *off) { return main_offset(f, loc, off); }
