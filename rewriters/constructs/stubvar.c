// stubvar.c - the stub variables that an annotation's stub declares
// (`__tirx_parts_ID`, `__tirx_factor_ID`, ...): the ID in their names, and
// reading them back from the node table after the parse. Apart from stub.c,
// which chooses each annotation's stub, so that a construct that makes its
// own stub and reads it back (hint.c, launch.c) depends on this file and
// stub.c on it, in no cycle.
#include <limits.h>
#include <string.h>

#include "ast.h"
#include "stubvar.h"

int stub_id(const Ctx *c, const Annotation *an) { return (int)(an - c->anns->items); }

int stub_var(const Ctx *c, const Annotation *an, const char *name, size_t len) {
  const Front *f = c->front;
  int lo = front_first_pos(f, an->start);
  for (int k = lo; k < f->nnodes && f->nodes[f->by_start[k]].start == an->start; k++) {
    const Node *n = &f->nodes[f->by_start[k]];
    if (n->kind != CXCursor_VarDecl) continue;
    CXString s = clang_getCursorSpelling(n->cur);
    bool match = strlen(clang_getCString(s)) == len && !memcmp(clang_getCString(s), name, len);
    clang_disposeString(s);
    if (match) return f->by_start[k];
  }
  return -1;
}

bool stub_value(const Ctx *c, const Annotation *an, const char *name, long long *v) {
  int node = stub_var(c, an, name, strlen(name));
  if (node < 0) return false;
  CXCursor kids[2];
  bool u;
  int nk = cursor_child_count(node_at(c, node)->cur);  // the initializer is the last child, stored when nk <= 2
  if (nk == 0 || nk > 2 || !cursor_children(node_at(c, node)->cur, kids, 2) || !cursor_is_integer(kids[nk - 1]) ||
      !front_eval_int(kids[nk - 1], v, &u))
    return false;
  // An unsigned value past LLONG_MAX (2^63), which the stub's conversion to
  // long long makes negative, reads as LLONG_MAX: out of every range, and not
  // shown as a negative number.
  long long written;
  if (front_eval_int(front_strip(kids[nk - 1]), &written, &u) && u && written < 0) *v = LLONG_MAX;
  return true;
}

const char *stub_clause_shown(Ctx *c, const char *clause, Span expr, long long v) {
  Span t = span_trim(expr);
  const char *value = arena_printf(c->arena, "%lld", v);
  bool as_written = v == LLONG_MAX || (strlen(value) == t.len && !memcmp(value, t.s, t.len));
  if (!clause)
    return as_written ? arena_printf(c->arena, "%.*s", (int)t.len, t.s)
                      : arena_printf(c->arena, "%.*s, which is %s", (int)t.len, t.s, value);
  return as_written ? arena_printf(c->arena, "%s(%.*s)", clause, (int)t.len, t.s)
                    : arena_printf(c->arena, "%s(%.*s) is %s", clause, (int)t.len, t.s, value);
}

bool stub_not_integer(const Ctx *c, const Annotation *an, const char *name) {
  int node = stub_var(c, an, name, strlen(name));
  CXCursor init[2];
  int ni = node >= 0 ? cursor_child_count(node_at(c, node)->cur) : 0;  // the initializer is the last child
  return ni > 0 && ni <= 2 && cursor_children(node_at(c, node)->cur, init, 2) && !cursor_is_integer(init[ni - 1]);
}

bool stub_clang_failed(const Ctx *c, const Annotation *an, const char *prefix) {
  for (int i = 0; i < c->front->nerrors; i++) {
    const ClangError *e = &c->front->errors[i];
    if (e->in_main && e->message && e->off >= an->start && e->off < an->end &&
        (!prefix || !strncmp(e->message, prefix, strlen(prefix))))
      return true;
  }
  return false;
}
