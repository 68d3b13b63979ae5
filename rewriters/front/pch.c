// pch.c - the PCH of the headers: its key, building it, the cache's size,
// loading it; with the system headers that hoist.c says it may read too.
#define _GNU_SOURCE
#include "pch.h"

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

// --- the PCH of the headers -----------------------------------------------------
// Most of a parse is spent in headers: clang's CUDA wrapper with the CUDA
// runtime, and the file's own #include lines. Those (the file's preamble) are
// parsed once per preamble, directory, set of flags and clang version, saved
// as a PCH in the cache, and loaded from there; the file's own copy of the
// preamble then finds every header already included.

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
  FrontDeps d = {.arena = f->arena};
  clang_getInclusions(tu, front_add_inclusion, &d);
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
Pch *pch_choose(Front *f, const FrontOptions *opt) {
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
bool pch_holds_rest(const Pch *p) {
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
enum CXErrorCode pch_parse(Front *f, const FrontOptions *opt, Pch **pch, struct CXUnsavedFile *unsaved,
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
    *pch = pch_choose(f, opt);
  }
  return parse_without_pch(f, opt, unsaved, nunsaved, flags, lap);
}
