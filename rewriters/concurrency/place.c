// place.c - where an operation on an event stands (docs/language.md#events):
// its region (a lambda's, by its calls), whether under elect, the innermost
// data-dependent and asserted uniform `if` above it. gather_ops.c and
// gather_grid.c ask.
#include "ast.h"
#include "kernel.h"
#include "place.h"

// An operation in a lambda written outside every region (`auto produce =
// [&](int i) { ... };`) runs in the region that calls the lambda: the one
// region that holds every call through its variable; NULL when the calls are
// in several regions, outside them, or not seen.
static Region *lambda_region(Ctx *c, Kernel *k, int node) {
  int lambda = -1;
  for (int p = node_at(c, node)->parent; p >= 0 && p != k->func && lambda < 0; p = node_at(c, p)->parent)
    if (node_at(c, p)->kind == CXCursor_LambdaExpr) lambda = p;
  if (lambda < 0) return NULL;
  int var = node_at(c, lambda)->parent;
  while (var >= 0 && node_at(c, var)->kind == CXCursor_UnexposedExpr) var = node_at(c, var)->parent;
  if (var < 0 || node_at(c, var)->kind != CXCursor_VarDecl) return NULL;
  Region *in = NULL;
  const Node *f = node_at(c, k->func);
  for (int i = k->func + 1; i <= f->last; i++) {
    if (node_at(c, i)->kind != CXCursor_DeclRefExpr ||
        !clang_equalCursors(clang_getCursorReferenced(node_at(c, i)->cur), node_at(c, var)->cur))
      continue;
    Region *r = NULL;
    for (int j = 0; j < k->regions.len; j++) {
      Region *q = &k->regions.items[j];
      if (node_at(c, i)->start >= q->body.start && node_at(c, i)->start < q->body.end) r = q;
    }
    if (!r || (in && in != r)) return NULL;
    in = r;
  }
  return in;
}

// Its region, and what stands between it and the region.
void place_op(Ctx *c, Kernel *k, const Annotation *an, const Stmt *stmts, Op *o) {
  Op op = *o;
  for (int i = 0; i < k->regions.len; i++) {
    Region *r = &k->regions.items[i];
    if (an->start >= r->body.start && an->start < r->body.end) op.region = r;
  }
  int node = front_first_at(c->front, an->start);
  if (!op.region && node < c->front->nnodes) op.region = lambda_region(c, k, node);
  for (int p = node < c->front->nnodes ? node_at(c, node)->parent : -1; p >= 0; p = node_at(c, p)->parent) {
    if (p == k->func || (op.region && p == op.region->body.node)) break;
    enum CXCursorKind kind = node_at(c, p)->kind;
    // An `if` under `#pragma tirx uniform` is taken by the whole region alike
    // (the programmer's word, docs/language.md#uniformity): a trigger under it counts as outside it.
    if (is_elect_if(c, p))
      op.under_elect = true;
    else if ((kind == CXCursor_IfStmt || kind == CXCursor_SwitchStmt || kind == CXCursor_ConditionalOperator) &&
             op.data_if < 0) {
      if (!uniform_statement(c, stmts, p))
        op.data_if = p;
      else if (op.uniform_if < 0)
        op.uniform_if = p;
    }
  }
  *o = op;
}
