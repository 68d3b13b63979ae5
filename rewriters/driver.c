// driver.c - the pipeline: scan, parse the view with libclang, attach each
#define _GNU_SOURCE
// annotation to its statement, let the constructs add edits, render.
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ast.h"
#include "concurrency.h"
#include "device.h"
#include "driver.h"
#include "grid.h"
#include "hint.h"
#include "hoist.h"
#include "lex.h"
#include "kernel.h"
#include "launch.h"
#include "loops.h"
#include "parse.h"
#include "stub.h"
#include "thread.h"
#include "tirxpp.h"
#include "pass.h"
#include "tu.h"
#include "unroll.h"
#include "vectorize.h"

static bool is_statement_annotation(const Annotation *an) { return an->spelling != SPELL_CALL; }

static bool read_directive(Arena *a, Diag *d, Annotation *an) {
  if (an->spelling == SPELL_MACRO) return pragma_from_macro(a, d, an->name, an->args, an->has_args, &an->dir);
  return pragma_parse(a, d, an->text, &an->dir);
}

// The stubs of the view. Each statement annotation's directive is read here,
// once; what is wrong with it is held in reads[i] (tried[i]) until the parse
// tells whether to report it (attach_all: skipped blocks say nothing).
static Stub *make_stubs(Ctx *c, AnnotationList *anns, Diag *reads, bool *tried, int *n) {
  const Diag *d = c->diag;
  Stub *stubs = arena_alloc(c->arena, sizeof(Stub) * (size_t)(anns->len + 1));
  size_t last_end = 0;
  *n = 0;
  for (int i = 0; i < anns->len; i++) {
    Annotation *an = &anns->items[i];
    if (an->start < last_end) continue;
    const char *text;
    if (an->bad)
      text = "";
    else if (!is_statement_annotation(an))
      text = stub_call(c, an);
    else {
      reads[i] = (Diag){.src = c->src, .out = d->out, .werror = d->werror, .remarks = d->remarks, .color = d->color};
      tried[i] = true;
      text = (an->read = read_directive(c->arena, &reads[i], an)) ? stub_directive(c, an) : "";
    }
    stubs[(*n)++] = (Stub){an->start, an->end, text};
    last_end = an->end;
  }
  return stubs;
}

static bool is_statement_kind(enum CXCursorKind k) {
  return clang_isStatement(k) || clang_isExpression(k) || k == CXCursor_DeclStmt;
}

// The statement annotation that starts at off (annotations are in file order).
static const Annotation *annotation_at(const AnnotationList *anns, size_t off) {
  int lo = 0, hi = anns->len;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (anns->items[mid].start < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (; lo < anns->len && anns->items[lo].start == off; lo++)
    if (is_statement_annotation(&anns->items[lo])) return &anns->items[lo];
  return NULL;
}

// A construct that puts its statement in a scope of its own (a branch, a
// loop) cannot take a declaration: `#pragma tirx elect` then `int x = f();`
// would declare x inside the branch, unknown to what follows. The others
// check what they need themselves (a loop, a block) or keep the scope.
static bool declaration_allowed(Ctx *c, const Annotation *an, int node, size_t pos) {
  DirKind k = an->dir.kind;
  if (k != DIR_ELECT && k != DIR_GRID && k != DIR_PERSISTENT) return true;
  const Node *n = node_at(c, node);
  const char *first = NULL;
  size_t used = 0;
  for (int i = node + 1; i <= n->last; i++) {
    if (node_at(c, i)->parent != node || node_at(c, i)->kind != CXCursor_VarDecl) continue;
    CXString s = clang_getCursorSpelling(node_at(c, i)->cur);
    const char *name = arena_printf(c->arena, "%s", clang_getCString(s));
    clang_disposeString(s);
    // clang's word on its uses after the declaration ("undeclared
    // identifier") is this error's: a note at the first, for the first name.
    const char *undeclared = arena_printf(c->arena, "use of undeclared identifier '%s'", name);
    for (int e = 0; e < c->front->nerrors; e++) {
      ClangError *ce = &c->front->errors[e];
      if (!ce->in_main || ce->off < n->end || !ce->message || strcmp(ce->message, undeclared)) continue;
      if (!first && !used) used = ce->off + 1;
      ce->message = NULL;
    }
    if (!first) first = name;
  }
  if (!first) {
    diag_error(c->diag, pos,
               "expected a statement after '%s', not a declaration: what it declares would be inside the construct "
               "and unknown after it", spelling_of(an));
    return false;
  }
  diag_error(c->diag, pos,
             "expected a statement after '%s', not a declaration: '%s' would be declared inside the construct and "
             "unknown after it", spelling_of(an), first);
  if (used) diag_note(c->diag, used - 1, "'%s' is used here, after it", first);
  diag_note(c->diag, pos, "declare '%s' before '%s' and assign it in a statement under it", first, spelling_of(an));
  return false;
}

// Forgets clang's errors in [from, to) of the main file: tirx-pp has said
// what is wrong there.
static void forget_clang_errors(Ctx *c, size_t from, size_t to) {
  for (int i = 0; i < c->front->nerrors; i++) {
    ClangError *e = &c->front->errors[i];
    if (e->in_main && e->off >= from && e->off < to) e->message = NULL;
  }
}

// Forgets clang's errors in an annotation that could not be read and after
// it in its function: its stub declared nothing (a grid's index), so clang's
// word there ("use of undeclared identifier 'i'") would only follow.
static void forget_errors_after(Ctx *c, const Annotation *an) {
  int func = function_at(c, an->start);
  forget_clang_errors(c, an->start, func >= 0 ? node_at(c, func)->end : an->end);
}

// Whether clang reported an error in the main file before off (then a
// function around off may be one it could not parse).
static bool clang_error_before(const Ctx *c, size_t off) {
  for (int i = 0; i < c->front->nerrors; i++)
    if (c->front->errors[i].in_main && c->front->errors[i].off < off) return true;
  return false;
}

// Clang's first error on the line that starts at pos, as the error: the
// statement after an annotation that clang could not parse (an undeclared
// kernel) is missing because of it. False when there is none.
static bool report_clang_error_on_line(Ctx *c, size_t pos) {
  size_t eol = pos;
  while (eol < c->src->len && c->src->data[eol] != '\n' && c->src->data[eol] != '\r') eol++;
  for (int i = 0; i < c->front->nerrors; i++) {
    ClangError *e = &c->front->errors[i];
    // "expected statement": the stub's complaint that nothing follows it
    if (!e->in_main || !e->message || e->off < pos || e->off >= eol || !strncmp(e->message, "expected ", 9)) continue;
    diag_error(c->diag, e->off, "%s", e->message);
    e->message = NULL;  // once
    return true;
  }
  return false;
}

// The first preprocessor conditional directive in [from, to) of the file
// whose other half lies outside it (an #else or #endif of an #if before
// from, an #if whose #endif comes after to), its name in *name; (size_t)-1
// when they all pair up inside. A construct copies or wraps that range:
// a conditional split by its edge would split the output's.
static size_t split_conditional(const Source *src, size_t from, size_t to, Span *name) {
  LexText t = {src->data, to};
  size_t i = from, open = (size_t)-1;
  bool line_start = false;
  int depth = 0;
  LexTok tok, word;
  while (lex_next(t, &i, &line_start, &tok)) {
    if (tok.kind != LEX_PUNCT || src->data[tok.start] != '#' || !tok.first) continue;
    size_t j = i;
    if (!lex_next(t, &j, &line_start, &word) || word.kind != LEX_IDENT) continue;
    *name = (Span){src->data + word.start, word.end - word.start, word.start};
    bool opens = span_eq(*name, "if") || span_eq(*name, "ifdef") || span_eq(*name, "ifndef");
    bool closes = span_eq(*name, "endif"), middle = span_eq(*name, "else") || span_eq(*name, "elif") ||
                                                    span_eq(*name, "elifdef") || span_eq(*name, "elifndef");
    if (opens && depth++ == 0) open = tok.start;
    if ((closes || middle) && depth == 0) return tok.start;
    if (closes) depth--;
    i = j;
  }
  if (depth > 0) {
    LexText line = {src->data, src->len};
    size_t k = open + 1;
    bool ls = false;
    lex_next(line, &k, &ls, &word);
    *name = (Span){src->data + word.start, word.end - word.start, word.start};
    return open;
  }
  return (size_t)-1;
}

// The last line before off that holds more than blanks and comments: its
// first token's offset, and its end in *end (a comment between nvcc's
// pragma and the annotation changes nothing for nvcc). off itself when none.
static size_t previous_code_line(const Source *src, size_t off, size_t *end) {
  size_t line = off;
  *end = off;
  while (line > 0 && src->data[line - 1] != '\n') line--;
  while (line > 0) {
    size_t e = line - 1, ls = e;  // the line before: [ls, e)
    while (ls > 0 && src->data[ls - 1] != '\n') ls--;
    size_t t = e;
    while (t > ls && (src->data[t - 1] == ' ' || src->data[t - 1] == '\t' || src->data[t - 1] == '\r')) t--;
    if (t >= ls + 2 && src->data[t - 2] == '*' && src->data[t - 1] == '/') {  // a block comment's end: from its start
      size_t open = t - 2;                                                    // the '*' of its "/*"
      while (open > 0 && !(src->data[open - 1] == '/' && src->data[open] == '*')) open--;
      if (open > 0 && open - 1 < ls) {
        ls = open - 1;
        while (ls > 0 && src->data[ls - 1] != '\n') ls--;
      }
    }
    size_t first = lex_skip_blank(src, ls);
    if (first < e) {
      *end = e;
      return first;
    }
    line = ls;
  }
  return off;
}

// Whether the text at [at, end) is nvcc's unroll pragma, `#pragma unroll N`
// (or nounroll) or `_Pragma("unroll N")`: *word and *word_end are its word
// and what follows it on the line.
static bool is_unroll_pragma(const Source *src, size_t at, size_t end, size_t *word, size_t *word_end) {
  LexText t = {src->data, end};
  size_t w;
  if (src->data[at] == '#') {
    size_t p = lex_skip_blank(src, at + 1);
    if (end - p < 6 || memcmp(src->data + p, "pragma", 6)) return false;
    w = lex_skip_blank(src, p + 6);
  } else {
    size_t p = lex_skip_blank(src, at + 7);
    if (end - at < 8 || memcmp(src->data + at, "_Pragma", 7) || p >= end || src->data[p] != '(') return false;
    p = lex_skip_blank(src, p + 1);
    if (p >= end || src->data[p] != '"') return false;
    w = p + 1;
    while (w < end && (src->data[w] == ' ' || src->data[w] == '\t')) w++;
  }
  if (text_find_word(t, w, "unroll", 6) != w && text_find_word(t, w, "nounroll", 8) != w) return false;
  size_t e = w;
  while (e < end && src->data[e] != '"' && src->data[e] != '\n' && src->data[e] != '\r' &&
         !(src->data[e] == '/' && e + 1 < end && (src->data[e + 1] == '/' || src->data[e + 1] == '*')))
    e++;
  while (e > w && (src->data[e - 1] == ' ' || src->data[e - 1] == '\t')) e--;
  *word = w;
  *word_end = e;
  return true;
}

// A `#pragma unroll` (or nounroll, or its _Pragma form) on the last line
// before a construct whose output does not start with a loop: nvcc would
// apply it to what tirx-pp writes there ("#pragma unroll must precede a
// loop"), and its count would be lost. True when reported.
static bool unroll_pragma_before(Ctx *c, const Annotation *an) {
  DirKind kind = an->dir.kind;
  if (an->spelling == SPELL_CALL ||
      (kind != DIR_UNROLL && kind != DIR_VECTORIZE && kind != DIR_GRID && kind != DIR_PERSISTENT))
    return false;
  if (grid_output_starts_with_loop(an)) return false;  // it takes the pragma as nvcc would
  size_t end, w, we, at = previous_code_line(c->src, an->start, &end);
  if (at >= an->start || !is_unroll_pragma(c->src, at, end, &w, &we)) return false;
  const char *advice = kind == DIR_UNROLL      ? "remove it: '#pragma tirx unroll' unrolls the loop itself"
                       : kind == DIR_VECTORIZE ? "remove it: the scalar loop that vectorize keeps gets a '#pragma "
                                                 "unroll' of its own"
                       : kind == DIR_GRID      ? "remove it, and unroll grid's loops with its 'unroll' clause"
                                               : "remove it: the walk over groups starts with their table";
  bool op_form = c->src->data[at] == '_';  // _Pragma("unroll 2")
  diag_error(c->diag, at,
             "'%s%.*s%s' before '%s' would apply to the code tirx-pp writes in place of the loop, which does not "
             "start with a loop (nvcc warns that '#pragma unroll must precede a loop'); %s",
             op_form ? "_Pragma(\"" : "#pragma ", (int)(we - w), c->src->data + w, op_form ? "\")" : "",
             spelling_of(an), advice);
  return true;
}

// The statement that follows an annotation (past other annotations on it).
static bool attach(Ctx *c, const Annotation *an, Stmt *st) {
  if (unroll_pragma_before(c, an)) return false;
  size_t pos = an->end;
  for (;;) {
    pos = lex_skip_blank(c->src, pos);
    const Annotation *next = annotation_at(c->anns, pos);
    if (!next || pos >= c->src->len) break;
    pos = next->end;
  }
  int node = front_first_at(c->front, pos);
  const Node *n = node < c->front->nnodes ? node_at(c, node) : NULL;
  if (!n || n->start != pos || !is_statement_kind(n->kind) || n->parent < 0 ||
      !clang_isStatement(node_at(c, n->parent)->kind)) {
    if (function_at(c, an->start) < 0 && !clang_error_before(c, an->start)) {  // else a function clang lost
      // clang's word on the stub at file scope would only follow
      diag_error(c->diag, an->start, "'%s' must be inside a function body", spelling_of(an));
      forget_clang_errors(c, an->start, an->end);
      return false;
    }
    if (report_clang_error_on_line(c, pos)) return false;
    if (pos < c->src->len && c->src->data[pos] == '#') {
      diag_error(c->diag, pos,
                 "a preprocessor directive stands between '%s' and its statement: put it (and the conditional it "
                 "belongs to) inside the statement's braces",
                 spelling_of(an));
      return false;
    }
    if (pos < c->src->len && front_in_macro(c->front, pos)) {  // KERNEL(k, { TIRX_UNROLL for (...) ... })
      diag_error(c->diag, an->start,
                 "'%s' is in the argument of a macro: its statement is what the macro's expansion makes of it, "
                 "which tirx-pp cannot rewrite in place; write the annotated code outside the macro's arguments",
                 spelling_of(an));
      return false;
    }
    diag_error(c->diag, pos < c->src->len ? pos : an->start, "expected a statement after '%s'", spelling_of(an));
    return false;
  }
  if (n->kind == CXCursor_DeclStmt && !declaration_allowed(c, an, node, pos)) return false;
  // Lowered, a region is more than its block (the regions after it chain to
  // it, inthreads ends with a barrier), and its stub already stood in for the
  // body in clang's parse (what the block declares or reads would not be found).
  const char *control =
      (an->dir.kind == DIR_ASYNC || an->dir.kind == DIR_INTHREADS) ? unbraced_body_of(c, an->start) : NULL;
  if (control) {
    diag_error(c->diag, an->start,
               "'%s' is the body of '%s' without braces: a region's lowering (the regions chained after it, "
               "the barrier after an inthreads) would not stay inside the '%s'; put braces around the region",
               spelling_of(an), control, control);
    forget_clang_errors(c, an->start, stmt_end(c, node));
    return false;
  }
  *st = (Stmt){node, n->start, stmt_end(c, node)};
  if (front_in_macro(c->front, n->start) || st->end <= st->start) {
    diag_error(c->diag, pos, "the statement after '%s' comes from a macro expansion; tirx-pp rewrites only what "
                             "is written in the file", spelling_of(an));
    return false;
  }
  Span directive;
  size_t split = split_conditional(c->src, st->start, st->end, &directive);
  if (split != (size_t)-1) {
    diag_error(c->diag, split,
               "'#%.*s' belongs to a preprocessor conditional that crosses the end of the statement under '%s' "
               "(an unbraced body between '#if' and '#else'?): the construct copies or wraps the statement, and "
               "would split the conditional; put the whole conditional inside braces",
               (int)directive.len, directive.s, spelling_of(an));
    return false;
  }
  return true;
}

// The rewriters of the statement constructs, by their row in constructs.def
// (0 for structured concurrency's: rewrite_concurrency lowers them).
typedef void RewriteFn(Ctx *c, const Annotation *an, Stmt st);
static RewriteFn *const rewriters[DIR_COUNT] = {
#define TIRX_DIRECTIVE(NAME, KIND, CLASS, CLAUSES, STUB, REWRITE, ...) [KIND] = REWRITE,
#include "constructs.def"
};

static void rewrite_statement(Ctx *c, const Annotation *an, Stmt st) {
  RewriteFn *rewrite = rewriters[an->dir.kind];
  if (rewrite)
    rewrite(c, an, st);
  else
    diag_at(c->diag, DIAG_ERROR, an->dir.head.name.off, an->dir.head.name.len,
            "'%s' is not supported by this version of tirx-pp", spelling_of(an));
}

// Clang's errors inside annotated code are ours to report: we cannot rewrite
// what does not parse. Errors elsewhere belong to nvcc.
// Returns false when there were any.
// Where to point at clang's error e: clang's position in an annotation's
// stub reads as the annotation's start, so an error there that quotes a name
// ("use of undeclared identifier 'cols'") points at that name in the
// annotation's text when it stands there.
static size_t clang_error_at(const Ctx *c, const ClangError *e, const Annotation *an) {
  const char *q = e->message && e->off == an->start ? strchr(e->message, '\'') : NULL;
  const char *close = q ? strchr(q + 1, '\'') : NULL;
  if (!close || close == q + 1) return e->off;
  size_t at = text_find_word((LexText){c->src->data, an->end}, an->start, q + 1, (size_t)(close - q - 1));
  return at < an->end ? at : e->off;
}

static bool report_clang_errors(Ctx *c, const Annotation *an, size_t end) {
  bool clean = true;
  size_t start = an->start;
  for (int i = 0; i < c->front->nerrors; i++) {
    ClangError *e = &c->front->errors[i];
    if (e->in_main && e->off >= start && e->off < end) {
      clean = false;
      if (e->message) diag_error(c->diag, clang_error_at(c, e, an), "%s", e->message);
      e->message = NULL;  // once
    }
  }
  return clean;
}

// Forgets clang's "use of undeclared identifier 'NAME'" past `from`: the
// annotation that meant to declare NAME was refused, with its reason.
static void drop_undeclared(Ctx *c, size_t from, Span name) {
  if (!name.len) return;
  const char *undeclared = arena_printf(c->arena, "use of undeclared identifier '%.*s'", (int)name.len, name.s);
  for (int i = 0; i < c->front->nerrors; i++) {
    ClangError *e = &c->front->errors[i];
    if (e->in_main && e->off >= from && e->message && !strcmp(e->message, undeclared)) e->message = NULL;
  }
}

// When a construct failed while clang could not parse some other part of the
// file (a missing header, say), that may be why: point at the first such error.
static void note_clang_errors(Ctx *c) {
  for (int i = 0; i < c->front->nerrors; i++) {
    ClangError *e = &c->front->errors[i];
    if (!e->message) continue;
    if (e->in_main)
      diag_note(c->diag, e->off, "clang could not parse all of this file, which may explain the errors above: %s",
                e->message);
    else
      diag_plain(c->diag, DIAG_NOTE, "clang could not parse all of this file, which may explain the errors above: %s",
                 e->message);
    return;
  }
}

// The clang shim's declarations (headers/tirx/clang-shim/tirx_intrinsics.h),
// or an empty file where the headers are not.
static const char *shim_or_nothing(Arena *a, const char *hdr) {
  const char *shim = arena_printf(a, "%s/tirx/clang-shim/tirx_intrinsics.h", hdr);
  return access(shim, R_OK) == 0 ? shim : "/dev/null";
}

static void build_args(Arena *a, const TirxOptions *opt, bool host, FrontOptions *fo) {
  const char *cuda = opt->cuda_path ? opt->cuda_path : "/usr/local/cuda";
  const char *hdr = opt->header_dir ? opt->header_dir : ".";
  const char *fixed[] = {
      "-x", "cuda", host ? "--cuda-host-only" : "--cuda-device-only",
      arena_printf(a, "--cuda-gpu-arch=%s", opt->arch ? opt->arch : "sm_90a"),
      arena_printf(a, "--cuda-path=%s", cuda), "-nocudalib",
      arena_printf(a, "-std=%s", opt->std ? opt->std : "c++17"), "-w", "-Wno-unknown-cuda-version",
      "-ferror-limit=0",
      // clang 19 does not know CUDA 13's version; without one it looks for
      // the pre-9.2 cudaConfigureCall and no `<<<...>>>` launch parses.
      "-Xclang", "-target-sdk-version=12.5", "-idirafter", arena_printf(a, "%s/tirx/clang-shim", hdr),
      // What nvcc's headers declare and clang's CUDA wrapper leaves out;
      // nothing when there are no headers (header_dir NULL).
      "-include", shim_or_nothing(a, hdr),
      "-isystem", arena_printf(a, "%s/include/cccl", cuda), "-I", hdr, "-D__TIRX_PP__=1",
  };
  int nf = (int)(sizeof fixed / sizeof *fixed);
  fo->argv = arena_alloc(a, sizeof(char *) * (size_t)(nf + opt->nclang_args + 1));
  for (int i = 0; i < nf; i++) fo->argv[i] = fixed[i];
  for (int i = 0; i < opt->nclang_args; i++) fo->argv[nf + i] = opt->clang_args[i];
  fo->argc = nf + opt->nclang_args;
  fo->cache_dir = opt->cache_dir;
  fo->cache_max = opt->cache_max;
}

bool tu_annotated_untrapped(const TirxOptions *opt, const char *data, size_t len) {
  Arena *a = arena_new();
  bool any = false;
  if (!pass_known(a, opt, data, len, NULL)) {  // else nothing has changed since the last "no"
    const Source *src = source_new(a, opt->path, data, len);
    Tu tu;
    Probes probes = {0};
    tu_read_probed(a, opt, src, scan_annotations(a, src), &tu, &probes);
    any = tu_annotated(&tu) || tu.computed;
    if (!any) pass_remember(a, opt, data, len, &probes, NULL);
  }
  arena_free(a);
  return any;
}

bool has_annotations_untrapped(const char *data, size_t len) {
  Arena *a = arena_new();
  Source *src = source_new(a, "", data, len);
  bool any = scan_annotations(a, src).len > 0;
  arena_free(a);
  return any;
}

static void set_deps(TirxResult *out, const char *input, const char **files, int n) {
  out->deps = xmalloc(sizeof(char *) * (size_t)(n + 1));
  // Counted only once made: an allocation that fails jumps out of here, and
  // the result is freed up to ndeps.
  char *dep = xstrdup(input);
  out->deps[out->ndeps++] = dep;
  for (int i = 0; i < n; i++)
    if (strcmp(files[i], input)) {
      dep = xstrdup(files[i]);
      out->deps[out->ndeps++] = dep;
    }
}

void tirx_result_free(TirxResult *r) {
  buf_free(&r->text);
  buf_free(&r->device);
  buf_free(&r->unchecked);
  buf_free(&r->inlined);
  for (int i = 0; i < r->ndeps; i++) free(r->deps[i]);
  free(r->deps);
  for (int i = 0; i < r->nheaders; i++) {
    free(r->headers[i].orig);
    free(r->headers[i].out);
    buf_free(&r->headers[i].text);
  }
  free(r->headers);
  *r = (TirxResult){0};
}

static bool names_tirx_h(const char *path) {
  const char *base = strrchr(path, '/');
  return !strcmp(base ? base + 1 : path, "tirx.h");
}

static int finish(Ctx *c, const TirxOptions *opt, const AnnotationList *anns, Buf *out) {
  if (!edit_finish(c->edits, c->diag)) return TIRX_INPUT_ERROR;
  if (c->needs_tirx_h && !anns->includes_tirx_h && names_tirx_h(c->src->path)) {
    diag_plain(c->diag, DIAG_ERROR,
               "'%s' is annotated and named tirx.h: its rewritten copy would include \"tirx.h\" for tirx-pp's "
               "calls and find itself; give it another name",
               c->src->path);
    return TIRX_INPUT_ERROR;
  }
  Render r;
  render_init(&r, c->src, c->edits, opt->no_line);
  r.path_literal = c->path_literal;
  // A UTF-8 byte order mark stays first: before a directive it would be text.
  size_t from = c->src->len >= 3 && !memcmp(c->src->data, "\xef\xbb\xbf", 3) ? 3 : 0;
  buf_put(&r.out, c->src->data, from);
  // The output calls tirx.h's intrinsics: include it when the file does not.
  if (c->needs_tirx_h && !anns->includes_tirx_h) buf_printf(&r.out, "#include \"tirx.h\"%s", c->src->eol);
  // From the first line on, nvcc's messages name the original file.
  if (!opt->no_line && c->edits->items.len) buf_printf(&r.out, "#line 1 %s%s", r.path_literal, c->src->eol);
  render_range(&r, from, c->src->len);
  *out = r.out;
  return TIRX_OK;
}

// One file the rewrite writes out: an annotated one with its constructs, or
// one that only names rewritten headers.
typedef struct {
  int file;  // in the Tu
  Ctx c;
  EditList edits;
  AnnotationList anns;
  Diag diag;
  Stmt *stmts;
  bool *ok;
  Diag *reads;  // make_stubs' reading of each annotation, held
  bool *tried;
  bool *host_only;  // the host pass (rewrite_host_launches): the annotations it rewrites
} Job;

// Forgets the messages of make_stubs' reading that no one took.
static void drop_reads(Job *j) {
  for (int i = 0; j->tried && i < j->anns.len; i++)
    if (j->tried[i]) {
      j->reads[i].out = NULL;
      diag_flush(&j->reads[i]);
    }
}

// Statement annotations: read, attach, check that clang could parse them.
static void attach_all(Job *j) {
  Ctx *c = &j->c;
  AnnotationList *anns = &j->anns;
  Diag *diag = &j->diag;
  j->stmts = arena_alloc(c->arena, sizeof(Stmt) * (size_t)(anns->len + 1));
  j->ok = arena_alloc(c->arena, sizeof(bool) * (size_t)(anns->len + 1));
  for (int i = 0; i < anns->len; i++) {
    Annotation *an = &anns->items[i];
    Span meant;
    an->skipped = j->host_only ? !j->host_only[i] : front_is_skipped(c->front, an->start);
    if (an->skipped || !is_statement_annotation(an)) continue;
    if (an->bad) {
      diag_error(diag, an->start, "%s", an->bad);
      continue;
    }
    if (!annotation_nul_free(c->src, diag, an)) continue;
    // Read before the parse, for the stubs (make_stubs), unless it overlaps
    // the one before; reported now.
    if (j->tried[i]) {
      diag_take(diag, &j->reads[i]);
      if (!an->read) {
        forget_errors_after(c, an);
        continue;
      }
    } else if (!read_directive(c->arena, diag, an)) {
      forget_errors_after(c, an);
      continue;
    }
    if (!pragma_check_literals(diag, &an->dir)) {  // clang's word on the same text would only repeat it
      forget_clang_errors(c, an->start, an->end);
      continue;
    }
    if (is_declaration_annotation(an))  // stands alone; clang's complaints about its stub come last
      j->ok[i] = true;
    else if (!loop_indices_named(c, an, &meant))  // clang's word on the index it did not declare would follow
      drop_undeclared(c, an->end, meant);
    else
      j->ok[i] = attach(c, an, &j->stmts[i]) && report_clang_errors(c, an, j->stmts[i].end);
  }
  drop_reads(j);  // what was not reported (skipped blocks)
}

// When every annotation of the file was left to nvcc's '#pragma unroll'
// (trip counts that depend on template parameters), tirx-pp changed nothing
// that matters: said once, at the first, without -Rpass too.
static void note_all_fell_back(Job *j) {
  int n = 0;
  const Annotation *first = NULL;
  for (int i = 0; i < j->anns.len; i++)
    if (!j->anns.items[i].skipped && (n++, !first)) first = &j->anns.items[i];
  if (!first || j->c.fell_back < n || diag_failed(&j->diag)) return;
  diag_note(&j->diag, first->start,
            "%s of this file %s left to nvcc's '#pragma unroll': tirx-pp expanded nothing; -Rpass "
            "(TIRX_PP_REMARKS=1 through the launcher) says why for each",
            n == 1 ? "the one annotation" : arena_printf(j->c.arena, "all %d annotations", n), n == 1 ? "was" : "were");
}

// Each construct that reads and parses cleanly is checked and rewritten, so
// that one run reports every independent error.
static void rewrite_constructs(Job *j) {
  Ctx *c = &j->c;
  AnnotationList *anns = &j->anns;
  Diag *diag = &j->diag;
  attach_all(j);
  check_loop_conflicts(c, j->stmts, j->ok);
  for (int i = 0; i < anns->len; i++) {
    Annotation *an = &anns->items[i];
    if (an->skipped) continue;
    if (is_concurrency_annotation(an)) continue;  // below, kernel by kernel
    if (!is_statement_annotation(an)) {
      if (annotation_nul_free(c->src, diag, an) && report_clang_errors(c, an, an->end)) rewrite_call(c, an);
    } else if (j->ok[i]) {
      rewrite_statement(c, an, j->stmts[i]);
    }
  }
  rewrite_concurrency(c, j->stmts, j->ok);
  check_copies(c);
  note_all_fell_back(j);
  // A declaration's stub that clang could not parse: tirx-pp's own message
  // says it better when there is one; otherwise clang's.
  for (int i = 0; i < anns->len; i++) {
    const Annotation *an = &anns->items[i];
    if (!an->skipped && is_declaration_annotation(an) && !diag_has_message(diag, an->start, an->end))
      report_clang_errors(c, an, an->end);
  }
  if (diag_failed(diag)) note_clang_errors(c);
}

static void job_init(Job *j, Arena *a, const TirxOptions *opt, const Tu *tu, int file) {
  const TuFile *f = &tu->files[file];
  *j = (Job){.file = file, .anns = f->anns};
  j->edits = (EditList){.arena = a};
  j->diag = (Diag){.src = f->src, .werror = opt->werror, .remarks = opt->remarks, .color = opt->color};
  j->c = (Ctx){.arena = a, .diag = &j->diag, .src = f->src, .anns = &j->anns, .watchdog = opt->watchdog,
               .trace = opt->trace};
  j->c.path_literal = c_string_literal(a, f->src->path, strlen(f->src->path));
}

// Each #include line of a written file names, from where the file is
// written, what it found in the original (or the rewritten copy of it); lines
// in blocks this parse skipped too, as nvcc may be given other macros.
static void redirect_includes(Job *j, Arena *a, const Tu *tu) {
  const TuFile *f = &tu->files[j->file];
  for (int k = 0; k < f->anns.nincludes; k++) {
    const IncludeLine *inc = &f->anns.includes[k];
    const char *name = tu_include_name(a, tu, j->file, k);
    if (name) edit_replace(&j->edits, inc->name_start, inc->name_end, name);
  }
}

// An annotated file the parse read that the text did not show (behind a
// computed #include, or an #include_next, whose file only the preprocessor
// finds) cannot be redirected to its copy: an error.
typedef struct {
  const Tu *tu;
  Diag *diag;
  Front *front;
} Unseen;

// Whether the directive at loc is an #include_next.
static bool is_include_next(CXTranslationUnit ctu, CXSourceLocation loc) {
  CXFile file;
  unsigned off;
  clang_getSpellingLocation(loc, &file, NULL, NULL, &off);
  size_t size;
  const char *text = file ? clang_getFileContents(ctu, file, &size) : NULL;
  if (!text || off >= size) return false;
  size_t i = off;  // the location is the header name's: back to the line's '#'
  while (i > 0 && text[i - 1] != '\n') i--;
  while (i < size && (text[i] == ' ' || text[i] == '\t' || text[i] == '#')) i++;
  return size - i >= 12 && !strncmp(text + i, "include_next", 12);
}

// FILE:LINE:COL of a location in a header (messages there have no Diag of their own).
static const char *location_text(Arena *a, CXSourceLocation loc) {
  CXFile file;
  unsigned line, col;
  clang_getSpellingLocation(loc, &file, &line, &col, NULL);
  CXString name = clang_getFileName(file);
  const char *text = arena_printf(a, "%s:%u:%u", clang_getCString(name) ? clang_getCString(name) : "?", line, col);
  clang_disposeString(name);
  return text;
}

static void check_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  Unseen *u = data;
  CXString name = clang_getFileName(file);
  char *real = realpath(clang_getCString(name), NULL);
  clang_disposeString(name);
  const Tu *tu = u->tu;
  if (real && tu_find(tu, real) < 0 && tu_is_user_file(tu, real)) {
    Arena *a = arena_new();
    const Source *src = tu_read_source(a, real);
    size_t off;
    const char *why = depth && is_include_next(u->front->tu, stack[0])
                          ? "holds tirx annotations but is reached through #include_next, which tirx-pp cannot "
                            "redirect to its rewritten copy; include it by a name that finds it (#include \"...\")"
                          : "holds tirx annotations but is reached through a computed #include (#include MACRO), "
                            "which tirx-pp cannot redirect to its rewritten copy; include it by name";
    const char *version;
    if (!src || !scan_annotations(a, src).len || !tu_is_user_file(tu, real) || tu_is_own_header(a, src, &version))
      ;
    else if (depth && front_offset(u->front, stack[0], &off))
      diag_error(u->diag, off, "'%s' %s", real, why);
    else if (depth)
      diag_plain(u->diag, DIAG_ERROR, "'%s' %s (the #include is at %s)", real, why, location_text(a, stack[0]));
    else
      diag_plain(u->diag, DIAG_ERROR, "'%s' %s", real, why);
    arena_free(a);
  }
  free(real);
}

static void check_unseen(const Tu *tu, Front *f, Diag *diag) {
  if (!tu->computed) return;  // the text showed every include
  Unseen u = {.tu = tu, .diag = diag, .front = f};
  clang_getInclusions(f->tu, check_inclusion, &u);
}

// --- a header read twice ------------------------------------------------------
// tirx-pp writes one rewritten copy per header, made from the parse of its
// first inclusion. A header that the translation unit reads again (no include
// guard: the X-macro style, `#define W 4` then `#include "sum.cuh"` once more)
// with other values of the macros its annotated code uses would compute, in
// its second inclusion, what the first one computed: an error there.

typedef struct {
  int file;      // in the Tu
  CXFile cx;     // as the parse knows it
  int entries;   // inclusions seen so far
  CXSourceLocation at[2];  // the first include line and the current one
  VEC(size_t) offs;        // the first inclusion's expansions: offset and definition
  VEC(const char *) defs;
  VEC(const char *) macros;  // their names
  bool *seen;                // which of them the current inclusion expanded too
  int differs;             // the inclusion where a macro first differs (0: none)
  CXSourceLocation diff_at;
  Buf names;               // 'W', 'N'
} Reread;

typedef struct {
  Arena *a;
  const Tu *tu;
  Job *jobs;
  int njobs;
  Reread *heads;
  int nheads;
  CXTranslationUnit ctu;
} Rereads;

// A macro's definition as its text ("W 2"); "" for a name that is no macro there.
static const char *definition_text(Rereads *r, CXCursor def) {
  if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_MacroDefinition) return "";
  CXSourceRange ext = clang_getCursorExtent(def);
  CXFile file;
  unsigned s, e;
  clang_getSpellingLocation(clang_getRangeStart(ext), &file, NULL, NULL, &s);
  clang_getSpellingLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &e);
  size_t size;
  const char *text = file ? clang_getFileContents(r->ctu, file, &size) : NULL;
  if (!text || e < s || e > size) return "?";
  return arena_strndup(r->a, text + s, e - s);
}

static Job *job_of(Rereads *r, int file) {
  for (int i = 0; i < r->njobs; i++)
    if (r->jobs[i].file == file) return &r->jobs[i];
  return NULL;
}

// Whether offset off of header h lies on a directive line (*directive: an #if
// whose outcome changes what is compiled) or in the body of a function that holds
// one of its annotations. A name outside (the function's own, from an
// X-macro) stays a macro in the copy and expands as the inclusion says.
static bool matters(Rereads *r, const Reread *h, size_t off, bool *directive) {
  const TuFile *f = &r->tu->files[h->file];
  size_t line = off;
  while (line > 0 && f->src->data[line - 1] != '\n') line--;
  while (line < off && (f->src->data[line] == ' ' || f->src->data[line] == '\t')) line++;
  if ((*directive = f->src->data[line] == '#')) return true;
  const Front *fr = job_of(r, h->file)->c.front;
  for (int i = 0; fr && i < fr->nnodes; i++) {
    const Node *n = &fr->nodes[i];
    if (n->kind != CXCursor_CompoundStmt || n->parent < 0 || !front_is_function(fr->nodes[n->parent].kind) ||
        off < n->start || off >= n->end)
      continue;
    for (int k = 0; k < f->anns.len; k++)
      if (f->anns.items[k].start >= n->start && f->anns.items[k].start < n->end) return true;
  }
  return false;
}

// The offset of a location in its file as written (a file with a view: its original's).
static size_t written_offset(Job *j, CXSourceLocation loc) {
  size_t off;
  if (j->c.front && front_offset(j->c.front, loc, &off)) return off;
  unsigned o;
  clang_getSpellingLocation(loc, NULL, NULL, NULL, &o);
  return o;
}

static void report_reread(Rereads *r, Reread *h, const char *what) {
  CXFile file;
  unsigned line;
  clang_getSpellingLocation(h->diff_at, &file, &line, NULL, NULL);
  Job *j = NULL;
  for (int i = 0; i < r->nheads && !j; i++)
    if (clang_File_isEqual(file, r->heads[i].cx)) j = job_of(r, r->heads[i].file);
  if (!j) {
    CXString name = clang_getFileName(file);
    char *real = realpath(clang_getCString(name), NULL);
    clang_disposeString(name);
    int t = real ? tu_find(r->tu, real) : -1;
    free(real);
    j = t >= 0 ? job_of(r, t) : NULL;
  }
  const char *path = r->tu->files[h->file].path;
  const char *why = arena_printf(r->a,
      "'%s' is included again %s: tirx-pp writes one rewritten copy of a header, made for its first inclusion, so "
      "this inclusion would compute with the first one's",
      path, what);
  if (!j) {
    diag_plain(&r->jobs[0].diag, DIAG_ERROR, "%s", why);
    return;
  }
  diag_error(&j->diag, written_offset(j, h->diff_at), "%s", why);
  unsigned first_line;
  CXFile first;
  clang_getSpellingLocation(h->at[0], &first, &first_line, NULL, NULL);
  if (clang_File_isEqual(first, file)) diag_note(&j->diag, written_offset(j, h->at[0]), "first included here");
  diag_note(&j->diag, written_offset(j, h->diff_at),
            "give each inclusion a header of its own, or pass what differs as a template parameter");
}

static const char *scope_name(Arena *a, CXCursor scope) {
  if (clang_getCursorKind(scope) == CXCursor_TranslationUnit) return "the global namespace";
  CXString s = clang_getCursorSpelling(scope);
  const char *name = arena_printf(a, "'%s'", clang_getCString(s));
  clang_disposeString(s);
  return name;
}

// An annotated function of header h declared again in another scope (the
// header included in two namespaces): the names it uses may mean other
// things there. The scope's name, NULL when each is in the first's.
static const char *other_scope(Rereads *r, const Reread *h, const char **first) {
  const Front *fr = job_of(r, h->file)->c.front;
  const TuFile *f = &r->tu->files[h->file];
  for (int i = 0; i < fr->nnodes; i++) {
    const Node *n = &fr->nodes[i];
    if (!front_is_function(n->kind) || n->start == 0) continue;
    bool annotated = false;
    for (int k = 0; k < f->anns.len && !annotated; k++)
      annotated = f->anns.items[k].start >= n->start && f->anns.items[k].start < n->end;
    CXCursor scope = clang_getCursorSemanticParent(n->cur);
    for (int k = i + 1; annotated && k < fr->nnodes; k++) {
      if (fr->nodes[k].start != n->start || fr->nodes[k].kind != n->kind) continue;
      CXCursor other = clang_getCursorSemanticParent(fr->nodes[k].cur);
      if (clang_equalCursors(scope, other)) continue;
      *first = scope_name(r->a, scope);
      return scope_name(r->a, other);
    }
  }
  return NULL;
}

static Reread *reread_of(Rereads *r, CXFile file) {
  for (int i = 0; i < r->nheads; i++)
    if (clang_File_isEqual(file, r->heads[i].cx)) return &r->heads[i];
  return NULL;
}

// A macro that differs, named once, in the first inclusion that differs.
static void add_difference(Reread *h, const char *name) {
  if (!h->differs) h->differs = h->entries, h->diff_at = h->at[1];
  if (h->differs != h->entries) return;
  char tag[300];
  snprintf(tag, sizeof tag, "'%s'", name);
  if (h->names.len && memmem(h->names.data, h->names.len, tag, strlen(tag))) return;
  if (h->names.len) buf_puts(&h->names, ", ");
  buf_puts(&h->names, tag);
}

// One expansion of a later inclusion: its definition against the first's (an
// expansion the first did not have: a block it skipped, or a name that was
// no macro there).
static void compare_expansion(Rereads *r, Reread *h, CXCursor cur, size_t off) {
  const char *def = definition_text(r, clang_getCursorReferenced(cur));
  CXString s = clang_getCursorSpelling(cur);
  const char *name = arena_printf(r->a, "%s", clang_getCString(s));
  clang_disposeString(s);
  if (h->entries == 1) {
    VEC_PUSH(r->a, h->offs, off);
    VEC_PUSH(r->a, h->defs, def);
    VEC_PUSH(r->a, h->macros, name);
    return;
  }
  bool directive;
  if (!matters(r, h, off, &directive)) return;
  int i = 0;
  while (i < h->offs.len && h->offs.items[i] != off) i++;
  // Code the first inclusion skipped expands its macros for the first time:
  // the #if that chose it names the cause.
  if (i < h->offs.len) h->seen[i] = true;
  if (i == h->offs.len ? !directive : !strcmp(h->defs.items[i], def)) return;
  add_difference(h, name);
}

// At the end of a later inclusion: a macro that an #if of the first one
// expanded and this one did not (`#ifdef X` with X now undefined).
static void end_inclusion(Rereads *r, Reread *h) {
  if (h->entries < 2) return;
  bool directive;
  for (int i = 0; i < h->offs.len; i++)
    if (!h->seen[i] && matters(r, h, h->offs.items[i], &directive) && directive) add_difference(h, h->macros.items[i]);
}

static enum CXChildVisitResult visit_reread(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  Rereads *r = data;
  enum CXCursorKind k = clang_getCursorKind(cur);
  if (k == CXCursor_InclusionDirective) {
    CXFile inc = clang_getIncludedFile(cur);
    Reread *h = inc ? reread_of(r, inc) : NULL;
    if (h) {
      end_inclusion(r, h);
      h->at[h->entries++ ? 1 : 0] = clang_getCursorLocation(cur);
      if (h->entries == 2) h->seen = arena_alloc(r->a, sizeof(bool) * (size_t)(h->offs.len + 1));
      if (h->seen) memset(h->seen, 0, sizeof(bool) * (size_t)h->offs.len);
    }
  } else if (k == CXCursor_MacroExpansion) {
    CXFile file;
    unsigned off;
    clang_getSpellingLocation(clang_getCursorLocation(cur), &file, NULL, NULL, &off);
    Reread *h = file ? reread_of(r, file) : NULL;
    if (h && h->entries) compare_expansion(r, h, cur, off);
  }
  return CXChildVisit_Continue;
}

static void check_rereads(Arena *a, const Tu *tu, Job *jobs, int njobs, CXTranslationUnit ctu) {
  Rereads r = {.a = a, .tu = tu, .jobs = jobs, .njobs = njobs, .ctu = ctu};
  r.heads = arena_alloc(a, sizeof(Reread) * (size_t)(njobs + 1));
  for (int i = 0; i < njobs; i++) {
    const Job *j = &jobs[i];
    if (j->file == 0 || !j->anns.len || !j->c.front || !j->c.front->main_file) continue;
    r.heads[r.nheads++] = (Reread){.file = j->file, .cx = j->c.front->main_file};
  }
  if (r.nheads) clang_visitChildren(clang_getTranslationUnitCursor(ctu), visit_reread, &r);
  for (int i = 0; i < r.nheads; i++) {
    Reread *h = &r.heads[i];
    end_inclusion(&r, h);
    const char *first, *other;
    if (h->differs) {
      report_reread(&r, h, arena_printf(a, "with other values of %.*s, which its annotated functions use",
                                        (int)h->names.len, h->names.data));
    } else if (h->entries > 1 && (other = other_scope(&r, h, &first))) {
      h->diff_at = h->at[1];
      report_reread(&r, h, arena_printf(a, "in another scope (%s, the first in %s), where the names its annotated "
                                           "functions use may mean other things", other, first));
    }
    buf_free(&h->names);
  }
}

static void put_header(TirxResult *out, const TuFile *f, Buf text) {
  // Made whole before it is counted (an allocation that fails jumps out).
  TirxHeader h = {.text = text};
  h.orig = xstrdup(f->real);
  h.out = xstrdup(f->out);
  out->headers = xrealloc(out->headers, sizeof(TirxHeader) * (size_t)(out->nheaders + 1));
  out->headers[out->nheaders++] = h;
}

// --- launches in host-only code --------------------------------------------------
// The parse reads the file as nvcc's device pass does (__CUDA_ARCH__ defined),
// so a `launch` in a block only the host pass compiles (`#ifndef
// __CUDA_ARCH__`) is in a skipped block there. Such launches are read from a
// second parse, as the host pass sees the file (no PCH: it is rare).

static bool host_only(const Annotation *an, const Front *host) {
  return an->skipped && an->spelling != SPELL_CALL && an->dir.kind == DIR_LAUNCH && !front_is_skipped(host, an->start);
}

// Whether an annotation the device pass skipped may be a launch (its
// directive is read by make_stubs, before the parse).
static bool skipped_launch(const Job *jobs, int njobs) {
  for (int i = 0; i < njobs; i++)
    for (int k = 0; k < jobs[i].anns.len; k++) {
      const Annotation *an = &jobs[i].anns.items[k];
      if (an->skipped && an->spelling != SPELL_CALL && an->read && an->dir.kind == DIR_LAUNCH) return true;
    }
  return false;
}

// The constructs of job j again with the host pass's front, on its host-only
// launches alone (the others count as skipped meanwhile).
static void rewrite_host_launches(Job *j, Front *host) {
  Ctx *c = &j->c;
  bool *was = arena_alloc(c->arena, sizeof(bool) * (size_t)(j->anns.len + 1));
  j->host_only = arena_alloc(c->arena, sizeof(bool) * (size_t)(j->anns.len + 1));
  bool any = false;
  for (int k = 0; k < j->anns.len; k++) {
    was[k] = j->anns.items[k].skipped;
    any |= j->host_only[k] = host_only(&j->anns.items[k], host);
    if (j->host_only[k]) j->tried[k] = false;  // read again, its messages reported now
  }
  if (any) {
    Front *device = c->front;
    c->front = host;
    c->copies.len = 0;
    rewrite_constructs(j);
    c->front = device;
    for (int k = 0; k < j->anns.len; k++) j->anns.items[k].skipped = was[k];
  }
  j->host_only = NULL;
}

// The host pass's parse, when a launch lies in a block the device pass
// skipped: each such launch is rewritten from it.
static void rewrite_host_side(Arena *a, const TirxOptions *opt, Job *jobs, int njobs, FrontFile *files, int nfiles,
                              FrontClock *clock) {
  if (!skipped_launch(jobs, njobs)) return;
  FrontOptions fo = {.clock = clock, .preamble_limit = (size_t)-1};
  build_args(a, opt, true, &fo);
  fo.cache_dir = NULL;
  Front **fronts = front_parse_files(a, &jobs[0].diag, files, nfiles, &fo);
  if (!fronts) return;
  for (int i = 0, k = 0; i < njobs; i++)
    if (jobs[i].file == 0 || jobs[i].anns.len) {
      Front *host = fronts[k++];
      if (jobs[i].anns.len) rewrite_host_launches(&jobs[i], host);
    }
  front_free(fronts[0]);
  front_lap(clock, "host-launches");
}

// The slow path: libclang's parse of the translation unit, the constructs of
// each annotated file, the rendering of every file written.
static int rewrite_parsed(const TirxOptions *opt, Arena *a, Tu *tu, Diag *main_diag, TirxResult *out,
                          FrontClock *clock) {
  Job *jobs = arena_alloc(a, sizeof(Job) * (size_t)tu->n);
  int njobs = 0;
  FrontFile *files = arena_alloc(a, sizeof(FrontFile) * (size_t)tu->n);
  int nfiles = 0;
  for (int f = 0; f < tu->n; f++) {
    if (!tu->files[f].written) continue;
    Job *j = &jobs[njobs++];
    job_init(j, a, opt, tu, f);
    if (f == 0)
      j->diag = *main_diag;
    else
      j->diag.out = main_diag->out;
    if (f == 0 || j->anns.len) {
      int nstubs = 0;
      j->reads = arena_alloc(a, sizeof(Diag) * (size_t)(j->anns.len + 1));
      j->tried = arena_alloc(a, sizeof(bool) * (size_t)(j->anns.len + 1));
      Stub *stubs = make_stubs(&j->c, &j->anns, j->reads, j->tried, &nstubs);
      files[nfiles++] = (FrontFile){tu->files[f].src, stubs, nstubs};
    }
  }
  FrontOptions fo;
  build_args(a, opt, false, &fo);
  hoist_front_options(a, tu, opt->device_view, &fo);
  fo.whole_tu = opt->device_view;
  fo.clock = clock;
  fo.doubt_blanks = opt->doubt_blanks;
  Front **fronts = front_parse_files(a, &jobs[0].diag, files, nfiles, &fo);
  if (!fronts) {
    for (int i = 0; i < njobs; i++) drop_reads(&jobs[i]);
    *main_diag = jobs[0].diag;
    return TIRX_IO_ERROR;
  }
  for (int i = 0, k = 0; i < njobs; i++)
    if (jobs[i].file == 0 || jobs[i].anns.len) jobs[i].c.front = fronts[k++];
  for (int i = 0; i < njobs; i++)  // a header's kernels are launched from the main file too
    for (int m = 0; m < njobs && jobs[i].file != 0; m++)
      if (jobs[m].file == 0 && jobs[m].c.front) jobs[i].c.main = &jobs[m].c;
  check_unseen(tu, fronts[0], &jobs[0].diag);
  check_rereads(a, tu, jobs, njobs, fronts[0]->tu);
  bool failed = false;
  for (int i = 0; i < njobs; i++) {
    Job *j = &jobs[i];
    j->c.edits = &j->edits;
    if (j->anns.len) rewrite_constructs(j);
    redirect_includes(j, a, tu);
    failed |= diag_failed(&j->diag);
  }
  rewrite_host_side(a, opt, jobs, njobs, files, nfiles, clock);
  for (int i = 0; i < njobs; i++) failed |= diag_failed(&jobs[i].diag);
  front_lap(clock, "constructs");
  int rc = failed ? TIRX_INPUT_ERROR : TIRX_OK;
  for (int i = 0; i < njobs && rc == TIRX_OK; i++) {
    Job *j = &jobs[i];
    Buf text = {0};
    rc = finish(&j->c, opt, &j->anns, &text);
    if (rc != TIRX_OK) break;
    if (j->file == 0)
      out->text = text;
    else
      put_header(out, &tu->files[j->file], text);
  }
  Ctx *mc = &jobs[0].c;
  // --check: the rewritten headers are inlined as rewritten; tirx.h comes first
  // when one of them calls it.
  Ctx **hcs = arena_alloc(a, sizeof(Ctx *) * (size_t)njobs);
  bool tirx_h = mc->needs_tirx_h && !jobs[0].anns.includes_tirx_h;
  for (int i = 1; i < njobs; i++) {
    hcs[i - 1] = &jobs[i].c;
    tirx_h |= jobs[i].c.needs_tirx_h;
  }
  if (rc == TIRX_OK && opt->device_view &&
      !device_view(mc, opt, tirx_h, hcs, njobs - 1, &out->device, &out->unchecked, &out->inlined)) {
    diag_plain(&jobs[0].diag, DIAG_ERROR, "--check: cannot separate the device code of '%s' from its host code", opt->path);
    rc = TIRX_IO_ERROR;
  }
  front_lap(clock, "render");
  if (rc == TIRX_OK) {
    const char **deps;
    int n = front_dependencies(fronts[0], &deps);
    set_deps(out, opt->path, deps, n);
  } else {
    TirxResult empty = *out;
    tirx_result_free(&empty);
    *out = (TirxResult){0};
  }
  for (int i = 0; i < njobs; i++) diag_flush(&jobs[i].diag);
  *main_diag = jobs[0].diag;
  front_lap(clock, "dependencies");
  front_free(fronts[0]);
  front_lap(clock, "free");
  return rc;
}

// No annotation anywhere: the bytes as they are, but for #include lines that
// would find something else from where the output goes. Remembered (pass.c)
// when it said nothing: a later run with the same input, flags and output
// copies it without reading a header.
static int copy_unannotated(const TirxOptions *opt, Arena *a, Tu *tu, Diag *diag, TirxResult *out) {
  int placed = tu_place(a, opt, tu, diag);
  if (placed != TIRX_OK) return placed;
  const Source *src = tu->files[0].src;
  Job j;
  job_init(&j, a, opt, tu, 0);
  j.c.edits = &j.edits;
  redirect_includes(&j, a, tu);
  if (!j.edits.items.len) {
    buf_put(&out->text, src->data, src->len);
  } else {
    int rc = finish(&j.c, opt, &j.anns, &out->text);
    if (rc != TIRX_OK) return rc;
  }
  const char **deps = arena_alloc(a, sizeof(char *) * (size_t)tu->n);
  for (int i = 0; i < tu->n; i++) deps[i] = tu->files[i].real;
  set_deps(out, opt->path, deps + 1, tu->n - 1);  // what else the text names is the toolkit's
  if (tu->probes && !diag->nmessages) {
    PassCopy copy = {.deps = (const char **)out->deps, .ndeps = out->ndeps};
    if (j.edits.items.len) copy.text = out->text.data, copy.len = out->text.len;
    pass_remember(a, opt, src->data, src->len, tu->probes, &copy);
  }
  return TIRX_OK;
}

// What copy_unannotated wrote last time, remembered (pass_known said so).
static void copy_remembered(const PassCopy *copy, const char *data, size_t len, TirxResult *out) {
  if (copy->text) buf_put(&out->text, copy->text, copy->len);
  else buf_put(&out->text, data, len);
  set_deps(out, copy->deps[0], copy->deps + 1, copy->ndeps - 1);
}

int rewrite_untrapped(const TirxOptions *opt, const char *data, size_t len, TirxResult *out, FILE *diag_out) {
  *out = (TirxResult){0};
  Arena *a = arena_new();
  FrontClock clock;  // opt->times: each phase's time on the diagnostics' stream
  front_clock_start(&clock, opt->times ? diag_out : NULL);
  bool fast = !opt->always_parse && !opt->device_view;  // an unannotated file may be copied as it is
  PassCopy copy;
  if (fast && pass_known(a, opt, data, len, &copy)) {  // before source_new: its line table costs more
    front_lap(&clock, "remembered");
    copy_remembered(&copy, data, len, out);
    arena_free(a);
    return TIRX_OK;
  }
  const Source *src = source_new(a, opt->path, data, len);
  Diag diag = {.src = src, .out = diag_out, .werror = opt->werror, .remarks = opt->remarks, .color = opt->color};
  Tu tu;
  Probes probes = {0};
  tu_read_probed(a, opt, src, scan_annotations(a, src), &tu, fast ? &probes : NULL);
  front_lap(&clock, "scan");
  int rc;
  if (fast && !tu_annotated(&tu) && !tu.computed)
    rc = copy_unannotated(opt, a, &tu, &diag, out);  // the fast path: no libclang
  else if ((rc = tu_place(a, opt, &tu, &diag)) == TIRX_OK)
    rc = rewrite_parsed(opt, a, &tu, &diag, out, &clock);
  diag_flush(&diag);
  arena_free(a);
  return rc;
}
