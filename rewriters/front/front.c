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
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "hoist.h"
#include "scan.h"
#include "sys.h"

void front_clock_start(FrontClock *c, FILE *out) {
  c->out = out;
  clock_gettime(CLOCK_MONOTONIC, &c->last);
}

void front_lap(FrontClock *c, const char *phase) {
  if (!c || !c->out) return;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  double ms = (double)(now.tv_sec - c->last.tv_sec) * 1e3 + (double)(now.tv_nsec - c->last.tv_nsec) / 1e6;
  fprintf(c->out, "tirx-pp: time: %-12s %7.2f ms\n", phase, ms);
  c->last = now;
}

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

// Where another file includes this one (its #include's file and offset).
typedef struct {
  CXFile file;
  unsigned off;
} IncludedAt;

typedef struct {
  Front *f;
  VEC(Node) nodes;
  VEC(int) stack;  // open ancestors, innermost last
  VEC(Range) macros;
  VEC(IncludedAt) included_at;
} Walk;

bool front_is_function(enum CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate ||
         k == CXCursor_Constructor || k == CXCursor_Destructor || k == CXCursor_ConversionFunction ||
         k == CXCursor_LambdaExpr;
}

// The one of the sorted, disjoint ranges r[0..n) that holds off; NULL if none.
static const Range *range_at(const Range *r, int n, size_t off) {
  int lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (off < r[mid].start)
      hi = mid - 1;
    else if (off >= r[mid].end)
      lo = mid + 1;
    else
      return &r[mid];
  }
  return NULL;
}

static bool in_ranges(const Range *r, int n, size_t off) { return range_at(r, n, off) != NULL; }

static bool in_macro(const Walk *w, size_t off) { return in_ranges(w->macros.items, w->macros.len, off); }

// A node that ends inside a macro use (`x = -INFINITY`) ends where the use does.
static size_t past_macro(const Walk *w, size_t off) {
  const Range *r = range_at(w->macros.items, w->macros.len, off);
  return r ? r->end : off;
}

// An implicit instantiation of a template, which the visit of a translation
// unit whose index leaves out the PCH's declarations (front_parse_files) lists
// beside the top-level declarations: it lies where its template does, unlike
// an explicit specialization. It is not code of the file.
static bool is_instantiation(CXCursor cur) {
  CXCursor t = clang_getSpecializedCursorTemplate(cur);
  return !clang_Cursor_isNull(t) && clang_equalLocations(clang_getCursorLocation(t), clang_getCursorLocation(cur));
}

// Whether the cursor, of another file, spans an #include of this one (a
// file included inside a function body: `#include "body.inc"`).
static bool spans_inclusion(const Walk *w, CXSourceRange ext) {
  CXFile sf, ef;
  unsigned s, e;
  clang_getExpansionLocation(clang_getRangeStart(ext), &sf, NULL, NULL, &s);
  clang_getExpansionLocation(clang_getRangeEnd(ext), &ef, NULL, NULL, &e);
  if (!sf || !ef || !clang_File_isEqual(sf, ef)) return false;
  for (int i = 0; i < w->included_at.len; i++)
    if (clang_File_isEqual(sf, w->included_at.items[i].file) && s <= w->included_at.items[i].off &&
        w->included_at.items[i].off < e)
      return true;
  return false;
}

static enum CXChildVisitResult visit(CXCursor cur, CXCursor parent, CXClientData data) {
  Walk *w = data;
  Front *f = w->f;
  enum CXCursorKind kind = clang_getCursorKind(cur);
  if (clang_getCursorKind(parent) == CXCursor_TranslationUnit && is_instantiation(cur)) return CXChildVisit_Continue;
  CXSourceRange ext = clang_getCursorExtent(cur);
  size_t start, end;
  if (!main_offset(f, clang_getRangeStart(ext), &start) || !main_offset(f, clang_getRangeEnd(ext), &end)) {
    // An enclosing function and statements of the file that includes this
    // one in their midst: nodes that span the whole file, as its context
    // (what encloses a function, a namespace, is read through, as at the top).
    if (!w->included_at.len || kind == CXCursor_MacroExpansion || !spans_inclusion(w, ext))
      return CXChildVisit_Continue;
    if (!front_is_function(kind) && !clang_isStatement(kind)) return CXChildVisit_Recurse;  // a namespace, say
    start = 0, end = f->src->len;
  }
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
    n.func = front_is_function(p->kind) ? n.parent : p->func;
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
  // Errors in the headers of a PCH this parse loaded come first, as in a
  // parse without it.
  for (int i = 0; i < f->npch_errors; i++) VEC_PUSH(f->arena, errs, ((ClangError){.message = (char *)f->pch_errors[i]}));
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
  f->skipped = NULL, f->nskipped = 0;  // a parse after a failed proof of the blanks starts afresh
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

static int cmp_start(const void *a, const void *b, void *nodes) {
  size_t i = ((const Node *)nodes)[*(const int *)a].start, j = ((const Node *)nodes)[*(const int *)b].start;
  return i < j ? -1 : i > j;
}

// Node indices by start, a node before its descendants (which start where it
// does or later): the sort is stable over indices in visit order.
static void sort_by_start(Front *f) {
  f->by_start = arena_alloc(f->arena, sizeof(int) * (size_t)(f->nnodes + 1));
  for (int i = 0; i < f->nnodes; i++) f->by_start[i] = i;
  sort_stable(f->by_start, (size_t)f->nnodes, sizeof(int), cmp_start, f->nodes);
}

// --- the PCH of the headers -----------------------------------------------------
// Most of a parse is spent in headers: clang's CUDA wrapper with the CUDA
// runtime, and the file's own #include lines. Those (the file's preamble) are
// parsed once per preamble, directory, set of flags and clang version, saved
// as a PCH in the cache, and loaded from there; the file's own copy of the
// preamble then finds every header already included.

typedef struct {
  const char *key;       // the cache entry: KEY.pch and what stands beside it
  const char *path;      // the PCH
  const char *header;    // the name its preamble is parsed under
  const char *preamble;  // the text
  size_t len;
  size_t main_len;       // the main file's bytes that the PCH holds: [0, main_len)
  const char **argv;     // flags for building and loading it
  int argc;
  const FrontHoist *hoist;  // the system headers it reads past the preamble (hoist.c); NULL: none
  size_t hoist_at;          // where their lines start in the text
  size_t *line_at;          // where each starts
  bool fresh;               // built by this run
  const char **deps;        // its companions (read_pch_companions)
  int ndeps;
  const char **errors;
  int nerrors;
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

// The line of the PCH's text that reads `-include name` as clang does: from
// where tirx-pp runs, then the -iquote directories (as found, by their real
// paths), then as <name> (the -I, -isystem, system and -idirafter ones); NULL
// for a name that no such line can hold.
static const char *forced_include(Arena *a, const FrontOptions *opt, const char *name) {
  const char *real = arena_realpath(a, name);
  for (int i = 0; !real && name[0] != '/' && i < opt->argc; i++)
    if (!strncmp(opt->argv[i], "-iquote", 7)) {
      const char *dir = opt->argv[i][7] ? opt->argv[i] + 7 : i + 1 < opt->argc ? opt->argv[++i] : "";
      if (*dir) real = arena_realpath(a, arena_printf(a, "%s/%s", dir, name));
    }
  if (real) return strpbrk(real, "\"\n\r") ? NULL : arena_printf(a, "#include \"%s\"\n", real);
  return strpbrk(name, ">\n\r") ? NULL : arena_printf(a, "#include <%s>\n", name);
}

// The PCH of the file's preamble under opt's flags; with hoist, the system
// headers that the user's headers include past the preamble too (hoist.c),
// each line after a comment that names the macros the user's text sets
// before it (so that the key tells apart what hoisted_ok checked).
static Pch pch_for(Front *f, const FrontOptions *opt, const FrontHoist *hoist) {
  Pch p = {.hoist = hoist};
  Buf text = {0}, forced = {0};
  p.argv = arena_alloc(f->arena, sizeof(char *) * (size_t)(opt->argc + 4));
  for (int i = 0; i < opt->argc; i++) {
    const char *a = opt->argv[i];
    // clang reads -include files after the command line's macros: with those
    // in the text, they follow them there.
    const char *line =
        !strcmp(a, "-include") && i + 1 < opt->argc ? forced_include(f->arena, opt, opt->argv[i + 1]) : NULL;
    if (line) {
      buf_puts(&forced, line);
      i++;
    } else if (i + 1 < opt->argc && macro_flag(&text, a, opt->argv[i + 1]))
      i++;
    else if ((!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2)) && a[2])
      macro_flag(&text, (char[3]){a[0], a[1], 0}, a + 2);
    else
      p.argv[p.argc++] = a;
  }
  if (forced.len) buf_put(&text, forced.data, forced.len);
  buf_free(&forced);
  size_t preamble = lex_preamble_end(f->src);
  if (preamble > opt->preamble_limit) preamble = opt->preamble_limit;
  buf_put(&text, f->src->data, preamble);
  p.main_len = preamble;
  if (hoist) {
    if (text.len && text.data[text.len - 1] != '\n') buf_putc(&text, '\n');
    buf_puts(&text, "// tirx-pp: system headers that the user's headers include further on\n");
    p.hoist_at = text.len;
    // What hoisted_ok checks besides the lines, in the key too.
    if (hoist->nguards) buf_puts(&text, "// include guards met:");
    for (int g = 0; g < hoist->nguards; g++)
      buf_printf(&text, " %s%s", hoist->guards[g], g + 1 < hoist->nguards ? "" : "\n");
    for (int r = 0; r < hoist->nassumed; r++) buf_printf(&text, "// read before: %s\n", hoist->assumed[r]);
    p.line_at = arena_alloc(f->arena, sizeof(size_t) * (size_t)(hoist->n + 1));
    for (int k = 0, d = 0; k < hoist->n; k++) {
      if (d < hoist->lines[k].ndefined) {
        buf_puts(&text, "// defined or undefined before:");
        for (; d < hoist->lines[k].ndefined; d++) buf_printf(&text, " %s", hoist->defined[d]);
        buf_putc(&text, '\n');
      }
      p.line_at[k] = text.len;
      buf_printf(&text, "%s\n", hoist->lines[k].line);
    }
  }
  p.len = text.len;
  p.preamble = arena_strndup(f->arena, text.data ? text.data : "", text.len);
  buf_free(&text);
  // Quoted includes of the preamble resolve from the file's directory.
  char *copy = arena_strndup(f->arena, f->src->path, strlen(f->src->path));
  const char *srcdir = arena_realpath(f->arena, dirname(copy));
  if (!srcdir) srcdir = ".";
  p.argv[p.argc++] = "-iquote";
  p.argv[p.argc++] = srcdir;
  // The templates the headers use are instantiated once, into the PCH,
  // rather than by every parse that loads it (half of a small file's parse).
  p.argv[p.argc++] = "-Xclang";
  p.argv[p.argc++] = "-fpch-instantiate-templates";
  CXString v = clang_getClangVersion();
  const char *vs = clang_getCString(v);
  uint64_t h = hash_bytes(14695981039346656037ULL, vs, strlen(vs));
  clang_disposeString(v);
  h = hash_bytes(h, "tirx-pp pch 6", 13);  // 3: may hold clang's errors (.pch.errors); 4: instantiated templates;
  // 5: with the preprocessing record (macro definitions); 6: .names has the hoisted headers' identifiers
  for (int i = 0; i < p.argc; i++) h = hash_bytes(h, p.argv[i], strlen(p.argv[i]));
  h = hash_bytes(h, p.preamble, p.len);
  p.key = arena_printf(f->arena, "%s/%016llx", opt->cache_dir, (unsigned long long)h);
  p.path = arena_printf(f->arena, "%s.pch", p.key);
  p.header = arena_printf(f->arena, "%s/%016llx.h", opt->cache_dir, (unsigned long long)h);
  return p;
}

// --- the cache's size ------------------------------------------------------------
// An entry is KEY.pch with what stands beside it (KEY.pch.deps, .errors,
// .unusable, and for hoisted headers .names or .refused). After an entry is
// written the least recently used entries go until the directory holds at
// most opt->cache_max bytes (a PCH is 7-40 MB).
// A parse that loads a PCH sets its time, so the time is the last use.

typedef struct {
  const char *key;  // the path up to ".pch"
  off_t bytes;
  struct timespec used;  // zero until a file of it is seen
} CacheEntry;

enum { STALE_TEMP_SECONDS = 3600 };  // a temporary this old was left by a crash

// The entry that a cache file belongs to, or NULL for a file not the cache's.
static const char *entry_key(Arena *a, const char *dir, const char *name) {
  const char *pch = strstr(name, ".pch");
  if (!pch || pch == name) return NULL;
  return arena_printf(a, "%s/%.*s", dir, (int)(pch - name), name);
}

typedef VEC(CacheEntry) CacheEntries;

static void add_to_entry(Arena *a, CacheEntries *entries, const char *key, const char *path, const struct stat *st) {
  int i = 0;
  while (i < entries->len && strcmp(entries->items[i].key, key)) i++;
  if (i == entries->len) VEC_PUSH(a, *entries, ((CacheEntry){.key = key}));
  CacheEntry *e = &entries->items[i];
  e->bytes += st->st_size;
  // The PCH's time is the entry's; markers and lists count when alone.
  size_t n = strlen(path);
  if ((n > 4 && !strcmp(path + n - 4, ".pch")) || (!e->used.tv_sec && !e->used.tv_nsec)) e->used = st->st_mtim;
}

static bool earlier(struct timespec a, struct timespec b) {
  return a.tv_sec != b.tv_sec ? a.tv_sec < b.tv_sec : a.tv_nsec < b.tv_nsec;
}

static void remove_entry(Arena *a, const char *key) {
  static const char *const parts[] = {".pch",          ".pch.deps",    ".pch.errors", ".pch.unusable",
                                      ".pch.refused", ".pch.names",   ".pch.pass"};
  for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) unlink(arena_printf(a, "%s%s", key, parts[i]));
}

// Removes the least recently used entries until the directory holds at most
// max bytes of them, and temporaries that crashed runs left behind.
static void trim_cache(Arena *a, const char *dir, size_t max) {
  DIR *d = opendir(dir);
  if (!d) return;
  CacheEntries entries = {0};
  unsigned long long total = 0;
  time_t now = time(NULL);
  struct dirent *de;
  while ((de = readdir(d))) {
    const char *key = entry_key(a, dir, de->d_name);
    char *path = arena_printf(a, "%s/%s", dir, de->d_name);
    struct stat st;
    if (!key || lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
    if (strstr(de->d_name, ".tmp.")) {
      if (now - st.st_mtime > STALE_TEMP_SECONDS) unlink(path);
      continue;  // another run's, still being written
    }
    add_to_entry(a, &entries, key, path, &st);
    total += (unsigned long long)st.st_size;
  }
  closedir(d);
  while (total > max && entries.len) {
    int oldest = 0;
    for (int i = 1; i < entries.len; i++)
      if (earlier(entries.items[i].used, entries.items[oldest].used)) oldest = i;
    remove_entry(a, entries.items[oldest].key);
    total -= (unsigned long long)entries.items[oldest].bytes;
    entries.items[oldest] = entries.items[--entries.len];
  }
}

// --- building and loading a PCH ------------------------------------------------

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
  char *abs = s && *s ? arena_realpath(d->arena, s) : NULL;
  if (abs) VEC_PUSH(d->arena, d->files, abs);
  clang_disposeString(name);
}

// A temporary beside path, its name this process's and this rewrite's (the
// arena: threads of one process may write the same entry at once).
static char *temp_name(Arena *a, const char *path) { return arena_printf(a, "%s.tmp.%ld.%p", path, (long)getpid(), (void *)a); }

// Writes lines[0..n) to path through a temporary (sys_replace_file), so that
// parallel builds never read half a file. Newlines inside a line become spaces.
static bool write_lines(const char *path, const char *const *lines, int n) {
  Buf b = {0};
  for (int i = 0; i < n; i++) {
    for (const char *c = lines[i]; *c; c++) buf_putc(&b, *c == '\n' ? ' ' : *c);
    buf_putc(&b, '\n');
  }
  bool ok = sys_replace_file(path, b.data ? b.data : "", b.len) == 0;
  buf_free(&b);
  return ok;
}

// The lines of path (none when it does not exist).
static const char **read_lines(Arena *a, const char *path, int *n) {
  VEC(const char *) lines = {0};
  FILE *in = fopen(path, "r");
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  while (in && (len = getline(&line, &cap, in)) > 0) {
    if (line[len - 1] == '\n') line[--len] = '\0';
    if (len) VEC_PUSH(a, lines, arena_strndup(a, line, (size_t)len));
  }
  free(line);
  if (in) fclose(in);
  *n = lines.len;
  return lines.items;
}

typedef VEC(const char *) Messages;

// Whether the PCH of this parse may be saved, and clang's errors in it. clang
// 19 rejects some code in headers that nvcc accepts; like its errors in the
// main file outside annotated code, those are nvcc's to judge, so the PCH is
// kept (else every run would parse the headers twice). Not kept: a parse
// that a fatal error cut short (a header not found), or one with an error in
// the preamble's own lines, which belongs to the file and is reported there.
static bool pch_errors(Arena *a, CXTranslationUnit tu, const Pch *p, Messages *out) {
  CXFile preamble = clang_getFile(tu, p->header);
  unsigned n = clang_getNumDiagnostics(tu);
  bool keep = true;
  for (unsigned i = 0; i < n && keep; i++) {
    CXDiagnostic dg = clang_getDiagnostic(tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
    if (sev >= CXDiagnostic_Error) {
      CXFile file;
      clang_getExpansionLocation(clang_getDiagnosticLocation(dg), &file, NULL, NULL, NULL);
      CXString s = clang_getDiagnosticSpelling(dg);
      const char *m = clang_getCString(s);
      keep = sev != CXDiagnostic_Fatal && file && !(preamble && clang_File_isEqual(file, preamble));
      VEC_PUSH(a, *out, arena_strndup(a, m, strlen(m)));
      clang_disposeString(s);
    }
    clang_disposeDiagnostic(dg);
  }
  return keep;
}

// A parse that loads the PCH does not see what went into it again: the files
// it read (PATH.deps, for a depfile) and clang's errors in them
// (PATH.errors, for the note that they may explain tirx-pp's errors).
static bool write_pch_companions(Front *f, CXTranslationUnit tu, const char *path, const Messages *errors) {
  Deps d = {.arena = f->arena};
  clang_getInclusions(tu, add_inclusion, &d);
  const char *deps = arena_printf(f->arena, "%s.deps", path), *errs = arena_printf(f->arena, "%s.errors", path);
  unlink(errs);  // an older build's
  return write_lines(deps, d.files.items, d.files.len) &&
         (!errors->len || write_lines(errs, errors->items, errors->len));
}

static void read_pch_companions(Arena *a, Pch *p) {
  p->deps = read_lines(a, arena_printf(a, "%s.deps", p->path), &p->ndeps);
  p->errors = read_lines(a, arena_printf(a, "%s.errors", p->path), &p->nerrors);
}


// --- hoisted headers (hoist.c says the rule) ------------------------------------------

typedef struct {
  CXFile file;
  int line;  // the hoisted line it is read under; -1: before them
  bool top;  // named by that line itself
} Inclusion;

typedef struct {
  const Pch *p;
  Arena *arena;
  VEC(Inclusion) list;
} Inclusions;

// Each file the PCH's parse entered, in order, with the line it came under.
static void list_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  Inclusions *in = data;
  if (depth == 0) return;  // the PCH's own text
  CXFile from;
  unsigned off;
  clang_getSpellingLocation(stack[depth - 1], &from, NULL, NULL, &off);  // the outermost #include
  CXString name = clang_getFileName(from);
  bool text = from && !strcmp(clang_getCString(name), in->p->header);
  clang_disposeString(name);
  int line = -1;
  if (text && off >= in->p->hoist_at)
    for (int k = 0; k < in->p->hoist->n && in->p->line_at[k] <= off; k++) line = k;
  VEC_PUSH(in->arena, in->list, ((Inclusion){file, line, depth == 1}));
}

// Files by identity (CXFile), each with a value.
typedef struct {
  CXFile *keys;
  int *vals;
  size_t cap;
} FileMap;

// The file's slot: its value, or NULL when it has none and add is false.
// The map holds at most half its capacity (hoisted_ok).
static int *file_slot(FileMap *m, CXFile file, bool add) {
  size_t i = ((uintptr_t)file >> 4) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != file) i = (i + 1) & (m->cap - 1);
  if (!m->keys[i] && !add) return NULL;
  if (!m->keys[i]) m->keys[i] = file, m->vals[i] = -2;
  return &m->vals[i];
}

typedef struct {
  FileMap *first;  // a file's hoisted line, when it is first read under one (else -1)
  Arena *arena;
  Messages *names;
} Names;

static void add_name(Names *n, int line, CXCursor c, const char *ns) {
  CXString s = clang_getCursorSpelling(c);
  const char *name = clang_getCString(s);
  if (name && *name && !strchr(name, ' '))
    VEC_PUSH(n->arena, *n->names,
             ns ? arena_printf(n->arena, "%d %s %s", line, name, ns) : arena_printf(n->arena, "%d %s", line, name));
  clang_disposeString(s);
}

typedef struct {
  Names *n;
  const char *ns;  // the outermost namespace's name; NULL at file scope
} Scope;

// Macros and declarations at file scope and in namespaces (an unscoped
// enum's constants too) of the files first read under a hoisted line.
static enum CXChildVisitResult name_decl(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Scope *sc = data;
  enum CXCursorKind kind = clang_getCursorKind(c);
  if (kind == CXCursor_MacroExpansion || kind == CXCursor_InclusionDirective) return CXChildVisit_Continue;
  if (kind == CXCursor_Namespace || kind == CXCursor_LinkageSpec) {
    Scope inner = *sc;
    if (kind == CXCursor_Namespace && !inner.ns) {
      CXString s = clang_getCursorSpelling(c);
      const char *name = clang_getCString(s);
      inner.ns = arena_strndup(sc->n->arena, name ? name : "", name ? strlen(name) : 0);
      clang_disposeString(s);
      if (!*inner.ns) inner.ns = NULL;  // an anonymous namespace's names are the file's
    }
    clang_visitChildren(c, name_decl, &inner);
    return CXChildVisit_Continue;
  }
  CXFile file;
  clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
  if (!file) return CXChildVisit_Continue;
  const int *line = file_slot(sc->n->first, file, false);
  if (!line || *line < 0) return CXChildVisit_Continue;
  add_name(sc->n, *line, c, kind == CXCursor_MacroDefinition ? NULL : sc->ns);
  if (kind == CXCursor_EnumDecl && !clang_EnumDecl_isScoped(c)) clang_visitChildren(c, name_decl, sc);
  return CXChildVisit_Continue;
}

// Whether the PCH's parse read `real` (a user file) before its hoisted lines.
static bool read_before(CXTranslationUnit tu, const Inclusions *in, const char *real) {
  CXFile file = clang_getFile(tu, real);
  for (int i = 0; file && i < in->list.len; i++)
    if (in->list.items[i].line < 0 && clang_File_isEqual(in->list.items[i].file, file)) return true;
  return false;
}

// Adds `LINE @WORD` to *words for each identifier of a file's text not in
// *seen (rule 4 of hoist.c), and `LINE NAME` to *names for each macro it
// undefines (rule 3: the user's text before the line may use it).
static void add_identifiers(Arena *a, const char *text, size_t size, int line, WordSet *seen, Messages *words,
                            Messages *names) {
  LexText t = {text, size};
  bool line_start = true;
  int undef = 0;  // 1 after a directive's '#', 2 after `# undef`
  LexTok k;
  for (size_t i = 0; lex_next(t, &i, &line_start, &k);) {
    bool ident = k.kind == LEX_IDENT;
    size_t n = k.end - k.start;
    if (ident && undef == 2) VEC_PUSH(a, *names, arena_printf(a, "%d %.*s", line, (int)n, t.s + k.start));
    undef = k.first && k.kind == LEX_PUNCT && t.s[k.start] == '#' ? 1
            : undef == 1 && ident && n == 5 && !memcmp(t.s + k.start, "undef", 5) ? 2
                                                                                  : 0;
    if (ident && wordset_add(seen, t.s + k.start, n, line))
      VEC_PUSH(a, *words, arena_printf(a, "%d @%.*s", line, (int)n, t.s + k.start));
  }
}

// Rule 2 of hoist.c, on the PCH's parse: no macro the user's text sets before
// a hoisted line occurs in a file read under it, and each header a line names
// is include-guarded or was read before. And what the walk of hoist.c took
// for granted: the include guards it met are named nowhere in what the PCH
// reads (its text before the lines: -D, the preamble), and the user's files
// that it skipped as the preamble's were read there. Fills *names with rule
// 3's names, `LINE NAME [NAMESPACE]`, and rule 4's, `LINE @IDENTIFIER`: those
// of the files first read under a line. *why: what failed.
static bool hoisted_ok(Arena *a, CXTranslationUnit tu, const Pch *p, Messages *names, const char **why) {
  Inclusions in = {.p = p, .arena = a};
  clang_getInclusions(tu, list_inclusion, &in);
  for (int r = 0; r < p->hoist->nassumed; r++)
    if (!read_before(tu, &in, p->hoist->assumed[r])) {
      *why = arena_printf(a, "'%s' is not read by the preamble", p->hoist->assumed[r]);
      return false;
    }
  for (int g = 0; g < p->hoist->nguards; g++) {
    const char *m = p->hoist->guards[g];
    bool named = memmem(p->preamble, p->hoist_at, m, strlen(m)) != NULL;
    for (int i = 0; i < in.list.len && !named; i++) {
      size_t size = 0;
      const char *text = clang_getFileContents(tu, in.list.items[i].file, &size);
      named = text && memmem(text, size, m, strlen(m));
    }
    if (named) {
      *why = arena_printf(a, "the include guard '%s' of a user's header is named before it", m);
      return false;
    }
  }
  FileMap first = {.cap = 64};
  while (first.cap < (size_t)in.list.len * 2) first.cap *= 2;
  first.keys = arena_alloc(a, sizeof(CXFile) * first.cap);
  first.vals = arena_alloc(a, sizeof(int) * first.cap);
  WordSet idents;
  wordset_init(&idents, a, 4096);
  Messages words = {0};  // rule 4's, after rule 3's (whose message says more)
  HeaderMacros macros;
  header_macros_init(&macros, a);
  for (int i = 0; i < in.list.len; i++) {
    const Inclusion *inc = &in.list.items[i];
    int *seen = file_slot(&first, inc->file, true);
    bool before = *seen != -2;
    if (!before) *seen = inc->line;
    size_t size = 0;
    const char *text = before ? NULL : clang_getFileContents(tu, inc->file, &size);
    if (text) header_macros_add(&macros, text, size);
    if (inc->line < 0) continue;
    CXString name = clang_getFileName(inc->file);
    const char *path = arena_printf(a, "%s", clang_getCString(name));
    clang_disposeString(name);
    if (inc->top && !before && !clang_isFileMultipleIncludeGuarded(tu, inc->file)) {
      *why = arena_printf(a, "'%s' is not include-guarded", path);
      return false;
    }
    text = clang_getFileContents(tu, inc->file, &size);
    if (text && !before) add_identifiers(a, text, size, inc->line, &idents, &words, names);
    for (int d = 0; text && d < p->hoist->lines[inc->line].ndefined; d++) {
      const char *m = p->hoist->defined[d];
      if (memmem(text, size, m, strlen(m))) {
        *why = arena_printf(a, "'%s' names '%s', a macro that the user's text sets before '%s'", path, m,
                            p->hoist->lines[inc->line].line);
        return false;
      }
    }
  }
  Names n = {.first = &first, .arena = a, .names = names};
  Scope sc = {.n = &n};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), name_decl, &sc);
  for (int i = 0; i < words.len; i++) VEC_PUSH(a, *names, words.items[i]);
  int nmacros = 0;
  const char **lines = header_macros_lines(&macros, &nmacros);
  for (int m = 0; m < nmacros; m++) VEC_PUSH(a, *names, arena_printf(a, "%d %s", p->hoist->n - 1, lines[m]));
  return true;
}

// Rule 3 of hoist.c: whether the user's text before a hoisted line holds a
// name (macro or declaration) that a header read under it brings.
static bool hoist_clash(Front *f, const FrontOptions *opt, const Pch *p) {
  const FrontHoist *h = p->hoist;
  WordSet words, declared;
  wordset_init(&words, f->arena, (size_t)h->nwords);
  for (int i = 0; i < h->nwords; i++) wordset_add(&words, h->words[i], strlen(h->words[i]), i);
  wordset_init(&declared, f->arena, (size_t)h->ndeclared);
  for (int i = 0; i < h->ndeclared; i++) wordset_add(&declared, h->declared[i], strlen(h->declared[i]), i);
  WordSet scoped;
  wordset_init(&scoped, f->arena, (size_t)h->nscoped);
  for (int i = 0; i < h->nscoped; i++) wordset_add(&scoped, h->scoped[i], strlen(h->scoped[i]), i);
  int n;
  const char *path = arena_printf(f->arena, "%s.names", p->path);
  if (access(path, R_OK) != 0) return true;  // the safe side
  const char **lines = read_lines(f->arena, path, &n);
  for (int i = 0; i < n; i++) {
    char *end;
    long k = strtol(lines[i], &end, 10);
    if (k < 0 || k >= h->n || *end != ' ') return true;  // not ours: the safe side
    const char *name = end + 1, *sp = strchr(name, ' ');
    if (*name == '!') {  // a macro with a pragma or __COUNTER__ (header_macros_lines), used before a line
      const int *at = wordset_get(&words, name + 1, strlen(name + 1));
      if (!at || *at >= h->lines[h->n - 1].nwords) continue;
      if (opt->clock && opt->clock->out)
        fprintf(opt->clock->out,
                "tirx-pp: time: (no hoisting: '%s', whose body holds a pragma or __COUNTER__, is used before it)\n",
                name + 1);
      return true;
    }
    if (*name == '?') {  // a macro that may declare a name, used at namespace scope before a line
      const int *at = wordset_get(&scoped, name + 1, strlen(name + 1));
      if (!at || *at >= h->lines[h->n - 1].nscoped) continue;
      if (opt->clock && opt->clock->out)
        fprintf(opt->clock->out,
                "tirx-pp: time: (no hoisting: '%s', a header's macro, is used at namespace scope before it)\n",
                name + 1);
      return true;
    }
    if (*name == '@') {  // rule 4: an identifier of a header read under line k
      const int *at = wordset_get(&declared, name + 1, strlen(name + 1));
      if (!at || *at >= h->lines[k].ndeclared) continue;
      if (opt->clock && opt->clock->out)
        fprintf(opt->clock->out, "tirx-pp: time: (no hoisting: '%s', declared before %s, is named there)\n", name + 1,
                h->lines[k].line);
      return true;
    }
    size_t len = sp ? (size_t)(sp - name) : strlen(name);
    const int *at = wordset_get(&words, name, len);
    if (!at || *at >= h->lines[k].nwords) continue;
    const int *ns = sp ? wordset_get(&words, sp + 1, strlen(sp + 1)) : NULL;
    if (sp && (!ns || *ns >= h->lines[k].nwords)) continue;
    if (opt->clock && opt->clock->out)
      fprintf(opt->clock->out, "tirx-pp: time: (no hoisting: '%.*s' of %s is named before it)\n", (int)len, name,
              h->lines[k].line);
    return true;
  }
  return false;
}

// Builds the PCH into a temporary file and renames it into place, so that
// parallel builds never see half a file. A PCH with hoisted headers that
// fails hoisted_ok (or does not build) leaves KEY.pch.refused, with why.
static bool build_pch(Front *f, Pch *p) {
  struct CXUnsavedFile unsaved = {p->header, p->preamble, (unsigned long)p->len};
  CXTranslationUnit tu;
  // The preprocessing record keeps the PCH's macro definitions: without them
  // clang records no expansion of a macro defined in a header or the preamble
  // (PreprocessingRecord::addMacroExpansion finds no definition), and a node
  // from such a macro (`BAIL;` = `if (a[0]) break`) looks like plain code.
  unsigned flags = CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization |
                   CXTranslationUnit_DetailedPreprocessingRecord;
  const char *why = "it did not parse";
  bool ok = false;
  if (clang_parseTranslationUnit2(f->index, p->header, p->argv, p->argc, &unsaved, 1, flags, &tu) == CXError_Success) {
    Messages errors = {0}, names = {0};
    char *tmp = temp_name(f->arena, p->path);
    if (!pch_errors(f->arena, tu, p, &errors))
      why = "clang could not read the headers";
    else if (p->hoist && !(hoisted_ok(f->arena, tu, p, &names, &why) &&
                           write_lines(arena_printf(f->arena, "%s.names", p->path), names.items, names.len)))
      ;
    else if (write_pch_companions(f, tu, p->path, &errors) &&
             clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) == CXSaveError_None)
      ok = rename(tmp, p->path) == 0;
    if (!ok) unlink(tmp);
    clang_disposeTranslationUnit(tu);
  }
  if (!ok && p->hoist) write_lines(arena_printf(f->arena, "%s.refused", p->path), &why, 1);
  p->fresh = ok;
  return ok;
}

// The main file as a parse that loads the PCH must see it: its preamble
// blanked (newlines kept, so offsets and lines stay), since the PCH has
// already read it. Read twice, a header without an include guard would be
// included twice (llm.c's tokenizer.h: "typedef redefinition"), and every
// guarded one looked up again.
static struct CXUnsavedFile *without_preamble(Front *f, const FrontOptions *opt, const Pch *p,
                                              const struct CXUnsavedFile *unsaved, int n) {
  if (opt->whole_tu || !p->main_len || (f->nstubs && f->stubs[0].start < p->main_len)) return (struct CXUnsavedFile *)unsaved;
  struct CXUnsavedFile *copy = arena_alloc(f->arena, sizeof *copy * (size_t)n);
  memcpy(copy, unsaved, sizeof *copy * (size_t)n);
  char *text = arena_strndup(f->arena, unsaved[0].Contents, unsaved[0].Length);
  for (size_t i = 0; i < p->main_len; i++)
    if (text[i] != '\n' && text[i] != '\r') text[i] = ' ';
  copy[0].Contents = text;
  return copy;
}

static enum CXErrorCode parse_without_pch(Front *f, const FrontOptions *opt, struct CXUnsavedFile *unsaved, int nunsaved,
                                          unsigned flags, const char *lap) {
  enum CXErrorCode rc = clang_parseTranslationUnit2(f->index, f->src->path, opt->argv, opt->argc, unsaved,
                                                    (unsigned)nunsaved, flags, &f->tu);
  front_lap(opt->clock, lap);
  return rc;
}

// Whether p can serve this file's parses: built before, or now. Not when a
// run found that it cannot be loaded (`.unusable`: libclang 19 cannot load
// one made with -std=c++20), nor when its hoisting was refused.
static bool pch_ready(Front *f, const FrontOptions *opt, Pch *p) {
  p->fresh = false;
  if (access(arena_printf(f->arena, "%s.unusable", p->path), F_OK) == 0) return false;
  if (p->hoist && access(arena_printf(f->arena, "%s.refused", p->path), F_OK) == 0) return false;
  if (access(p->path, R_OK) == 0) return true;
  bool ok = build_pch(f, p);
  front_lap(opt->clock, "build-pch");
  return ok;
}

// The PCH that this file's parses load, worked out once per run: with the
// hoisted system headers when hoist.c's rules hold, else the preamble's
// alone; NULL for none.
static Pch *choose_pch(Front *f, const FrontOptions *opt) {
  if (!opt->cache_dir) return NULL;
  Pch *p = arena_alloc(f->arena, sizeof *p);
  if (opt->hoist) {
    *p = pch_for(f, opt, opt->hoist);
    bool ready = pch_ready(f, opt, p);
    bool clash = ready && hoist_clash(f, opt, p);
    if (ready && !clash) read_pch_companions(f->arena, p);
    front_lap(opt->clock, "find-pch");
    if (ready && !clash) return p;
  }
  *p = pch_for(f, opt, NULL);
  bool ready = pch_ready(f, opt, p);
  if (ready) read_pch_companions(f->arena, p);
  front_lap(opt->clock, "find-pch");
  return ready ? p : NULL;
}

// Whether the PCH read each system header that the user's headers include
// further on and that it does not hoist (FrontHoist.rest): then the prescan
// reads no header of unknown size twice.
static bool rest_in_pch(const Pch *p) {
  for (int r = 0; r < p->hoist->nrest; r++) {
    const char *name = p->hoist->rest[r];
    size_t n = strlen(name);
    bool found = false;
    for (int d = 0; d < p->ndeps && !found; d++) {
      size_t len = strlen(p->deps[d]);
      found = len > n && p->deps[d][len - n - 1] == '/' && !strcmp(p->deps[d] + len - n, name);
    }
    if (!found) return false;
  }
  return true;
}

// Parses with the PCH *pch when there is one, else without. A PCH that does
// not load is stale (a header changed since) or damaged: it goes, and the
// PCH is chosen (built) anew, once, for this parse and the next; one made
// just now that does not load is remembered as unusable.
static enum CXErrorCode parse(Front *f, const FrontOptions *opt, Pch **pch, struct CXUnsavedFile *unsaved,
                              int nunsaved, unsigned flags, const char *lap) {
  for (int attempt = 0; *pch && attempt < 2; attempt++) {
    Pch *p = *pch;
    const char **argv = arena_alloc(f->arena, sizeof(char *) * (size_t)(p->argc + 4));
    memcpy(argv, p->argv, sizeof(char *) * (size_t)p->argc);
    int argc = p->argc;
    argv[argc++] = "-include-pch";
    argv[argc++] = p->path;
    argv[argc++] = "-Xclang";  // a PCH with clang's errors in headers (pch_errors)
    argv[argc++] = "-fallow-pch-with-compiler-errors";
    enum CXErrorCode rc = clang_parseTranslationUnit2(f->index, f->src->path, argv, argc,
                                                      without_preamble(f, opt, p, unsaved, nunsaved),
                                                      (unsigned)nunsaved, flags, &f->tu);
    front_lap(opt->clock, lap);
    // A PCH that does not load (missing, damaged, built from an older header
    // or with other options) is libclang's CXError_ASTReadError: its verdict
    // on clang's "AST Deserialization Issue" diagnostics, not on their text.
    if (rc == CXError_Success) {
      f->pch_deps = p->deps, f->npch_deps = p->ndeps;
      f->pch_errors = p->errors, f->npch_errors = p->nerrors;
      if (p->fresh)
        trim_cache(f->arena, opt->cache_dir, opt->cache_max ? opt->cache_max : FRONT_CACHE_MAX);
      else
        utime(p->path, NULL);  // recently used
      p->fresh = false;        // trimmed once
      return rc;
    }
    if (f->tu) clang_disposeTranslationUnit(f->tu);
    f->tu = NULL;
    // Made just now, yet cannot be loaded: remember. (Unless another run's
    // trim_cache took it meanwhile.)
    bool unloadable = p->fresh && access(p->path, F_OK) == 0;
    remove_entry(f->arena, p->key);
    if (unloadable) {
      FILE *marker = fopen(arena_printf(f->arena, "%s.unusable", p->path), "w");
      if (marker) fclose(marker);
      *pch = NULL;
      break;
    }
    *pch = choose_pch(f, opt);
  }
  return parse_without_pch(f, opt, unsaved, nunsaved, flags, lap);
}

// --- host bodies -------------------------------------------------------------------
// The bodies of host functions are most of a file's parse (main() and its
// std::vector: the templates they instantiate, the declarations they read
// back from the PCH), and nothing of them reaches the node table's users
// unless they hold an annotation. A first parse with every body skipped
// (clang keeps constexpr ones and those with a deduced return type: their
// bodies are needed to parse the rest) finds the function definitions
// without __device__ or __global__; their bodies are blanked in the view
// (spaces, line ends kept: every offset stays), unless they hold an
// annotation, a preprocessor directive or _Pragma (which would act on what
// follows). The parse that counts reads the rest, and proves each blank
// right: a body of that very function, else it parses again without blanks.

typedef struct {
  size_t fn, open, close;  // view offsets: the function's start, its body's braces
} Blanked;

typedef struct {
  const Front *f;
  LexText view;
  VEC(Blanked) bodies;
} Hosts;

// The offset in the view of a location in the main file; false elsewhere.
static bool view_offset(const Front *f, CXSourceLocation loc, size_t *off) {
  CXFile file;
  unsigned line, col, o;
  clang_getExpansionLocation(loc, &file, &line, &col, &o);
  if (!file || !clang_File_isEqual(file, f->main_file)) return false;
  *off = o;
  return true;
}

typedef struct {
  const Front *f;
  size_t end;  // past the last child (parameters, types)
  bool body;   // a statement among them: the body was not skipped
} Kids;

static enum CXChildVisitResult kid(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Kids *k = data;
  size_t e;
  if (clang_isStatement(clang_getCursorKind(c))) k->body = true;
  if (view_offset(k->f, clang_getRangeEnd(clang_getCursorExtent(c)), &e) && e > k->end) k->end = e;
  return CXChildVisit_Continue;
}

// The directive at i (a '#' first on its line): its name's letters.
static size_t directive_name(LexText t, size_t i, const char **name) {
  size_t p = i + 1;
  while (p < t.n && (t.s[p] == ' ' || t.s[p] == '\t')) p++;
  size_t e = p;
  while (e < t.n && ((t.s[e] >= 'a' && t.s[e] <= 'z') || (t.s[e] >= 'A' && t.s[e] <= 'Z'))) e++;
  *name = t.s + p;
  return e - p;
}

static bool at_line_start(LexText t, size_t i) {
  while (i > 0 && (t.s[i - 1] == ' ' || t.s[i - 1] == '\t')) i--;
  return i == 0 || t.s[i - 1] == '\n' || t.s[i - 1] == '\r';
}

// Whether a body view[from, to) may be blanked as far as the preprocessor
// goes: no pragma operator, and no directive but whole conditionals (#if ...
// #endif, which change nothing after them); a #define, #include, #pragma or
// #line would act on what follows.
static bool blankable(LexText t, size_t from, size_t to) {
  static const char *const conds[] = {"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else"};
  int depth = 0;
  for (size_t i = from; i < to;) {
    LexKind kind;
    size_t e = lex_token(t, i, &kind);
    if (kind == LEX_IDENT && ((e - i == 7 && !memcmp(t.s + i, "_Pragma", 7)) || (e - i == 8 && !memcmp(t.s + i, "__pragma", 8))))
      return false;
    if (kind == LEX_PUNCT && t.s[i] == '#') {
      const char *name;
      size_t n = directive_name(t, i, &name);
      if (!at_line_start(t, i)) return false;  // '#' outside a directive: not C++ code we know
      if (n == 5 && !memcmp(name, "endif", 5)) {
        if (--depth < 0) return false;
      } else {
        bool cond = false;
        for (size_t c = 0; c < sizeof conds / sizeof *conds && !cond; c++)
          cond = n == strlen(conds[c]) && !memcmp(name, conds[c], n);
        if (!cond) return false;
        if (n >= 2 && name[0] == 'i' && name[1] == 'f') depth++;
      }
    }
    i = e;
  }
  return depth == 0;
}

// Whether view[from, to) holds only blanks, comments, ';' and whole
// directive lines: nothing of a body left over.
static bool only_between(LexText t, size_t from, size_t to) {
  for (size_t i = from; i < to;) {
    LexKind kind;
    size_t e = lex_token(t, i, &kind);
    if (kind == LEX_PUNCT && t.s[i] == '#' && at_line_start(t, i)) {
      while (e < t.n && !lex_eol(t, e)) e += lex_splice(t, e) ? lex_splice(t, e) : 1;
    } else if (kind != LEX_SPACE && kind != LEX_COMMENT && !(kind == LEX_PUNCT && t.s[i] == ';')) {
      return false;
    }
    i = e;
  }
  return true;
}

// bound: where what follows the function starts (the next declaration, or
// the closing brace of the scope around it): its body must end just before.
static void host_body(Hosts *h, CXCursor cur, size_t bound) {
  const Front *f = h->f;
  LexText t = h->view;
  size_t start, end;
  CXSourceRange ext = clang_getCursorExtent(cur);
  if (!view_offset(f, clang_getRangeStart(ext), &start) || !view_offset(f, clang_getRangeEnd(ext), &end) ||
      end > bound || end <= start || (front_space(cur) & FRONT_DEVICE))
    return;
  Kids k = {.f = f, .end = end};
  clang_visitChildren(cur, kid, &k);
  if (k.body) return;
  // The body's brace: the first after the declarator outside parentheses,
  // with no ';' before it; past a constructor's initializers (`: x{a}, y(b)`),
  // the first after a ')' or '}'.
  size_t open = bound;
  int parens = 0;
  bool inits = false;
  char last = 0;  // the last token's first byte, blanks and comments aside
  for (size_t i = k.end; i < bound && open == bound;) {
    LexKind kind;
    size_t e = lex_token(t, i, &kind);
    char c = t.s[i];
    if (kind == LEX_SPACE || kind == LEX_COMMENT) {
      i = e;
      continue;
    }
    if (kind == LEX_IDENT && e - i == 3 && !memcmp(t.s + i, "try", 3)) return;  // a function-try-block
    if (kind == LEX_PUNCT && parens == 0) {
      if (c == ';' || c == '#') return;
      if (c == ':' && last != ':' && (i + 1 >= t.n || t.s[i + 1] != ':')) inits = true;
      if (c == '{' && inits && last != ')' && last != '}') {  // an initializer's
        if (!(e = lex_close(t, i, LEX_BRACKETS, NULL))) return;
        c = '}';
      } else if (c == '{') {
        open = i;
      }
    }
    if (kind == LEX_PUNCT && c == '(') parens++;
    if (kind == LEX_PUNCT && c == ')' && parens > 0) parens--;
    last = c;
    i = e;
  }
  size_t close = open < bound ? lex_close(t, open, LEX_BRACKETS, NULL) : 0;
  if (!close || close > bound || !only_between(t, close, bound) || !blankable(t, open, close)) return;
  close--;  // the closing brace
  for (int i = 0; i < f->nstubs; i++)  // an annotation inside
    if (f->view_start[i] <= close && f->view_start[i] + strlen(f->stubs[i].text) >= open) return;
  VEC_PUSH(f->arena, h->bodies, ((Blanked){start, open, close}));
}

static bool is_scope(enum CXCursorKind k) {
  return k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_ClassDecl || k == CXCursor_StructDecl ||
         k == CXCursor_UnionDecl || k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization;
}

typedef struct {
  const Front *f;
  VEC(CXCursor) decls;
} Level;

static enum CXChildVisitResult level_decl(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  Level *l = data;
  if (clang_isDeclaration(clang_getCursorKind(cur))) VEC_PUSH(l->f->arena, l->decls, cur);
  return CXChildVisit_Continue;
}

static int compare_offsets(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return x < y ? -1 : x > y;
}

// The host bodies among the declarations in scope (the translation unit, a
// namespace, a class) that ends at bound. Each body ends before the nearest
// declaration that starts after its function: the starts, sorted once, are
// searched by halves (a file of thousands of functions stays linear-ish).
static void find_hosts(Hosts *h, CXCursor scope, size_t bound) {
  Level l = {.f = h->f};
  clang_visitChildren(scope, level_decl, &l);
  size_t *starts = arena_alloc(h->f->arena, sizeof(size_t) * (size_t)(l.decls.len + 1)), *at = starts;
  for (int i = 0; i < l.decls.len; i++)
    if (view_offset(h->f, clang_getRangeStart(clang_getCursorExtent(l.decls.items[i])), at)) at++;
  const size_t nstarts = (size_t)(at - starts);
  qsort(starts, nstarts, sizeof *starts, compare_offsets);
  for (int i = 0; i < l.decls.len; i++) {
    CXCursor cur = l.decls.items[i];
    size_t here, end;
    if (!view_offset(h->f, clang_getRangeStart(clang_getCursorExtent(cur)), &here) || is_instantiation(cur)) continue;
    size_t lo = 0, hi = nstarts;  // the first start after here
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (starts[mid] <= here) lo = mid + 1;
      else hi = mid;
    }
    const size_t next = lo < nstarts && starts[lo] < bound ? starts[lo] : bound;
    enum CXCursorKind kind = clang_getCursorKind(cur);
    if (front_is_function(kind) && kind != CXCursor_LambdaExpr)
      host_body(h, cur, next);
    else if (is_scope(kind) && view_offset(h->f, clang_getRangeEnd(clang_getCursorExtent(cur)), &end) && end > 0 &&
             end <= next && h->view.s[end - 1] == '}')
      find_hosts(h, cur, end - 1);
  }
}

// Blanks, in the main file's view (unsaved[0]), the bodies of its host
// functions that the rewrite does not need; returns them (*n), with the
// view's text as it was (*saved), NULL when none.
static const Blanked *blank_host_bodies(Front *f, const FrontOptions *opt, Pch **pch, struct CXUnsavedFile *unsaved,
                                        int nunsaved, unsigned flags, int *n, char **saved) {
  *n = 0;
  *saved = NULL;
  if (parse(f, opt, pch, unsaved, nunsaved, flags | CXTranslationUnit_SkipFunctionBodies, "prescan") != CXError_Success ||
      !f->tu) {
    f->tu = NULL;
    return NULL;
  }
  f->main_file = clang_getFile(f->tu, f->src->path);
  char *view = (char *)unsaved[0].Contents;
  Hosts h = {.f = f, .view = {view, unsaved[0].Length}};
  if (f->main_file) find_hosts(&h, clang_getTranslationUnitCursor(f->tu), h.view.n);
  clang_disposeTranslationUnit(f->tu);
  f->tu = NULL;
  if (h.bodies.len) *saved = arena_strndup(f->arena, view, unsaved[0].Length);
  for (int i = 0; i < h.bodies.len; i++)
    for (size_t p = h.bodies.items[i].open + 1; p < h.bodies.items[i].close; p++)
      if (view[p] != '\n' && view[p] != '\r') view[p] = ' ';
  front_lap(opt->clock, "blank");
  *n = h.bodies.len;
  return h.bodies.items;
}

// Whether each blank is the body of its function in the parse: a compound
// statement from brace to brace whose parent starts where the function does.
static bool blanks_proven(const Front *f, const Blanked *b, int n) {
  for (int i = 0; i < n; i++) {
    size_t open = view_to_orig(f, b[i].open), close = view_to_orig(f, b[i].close), fn = view_to_orig(f, b[i].fn);
    bool found = false;
    for (int k = front_first_pos(f, open); k < f->nnodes && !found; k++) {
      const Node *node = &f->nodes[f->by_start[k]];
      if (node->start != open) break;
      found = node->kind == CXCursor_CompoundStmt && node->end == close + 1 && node->parent >= 0 &&
              front_is_function(f->nodes[node->parent].kind) && f->nodes[node->parent].start == fn;
    }
    if (!found) return false;
  }
  return true;
}

// The node table, errors and skipped blocks of f's file.
static void add_included_at(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  Walk *w = data;
  if (!depth || !clang_File_isEqual(file, w->f->main_file)) return;
  IncludedAt at;
  clang_getExpansionLocation(stack[0], &at.file, NULL, NULL, &at.off);
  if (at.file) VEC_PUSH(w->f->arena, w->included_at, at);
}

static void index_file(Front *f, FrontClock *clock) {
  collect_errors(f);
  front_lap(clock, "errors");
  collect_skipped(f);
  front_lap(clock, "skipped");
  Walk w = {.f = f};
  // A header (not the input) may be included inside a function.
  if (!f->owns_tu) clang_getInclusions(f->tu, add_included_at, &w);
  clang_visitChildren(clang_getTranslationUnitCursor(f->tu), visit, &w);
  front_lap(clock, "visit");
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
  front_lap(opt->clock, "dlopen");
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
  // Declarations from the PCH are left out of the visit (index_file): they
  // lie outside every file of the node table, and reading them back cost a
  // small file's parse a fifth of its time.
  f->index = clang_createIndex(!opt->whole_tu, 0);
  unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;
  // Incomplete: none of the work clang does at the end of a translation
  // unit, which an AST for rewriting does not need and which cost half of a
  // small file's parse: the instantiation of the function templates it uses
  // (their patterns are what we rewrite) and, in CUDA, the check for deferred
  // diagnostics, which reads every function of the PCH back (clang's
  // ASTReader::ReadDeclsToCheckForDeferredDiags). --check's device view
  // (whole_tu) keeps them: it walks the instantiations.
  int nblanked = 0;
  bool indexed = false;  // out[0]'s node table made (to prove the blanks)
  char *saved = NULL;
  const Blanked *blanked = NULL;
  Pch *pch = choose_pch(f, opt);
  if (!opt->whole_tu) {
    flags |= CXTranslationUnit_Incomplete;
    // Only where a PCH serves (else the prescan would read every header
    // again) and, past its text, the parse reads only the user's files.
    if (pch && (pch->hoist ? opt->prescan_hoisted && rest_in_pch(pch) : opt->prescan))
      blanked = blank_host_bodies(f, opt, &pch, unsaved, n, flags, &nblanked, &saved);
  }
  enum CXErrorCode rc = parse(f, opt, &pch, unsaved, n, flags, "parse");
  if (rc == CXError_Success && f->tu && nblanked) {
    f->main_file = clang_getFile(f->tu, f->src->path);
    index_file(f, opt->clock);
    indexed = !opt->doubt_blanks && blanks_proven(f, blanked, nblanked);
    if (!indexed) {
      clang_disposeTranslationUnit(f->tu);
      f->tu = NULL;
      memcpy((char *)unsaved[0].Contents, saved, unsaved[0].Length);
      rc = parse(f, opt, &pch, unsaved, n, flags, "parse-again");
    }
  }
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
    out[i]->pch_errors = f->pch_errors;
    out[i]->npch_errors = f->npch_errors;
    if (i == 0 && indexed) continue;
    out[i]->main_file = clang_getFile(f->tu, out[i]->src->path);
    index_file(out[i], opt->clock);
  }
  return out;
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

int front_first_pos(const Front *f, size_t off) {
  int lo = 0, hi = f->nnodes;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (f->nodes[f->by_start[mid]].start < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

int front_first_at(const Front *f, size_t off) {
  int pos = front_first_pos(f, off);
  return pos < f->nnodes ? f->by_start[pos] : f->nnodes;
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

static enum CXChildVisitResult find_space(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  switch (clang_getCursorKind(c)) {
  case CXCursor_CUDAGlobalAttr: *(unsigned *)data |= FRONT_GLOBAL | FRONT_DEVICE; break;
  case CXCursor_CUDADeviceAttr:
  case CXCursor_CUDAConstantAttr:
  case CXCursor_CUDASharedAttr: *(unsigned *)data |= FRONT_DEVICE; break;
  case CXCursor_CUDAHostAttr: *(unsigned *)data |= FRONT_HOST; break;
  default: break;
  }
  return CXChildVisit_Continue;
}

unsigned front_space(CXCursor decl) {
  unsigned space = 0;
  clang_visitChildren(decl, find_space, &space);
  return space;
}

bool front_is_kernel(const Front *f, int func) { return func >= 0 && (front_space(f->nodes[func].cur) & FRONT_GLOBAL); }

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
