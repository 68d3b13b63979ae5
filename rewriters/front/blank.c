// blank.c - host bodies blanked in the view before the parse that counts,
// and the proof that each blank was a body.
#include "blank.h"

#include <stdlib.h>
#include <string.h>

#include "lex.h"

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
  const Front *f;
  LexText view;
  VEC(Blanked) bodies;
} Hosts;

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
  if (front_view_offset(k->f, clang_getRangeEnd(clang_getCursorExtent(c)), &e) && e > k->end) k->end = e;
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
  if (!front_view_offset(f, clang_getRangeStart(ext), &start) || !front_view_offset(f, clang_getRangeEnd(ext), &end) ||
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
    if (front_view_offset(h->f, clang_getRangeStart(clang_getCursorExtent(l.decls.items[i])), at)) at++;
  const size_t nstarts = (size_t)(at - starts);
  qsort(starts, nstarts, sizeof *starts, compare_offsets);
  for (int i = 0; i < l.decls.len; i++) {
    CXCursor cur = l.decls.items[i];
    size_t here, end;
    if (!front_view_offset(h->f, clang_getRangeStart(clang_getCursorExtent(cur)), &here) || front_is_instantiation(cur))
      continue;
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
    else if (is_scope(kind) && front_view_offset(h->f, clang_getRangeEnd(clang_getCursorExtent(cur)), &end) &&
             end > 0 && end <= next && h->view.s[end - 1] == '}')
      find_hosts(h, cur, end - 1);
  }
}

// Blanks, in the main file's view (unsaved[0]), the bodies of its host
// functions that the rewrite does not need; returns them (*n), with the
// view's text as it was (*saved), NULL when none.
const Blanked *blank_host_bodies(Front *f, const FrontOptions *opt, Pch **pch, struct CXUnsavedFile *unsaved,
                                 int nunsaved, unsigned flags, int *n, char **saved) {
  *n = 0;
  *saved = NULL;
  if (pch_parse(f, opt, pch, unsaved, nunsaved, flags | CXTranslationUnit_SkipFunctionBodies, "prescan") != CXError_Success ||
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
bool blanks_proven(const Front *f, const Blanked *b, int n) {
  for (int i = 0; i < n; i++) {
    size_t open = front_view_to_orig(f, b[i].open), close = front_view_to_orig(f, b[i].close), fn = front_view_to_orig(f, b[i].fn);
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
