// front.c - the node table of a parse (parse.c makes the parse) and the
// questions about a cursor.
#define _GNU_SOURCE
#include "front.h"
#include "sys.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

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

size_t front_view_to_orig(const Front *f, size_t v) {
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

char *front_build_view(Front *f, size_t *len) {
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

bool front_view_offset(const Front *f, CXSourceLocation loc, size_t *off) {
  CXFile file;
  unsigned line, col, o;
  clang_getExpansionLocation(loc, &file, &line, &col, &o);
  if (!file || !clang_File_isEqual(file, f->main_file)) return false;
  *off = o;
  return true;
}

// Original offset of a location in the main file; false elsewhere.
// (Macro locations count where they are expanded.)
static bool main_offset(const Front *f, CXSourceLocation loc, size_t *off) {
  if (!front_view_offset(f, loc, off)) return false;
  *off = front_view_to_orig(f, *off);
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
bool front_is_instantiation(CXCursor cur) {
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

static bool on_stack(const Walk *w, CXCursor cur) {
  for (int i = w->stack.len - 1; i >= 0; i--)
    if (clang_equalCursors(w->nodes.items[w->stack.items[i]].cur, cur)) return true;
  return false;
}

// The innermost open LambdaExpr; -1 if none.
static int open_lambda(const Walk *w) {
  for (int i = w->stack.len - 1; i >= 0; i--)
    if (w->nodes.items[w->stack.items[i]].kind == CXCursor_LambdaExpr) return w->stack.items[i];
  return -1;
}

static void pop_node(Walk *w) {
  int done = w->stack.items[--w->stack.len];
  w->nodes.items[done].last = w->nodes.len - 1;
}

static enum CXChildVisitResult visit(CXCursor cur, CXCursor parent, CXClientData data) {
  Walk *w = data;
  Front *f = w->f;
  enum CXCursorKind kind = clang_getCursorKind(cur);
  if (clang_getCursorKind(parent) == CXCursor_TranslationUnit && front_is_instantiation(cur))
    return CXChildVisit_Continue;
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
  // Pop ancestors until the parent is on top. A parent that was never
  // visited, under an open lambda, is that lambda's: libclang visits the copy
  // of each variable a lambda captures by copy (`[=] { return i; }`, `[i]`)
  // under a conversion or a constructor call that it does not visit, and
  // popping to a parent that is not there would end every open node at it.
  // Such a copy becomes a child of its lambda (captured_by_copy).
  int lambda = clang_getCursorKind(parent) != CXCursor_TranslationUnit && !on_stack(w, parent) ? open_lambda(w) : -1;
  while (w->stack.len &&
         (lambda >= 0 ? w->stack.items[w->stack.len - 1] != lambda
                      : !clang_equalCursors(w->nodes.items[w->stack.items[w->stack.len - 1]].cur, parent)))
    pop_node(w);
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
      CXSourceLocation loc = clang_getDiagnosticLocation(dg);
      e.in_main = main_offset(f, loc, &e.off);
      CXString s = clang_getDiagnosticSpelling(dg);
      e.message = arena_strndup(f->arena, clang_getCString(s), strlen(clang_getCString(s)));
      clang_disposeString(s);
      CXFile file;
      unsigned line, col;
      clang_getExpansionLocation(loc, &file, &line, &col, NULL);
      if (!e.in_main && file) {  // a header's: the message names the place
        CXString name = clang_getFileName(file);
        e.message = arena_printf(f->arena, "%s:%u:%u: %s", sys_shown_path(f->arena, clang_getCString(name)), line, col,
                                 e.message);
        clang_disposeString(name);
      }
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

// Collects the files a TU read, made absolute where they exist.
void front_add_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  (void)stack, (void)depth;
  FrontDeps *d = data;
  CXString name = clang_getFileName(file);
  const char *s = clang_getCString(name);
  char *abs = s && *s ? arena_realpath(d->arena, s) : NULL;
  if (abs) VEC_PUSH(d->arena, d->files, abs);
  clang_disposeString(name);
}

// The node table, errors and skipped blocks of f's file.
static void add_included_at(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  Walk *w = data;
  if (!depth || !clang_File_isEqual(file, w->f->main_file)) return;
  IncludedAt at;
  clang_getExpansionLocation(stack[0], &at.file, NULL, NULL, &at.off);
  if (at.file) VEC_PUSH(w->f->arena, w->included_at, at);
}

void front_index_file(Front *f, FrontClock *clock) {
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

bool front_is_jump(enum CXCursorKind k) {
  return k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt || k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt;
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
  FrontDeps d = {.arena = f->arena};
  clang_getInclusions(f->tu, front_add_inclusion, &d);
  for (int i = 0; i < f->npch_deps; i++) VEC_PUSH(d.arena, d.files, f->pch_deps[i]);
  *out = d.files.items;
  return d.files.len;
}

bool front_offset(const Front *f, CXSourceLocation loc, size_t *off) { return main_offset(f, loc, off); }
