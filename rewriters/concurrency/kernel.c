// kernel.c - questions about the model of kernel.h that every phase after
// the gathering asks (read-only): the region around an offset, how messages
// name a region, an elect `if`, the partition index's declaration, a local
// hiding an event; and the one the gathering's files share, the function that
// holds an offset.
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "kernel.h"
#include "stubvar.h"

// The innermost region whose body holds off; NULL when none.
const Region *enclosing_region(const Kernel *k, size_t off) {
  const Region *in = NULL;
  for (int i = 0; i < k->regions.len; i++) {
    const Region *r = &k->regions.items[i];
    if (off > r->body.start && off < r->body.end && (!in || r->body.start >= in->body.start)) in = r;
  }
  return in;
}

const char *kernel_stub_var(Ctx *c, const Kernel *k, const Annotation *an, const char *var) {
  // (An annotation before the partition: its stub's copies, if any, were made
  // for the partition before it, another kernel's.)
  if (!k->at || an->start < k->values->part->start) return var;
  const char *at = arena_printf(c->arena, "%s_at_%d", var, k->at - 1);
  return stub_var(c, an, at, strlen(at)) >= 0 ? at : var;
}

int kernel_register_cap(const Kernel *k) {
  int cap = 65536 / (k->nparts * k->group);
  return cap > 255 ? 255 : cap / 8 * 8;
}

const char *region_label(Ctx *c, const Region *r) {
  if (r->an->spelling == SPELL_MACRO)
    return arena_printf(c->arena, "%.*s(%.*s)", (int)r->an->name.len, r->an->name.s, (int)r->pred.len, r->pred.s);
  return arena_printf(c->arena, "#pragma tirx %s(%.*s)", r->async ? "async" : "inthreads", (int)r->pred.len,
                      r->pred.s);
}

// An `if` that elect made: `#pragma tirx elect` or `if (tirx_elect_sync())`.
bool is_elect_if(const Ctx *c, int node) {
  const Node *n = node_at(c, node);
  if (n->kind != CXCursor_IfStmt) return false;
  int cond[1];
  size_t cond_end = front_children(c->front, node, cond, 1) ? node_at(c, cond[0])->end : n->start;
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->skipped) continue;
    if (an->spelling != SPELL_CALL && an->dir.kind == DIR_ELECT && an->start == n->start) return true;
    if (an->spelling == SPELL_CALL && span_eq(an->name, "tirx_elect_sync") && an->start > n->start &&
        an->start < cond_end)
      return true;
  }
  return false;
}

CXCursor kernel_partition_var(Ctx *c, const Kernel *k) {
  if (!k->part) return clang_getNullCursor();
  int node = front_first_at(c->front, k->part->start);
  for (int i = node; i < c->front->nnodes && node_at(c, i)->start == k->part->start; i++) {
    if (node_at(c, i)->kind != CXCursor_VarDecl) continue;
    CXString s = clang_getCursorSpelling(node_at(c, i)->cur);
    bool match = span_eq(k->part_name, clang_getCString(s));
    clang_disposeString(s);
    if (match) return node_at(c, i)->cur;
  }
  return clang_getNullCursor();
}

// Whether an annotation's stub stands at off (its declarations are tirx-pp's).
static bool is_stub_at(const Ctx *c, size_t off) {
  for (int i = 0; i < c->anns->len; i++)
    if (c->anns->items[i].start == off) return true;
  return false;
}

// The statement of the next `#pragma tirx uniform` after annotation *i
// (start with *i = -1); NULL after the last.
static const Stmt *next_uniform(const Ctx *c, const Stmt *stmts, int *i) {
  while (++*i < c->anns->len) {
    const Annotation *an = &c->anns->items[*i];
    if (!an->skipped && an->spelling != SPELL_CALL && an->dir.kind == DIR_UNIFORM && !an->dir.head.has_args &&
        stmts[*i].end)
      return &stmts[*i];
  }
  return NULL;
}

const Annotation *directive_around(const Ctx *c, const Stmt *stmts, DirKind kind, size_t off) {
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (!an->skipped && an->spelling != SPELL_CALL && an->dir.kind == kind && off >= stmts[i].start &&
        off < stmts[i].end)
      return an;
  }
  return NULL;
}

bool asserted_uniform(const Ctx *c, const Stmt *stmts, size_t off) {
  const Stmt *s;
  for (int i = -1; (s = next_uniform(c, stmts, &i));)
    if (off >= s->start && off < s->end) return true;
  return false;
}

bool uniform_statement(const Ctx *c, const Stmt *stmts, int node) {
  const Stmt *s;
  for (int i = -1; (s = next_uniform(c, stmts, &i));)
    if (s->node == node) return true;
  return false;
}

// A local declared after the event, in a scope that holds `off`, hides it:
// `&full[s]` would then be the local's address. Returns the local's node, -1
// when the name at off is the event.
int event_hidden_at(const Ctx *c, const Kernel *k, const Event *e, size_t off) {
  const Node *fn = node_at(c, k->func);
  for (int i = k->func; i <= fn->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_VarDecl || n->start <= e->an->start || n->start >= off) continue;
    int scope = n->parent >= 0 && node_at(c, n->parent)->kind == CXCursor_DeclStmt ? node_at(c, n->parent)->parent
                                                                                  : n->parent;
    if (scope < 0 || node_at(c, scope)->start > off || off >= node_at(c, scope)->end) continue;
    CXString s = clang_getCursorSpelling(n->cur);
    bool same = strlen(clang_getCString(s)) == e->name.len && !memcmp(clang_getCString(s), e->name.s, e->name.len);
    clang_disposeString(s);
    if (same && !is_stub_at(c, n->start)) return i;
  }
  return -1;
}

int function_at(const Ctx *c, size_t off) {
  const Front *f = c->front;
  int lo = 0, hi = f->nnodes - 1, last = -1;
  while (lo <= hi) {  // the last node (by start) at or before off
    int mid = (lo + hi) / 2;
    if (f->nodes[f->by_start[mid]].start <= off)
      last = mid, lo = mid + 1;
    else
      hi = mid - 1;
  }
  for (int i = last >= 0 ? f->by_start[last] : -1; i >= 0; i = f->nodes[i].parent)
    if (front_is_function(f->nodes[i].kind) && f->nodes[i].kind != CXCursor_LambdaExpr && f->nodes[i].start <= off &&
        off < f->nodes[i].end)
      return i;
  return -1;
}

int goto_label(const Ctx *c, const Kernel *k, int g) {
  CXCursor ref[1];
  if (cursor_children(node_at(c, g)->cur, ref, 1) < 1) return -1;
  CXCursor label = clang_getCursorReferenced(ref[0]);
  CXString want = clang_getCursorSpelling(label);  // labels are the function's: one of each name there
  int l = -1;
  for (int j = k->func + 1; j <= node_at(c, k->func)->last && l < 0; j++) {
    // (A lambda's labels are its own: one of the same name may be the kernel's.)
    if (node_at(c, j)->kind != CXCursor_LabelStmt || node_at(c, j)->func != node_at(c, g)->func) continue;
    CXString sp = clang_getCursorSpelling(node_at(c, j)->cur);
    if (!strcmp(clang_getCString(sp), clang_getCString(want))) l = j;
    clang_disposeString(sp);
  }
  clang_disposeString(want);
  return l;
}

int repeats_around(const Ctx *c, const Kernel *k, int node) {
  for (int p = node_at(c, node)->parent; p >= 0 && p != k->func; p = node_at(c, p)->parent)
    if (front_is_loop(node_at(c, p)->kind)) return p;
  for (int j = node_at(c, node)->last + 1; j <= node_at(c, k->func)->last; j++) {
    if (node_at(c, j)->kind != CXCursor_GotoStmt) continue;
    int l = goto_label(c, k, j);
    if (l >= 0 && node_at(c, l)->start <= node_at(c, node)->start) return j;
  }
  return -1;
}

// `word(a, b, c)` at the first whole word `word` of t[from, t.n) outside
// the blocks the preprocessor skipped (skip, when not NULL: an #if branch
// this pass does not compile).
static Bounds bounds_in(LexText t, size_t from, const char *word, const Front *skip) {
  Bounds b = {0};
  size_t w = text_find_word(t, from, word, strlen(word));
  while (w < t.n && skip && front_is_skipped(skip, w)) w = text_find_word(t, w + 1, word, strlen(word));
  if (w >= t.n) return b;
  b.start = w;
  b.end = w + strlen(word);
  b.nargs = -1;
  size_t i = lex_space(t, b.end);
  if (i >= t.n || t.s[i] != '(' || !(b.end = lex_close(t, i, LEX_PARENS, NULL))) return b;
  for (int n = 0; n < 3; n++) {
    i = lex_space(t, i + 1);
    char *stop;
    long v = strtol(t.s + i, &stop, 10);
    if (stop == t.s + i) return b;
    i = lex_space(t, (size_t)(stop - t.s));
    b.args[n] = v;
    if (t.s[i] == ')') {
      b.nargs = n + 1;
      return b;
    }
    if (t.s[i] != ',') return b;
  }
  return b;
}

Bounds kernel_bounds(const Ctx *c, const Kernel *k, const char *word) {
  return bounds_in((LexText){c->src->data, function_body_start(c, k->func)}, node_at(c, k->func)->start, word,
                   c->front);
}

Bounds declared_bounds(const Ctx *c, const Kernel *k, const char *word) {
  Bounds none = {0};
  CXCursor def = node_at(c, k->func)->cur, first = clang_getCanonicalCursor(def);
  if (clang_equalCursors(first, def)) return none;
  CXSourceRange r = clang_getCursorExtent(first);
  CXFile file;
  unsigned from, to;
  clang_getExpansionLocation(clang_getRangeStart(r), &file, NULL, NULL, &from);  // (__global__ is a macro)
  clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &to);
  size_t size;
  const char *text = file ? clang_getFileContents(c->front->tu, file, &size) : NULL;
  if (!text || to > size || from >= to) return none;
  // (In another file its #if branches are not known: the first is read.)
  CXFile def_file;
  clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(def)), &def_file, NULL, NULL, NULL);
  bool here = clang_File_isEqual(file, def_file);
  Bounds b = bounds_in((LexText){text, to}, from, word, here ? c->front : NULL);
  b.start = b.end = 0;  // (offsets of that file, not of the one being rewritten)
  return b;
}
