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
      unsigned line, col;
      clang_getExpansionLocation(clang_getDiagnosticLocation(dg), &file, &line, &col, NULL);
      CXString s = clang_getDiagnosticSpelling(dg), name = clang_getFileName(file);
      const char *m = clang_getCString(s);
      keep = sev != CXDiagnostic_Fatal && file && !(preamble && clang_File_isEqual(file, preamble));
      // The header's place with the message: the note that repeats it names no other.
      VEC_PUSH(a, *out,
               file ? arena_printf(a, "%s:%u:%u: %s", sys_shown_path(a, clang_getCString(name)), line, col, m)
                    : arena_strndup(a, m, strlen(m)));
      clang_disposeString(s);
      clang_disposeString(name);
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
    HoistPch hoisted = {p->header, p->preamble, p->hoist, p->hoist_at, p->line_at};
    if (!pch_errors(f->arena, tu, p, &errors))
      why = "clang could not read the headers";
    else if (p->hoist && !(hoisted_ok(f->arena, tu, &hoisted, &names, &why) &&
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

// KEY.pch.names, what hoisted_ok found for hoist_clash; *n = -1 when it is not there.
static const char **pch_names(Arena *a, const Pch *p, int *n) {
  const char *path = arena_printf(a, "%s.names", p->path);
  *n = -1;
  return access(path, R_OK) == 0 ? read_lines(a, path, n) : NULL;
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
    int nnames = -1;
    const char **names = ready ? pch_names(f->arena, p, &nnames) : NULL;
    bool clash = ready && hoist_clash(f, opt, p->hoist, names, nnames);
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
