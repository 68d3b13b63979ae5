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
  int var = lambda < 0 ? -1 : parent_past_implicit(c, lambda);
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

bool in_first_child(const Ctx *c, int p, int i) {
  return p + 1 <= node_at(c, p)->last && node_at(c, p + 1)->parent == p && i >= p + 1 && i <= node_at(c, p + 1)->last;
}

// Whether the expression at node i is only cast to void (`(void)f;`).
static bool discarded(const Ctx *c, int i) {
  int up = parent_past_implicit(c, i);
  return up >= 0 &&
         (node_at(c, up)->kind == CXCursor_CStyleCastExpr || node_at(c, up)->kind == CXCursor_CXXStaticCastExpr) &&
         clang_getCursorType(node_at(c, up)->cur).kind == CXType_Void;
}

int run_parent(const Ctx *c, const Kernel *k, int p) {
  if (node_at(c, p)->kind != CXCursor_LambdaExpr) return node_at(c, p)->parent;
  int var = parent_past_implicit(c, p);
  if (var < 0) return -1;
  if (node_at(c, var)->kind != CXCursor_VarDecl)  // `[&] { ... }()` runs where it stands; an argument, wherever
    return node_at(c, var)->kind == CXCursor_CallExpr && node_at(c, var)->start == node_at(c, p)->start
               ? node_at(c, p)->parent
               : RUNS_ELSEWHERE;
  int call = -1, calls = 0;
  const Node *f = node_at(c, k->func);
  for (int i = k->func + 1; i <= f->last; i++)
    if (node_at(c, i)->kind == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(node_at(c, i)->cur), node_at(c, var)->cur) && !discarded(c, i))
      call = i, calls++;
  if (calls == 0) return node_at(c, p)->parent;
  // The one use must call it (`produce(i)`), not pass it on (`run(produce)`).
  int up = calls == 1 ? parent_past_implicit(c, call) : -1;
  // Its operator(), or in a template, where the call stays unresolved, the
  // variable itself.
  CXCursor callee = up >= 0 ? clang_getCursorReferenced(node_at(c, up)->cur) : clang_getNullCursor();
  bool called = up >= 0 && node_at(c, up)->kind == CXCursor_CallExpr &&
                node_at(c, up)->start == node_at(c, call)->start &&
                (clang_getCursorKind(callee) == CXCursor_CXXMethod || clang_equalCursors(callee, node_at(c, var)->cur));
  return called ? call : RUNS_ELSEWHERE;
}

bool conditional_on_path(const Ctx *c, int p, int below) {
  const Node *n = node_at(c, p);
  bool cond = n->kind == CXCursor_IfStmt || n->kind == CXCursor_SwitchStmt || n->kind == CXCursor_ConditionalOperator;
  if (n->kind == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(n->cur);
    cond = o == CXBinaryOperator_LAnd || o == CXBinaryOperator_LOr;
  }
  return cond && !in_first_child(c, p, below);
}

// Its region, and what stands between it and the region: walked up from the
// operation to its region's body, through the one call of a lambda it is in.
void place_op(Ctx *c, Kernel *k, const Annotation *an, const Stmt *stmts, Op *o) {
  Op op = *o;
  for (int i = 0; i < k->regions.len; i++) {
    Region *r = &k->regions.items[i];
    if (an->start >= r->body.start && an->start < r->body.end) op.region = r;
  }
  int node = front_first_at(c->front, an->start);
  if (!op.region && node < c->front->nnodes) op.region = lambda_region(c, k, node);
  int below = node;
  for (int p = node < c->front->nnodes ? node_at(c, node)->parent : -1; p >= 0; below = p, p = run_parent(c, k, p)) {
    if (p == k->func || (op.region && p == op.region->body.node)) break;
    enum CXCursorKind kind = node_at(c, p)->kind;
    if (kind == CXCursor_LambdaExpr && run_parent(c, k, p) == RUNS_ELSEWHERE) {
      op.runs_elsewhere = true, op.lambda = p;
      break;
    }
    // An `if` under `#pragma tirx uniform` is taken by the whole region alike
    // (the programmer's word, docs/language.md#uniformity): a trigger under it counts as outside it.
    if (is_elect_if(c, p))
      op.under_elect = true;
    else if (conditional_on_path(c, p, below) && op.data_if < 0) {
      if (!uniform_statement(c, stmts, p))
        op.data_if = p;
      else if (op.uniform_if < 0)
        op.uniform_if = p;
    }
  }
  *o = op;
}
