// exits.c - steps a region skips under a condition the deadlock check
// cannot evaluate (docs/regions-and-events.md#leaving-a-step-early-under-data).
//
// The deadlock check runs every region with the integers it can know; a
// `break`, `continue` or `return` under a condition it cannot evaluate (one
// that reads memory, a kernel parameter, the block's index, a persistent
// loop's tile, a call) is not taken there, and an `if` under one runs both
// ways. Such an `if` (a guard) whose two ways through wait differently on an
// event another region uses is right only when that region changes its own
// operations on the events the two share under the same condition, the
// same way: else the two count different steps on a slot, and a wait never
// completes or passes on a phase meant for another step. A way through is
// the branch's operations up to the break, continue or return that ends it;
// a continue also drops the rest of the iteration, a break the rest of its
// loop, a return the rest of the region. Conditions are compared as written,
// blanks aside, with the conditions of the ifs around, each local constant
// replaced by its initializer and a persistent loop's index by its place.
// Conditions on the thread are the other checks' (a wait or trigger skipped
// by some threads of a region); guards that change only triggers are left to
// the deadlock check and the watchdog (a release that never comes stops the
// waiter; it does not read a slot out of step).
#include <stdint.h>
#include <string.h>

#include "ast.h"
#include "exits.h"
#include "uniform.h"

enum {
  MAX_EXPAND = 8,   // local constants replaced within one another
  MAX_EVENTS = 64,  // events a kernel's skipped sets can name (bits)
};

typedef struct {
  Ctx *c;
  const Kernel *k;
  const int *loops;  // the stubs' for nodes of the kernel's persistent loops
  int nloops;
} Walks;

// The text of a condition as compared: blanks dropped (one space kept
// between two words), each local constant replaced by its initializer, a
// persistent loop's index by its place in the loop's header.
typedef struct {
  const Walks *w;
  Buf *b;
  bool opaque;  // the deadlock check cannot evaluate it
  int depth;
} Canon;

static bool word_char(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

static void put_text(Canon *x, size_t from, size_t to) {
  const char *s = x->w->c->src->data;
  bool blank = false;
  for (size_t i = from; i < to; i++) {
    if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
      blank = true;
      continue;
    }
    if (blank && x->b->len && word_char(x->b->data[x->b->len - 1]) && word_char(s[i])) buf_putc(x->b, ' ');
    buf_putc(x->b, s[i]);
    blank = false;
  }
}

// Which integer of a persistent loop's stub (its tile index, a loop over
// groups' g and t) d is, -1 when none.
static int walk_variable(const Walks *w, CXCursor d) {
  for (int i = 0; i < w->nloops; i++) {
    CXCursor parts[4], decl[8];
    if (cursor_children(node_at(w->c, w->loops[i])->cur, parts, 4) < 1) continue;
    int n = cursor_children(parts[0], decl, 8);
    for (int j = 0; j < n; j++)
      if (clang_equalCursors(decl[j], d)) return j;
  }
  return -1;
}

// Past the implicit conversions clang wraps around an expression (same text).
static int past_implicit(const Ctx *c, int node) {
  while (node_at(c, node)->kind == CXCursor_UnexposedExpr && node + 1 <= node_at(c, node)->last &&
         node_at(c, node + 1)->start == node_at(c, node)->start && node_at(c, node + 1)->end == node_at(c, node)->end)
    node++;
  return node;
}

// C's precedence of a binary operator, higher binding tighter (multiplicative
// 13 ... comma 1).
static int binary_precedence(CXCursor cur) {
  switch (clang_getCursorBinaryOperatorKind(cur)) {
  case CXBinaryOperator_Mul:
  case CXBinaryOperator_Div:
  case CXBinaryOperator_Rem: return 13;
  case CXBinaryOperator_Add:
  case CXBinaryOperator_Sub: return 12;
  case CXBinaryOperator_Shl:
  case CXBinaryOperator_Shr: return 11;
  case CXBinaryOperator_LT:
  case CXBinaryOperator_GT:
  case CXBinaryOperator_LE:
  case CXBinaryOperator_GE: return 10;
  case CXBinaryOperator_EQ:
  case CXBinaryOperator_NE: return 9;
  case CXBinaryOperator_And: return 8;
  case CXBinaryOperator_Xor: return 7;
  case CXBinaryOperator_Or: return 6;
  case CXBinaryOperator_LAnd: return 5;
  case CXBinaryOperator_LOr: return 4;
  case CXBinaryOperator_Comma: return 1;
  default: return 2;  // assignments
  }
}

// How tightly an initializer's text holds together where it is put in.
static int own_precedence(const Ctx *c, int node) {
  node = past_implicit(c, node);
  switch (node_at(c, node)->kind) {
  case CXCursor_BinaryOperator: return binary_precedence(node_at(c, node)->cur);
  case CXCursor_ConditionalOperator: return 3;
  case CXCursor_UnaryOperator:
  case CXCursor_CStyleCastExpr: return 14;
  default: return 16;  // a name, a literal, a member, an element, a call, a parenthesized expression
  }
}

// Whether an initializer of precedence `own` needs parentheses in the place
// of the name at node: as an operand of a tighter (or, on the right, an
// equal) operator, of a unary one, or before `.`, `[` or `(`.
static bool needs_parentheses(const Ctx *c, int node, int own) {
  int p = node_at(c, node)->parent, below = node;
  while (p >= 0 && node_at(c, p)->kind == CXCursor_UnexposedExpr && node_at(c, p)->start == node_at(c, below)->start &&
         node_at(c, p)->end == node_at(c, below)->end)
    below = p, p = node_at(c, p)->parent;
  if (p < 0) return false;
  const Node *up = node_at(c, p);
  bool first = p + 1 == below;
  switch (up->kind) {
  case CXCursor_BinaryOperator: {
    int prec = binary_precedence(up->cur);
    return own < prec || (own == prec && !first);
  }
  case CXCursor_ConditionalOperator: return own <= 3 && first;
  case CXCursor_UnaryOperator:
  case CXCursor_CStyleCastExpr: return own < 14;
  case CXCursor_MemberRefExpr:
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_CallExpr: return first && own < 16;
  default: return false;
  }
}

static void put_node(Canon *x, int node);

// The node of local d's declaration in function func, -1 if none (looked
// up by cursor: the second declarator of `const int a = 1, b = 2;` starts
// where the first does, not where its cursor's extent says).
static int declaration_in(const Ctx *c, int func, CXCursor d) {
  for (int i = func; i <= node_at(c, func)->last; i++)
    if (node_at(c, i)->kind == CXCursor_VarDecl && clang_equalCursors(node_at(c, i)->cur, d)) return i;
  return -1;
}

static const char *const block_identity[] = {"blockIdx", "gridDim", "clusterIdx", "clusterDim", NULL};

// Whether any assignment of local d in the kernel gives it a value the
// deadlock check cannot follow.
static bool assigned_opaque(Canon *x, CXCursor d) {
  const Ctx *c = x->w->c;
  const Node *f = node_at(c, x->w->k->func);
  for (int i = x->w->k->func + 1; i <= f->last; i++) {
    CXCursor var;
    int from = -1;
    if (node_at(c, i)->kind == CXCursor_VarDecl || !assignment_at(c, i, clang_getNullCursor(), &var, &from) ||
        !clang_equalCursors(var, d) || from < 0)
      continue;
    Buf scratch = {0};
    Canon y = {x->w, &scratch, false, x->depth + 1};
    put_node(&y, from);
    buf_free(&scratch);
    if (y.opaque) return true;
  }
  return false;
}

// A name read in a condition, as compared.
static void put_name(Canon *x, int j) {
  Ctx *c = x->w->c;
  const Node *m = node_at(c, j);
  CXCursor d = clang_getCursorReferenced(m->cur);
  enum CXCursorKind kind = clang_getCursorKind(d);
  if (kind == CXCursor_ParmDecl) x->opaque = true;
  if (kind != CXCursor_VarDecl) {
    put_text(x, m->start, m->end);
    return;
  }
  CXString s = clang_getCursorSpelling(d);
  for (int i = 0; block_identity[i]; i++)
    if (!strcmp(clang_getCString(s), block_identity[i])) x->opaque = true;
  clang_disposeString(s);
  int which = walk_variable(x->w, d);
  if (which >= 0) {
    x->opaque = true;
    buf_printf(x->b, "@%d", which);
    return;
  }
  const int func = x->w->k->func;
  if (!automatic_in(c, d, func)) {  // a constant of the file, or memory
    if (!clang_isConstQualifiedType(clang_getCursorType(d))) x->opaque = true;
    put_text(x, m->start, m->end);
    return;
  }
  int decl = declaration_in(c, func, d), init = -1;
  CXCursor var;
  bool constant = decl >= 0 && assignment_at(c, decl, clang_getNullCursor(), &var, &init) && init >= 0 &&
                  assigns_to(c, func, d) < 0 && aliased_in(c, func, d) < 0;
  if (!constant || x->depth >= MAX_EXPAND) {
    if (x->depth >= MAX_EXPAND || assigned_opaque(x, d)) x->opaque = true;
    put_text(x, m->start, m->end);
    return;
  }
  bool paren = needs_parentheses(c, j, own_precedence(c, init));
  if (paren) buf_putc(x->b, '(');
  x->depth++;
  put_node(x, init);
  x->depth--;
  if (paren) buf_putc(x->b, ')');
}

static void put_node(Canon *x, int node) {
  const Ctx *c = x->w->c;
  const Node *n = node_at(c, node);
  if (n->kind == CXCursor_DeclRefExpr) {
    put_name(x, node);
    return;
  }
  size_t pos = n->start;
  for (int j = node + 1; j <= n->last; j++) {
    const Node *m = node_at(c, j);
    if (m->start < pos || m->end > n->end) continue;
    switch (m->kind) {
    case CXCursor_ArraySubscriptExpr:
    case CXCursor_CallExpr: x->opaque = true; break;
    case CXCursor_UnaryOperator:
      if (c->src->data[m->start] == '*') x->opaque = true;
      break;
    case CXCursor_MemberRefExpr:
      for (size_t q = m->start; q + 1 < m->end; q++)
        if (c->src->data[q] == '-' && c->src->data[q + 1] == '>') x->opaque = true;
      break;
    case CXCursor_DeclRefExpr:
      put_text(x, pos, m->start);
      put_name(x, j);
      pos = m->end;
      j = m->last;
      break;
    default: break;
    }
  }
  put_text(x, pos, n->end);
}


// What a guard does to a region's operations on one event, when its
// condition holds against when it does not: nothing, more, fewer, as many of
// another kind, the rest of a loop skipped (break), the rest of the region
// skipped (return).
enum { SAME = 0, MORE = '+', FEWER = '-', OTHER = '~', LOOP_LEFT = 'B', REGION_LEFT = 'R' };

// An `if` of an async region under a condition the deadlock check cannot
// evaluate, whose two ways through differ in the region's operations on
// some event.
typedef struct {
  int node;                // the if
  int region;              // index in k->regions
  int cond;                // its condition
  int jump;                // the break, continue or return it takes, -1
  bool waits;              // its ways through wait differently (else only their triggers differ)
  const char *conditions;  // the ifs around it and its own, as compared
  char effect[MAX_EVENTS];
} Guard;

static bool inside(const Ctx *c, size_t off, int node) {
  return off >= node_at(c, node)->start && off < node_at(c, node)->end;
}

static int event_index(const Kernel *k, const Event *ev) { return (int)(ev - k->events.items); }

static bool counted(const Op *op, const Region *r) {
  return op->region == r && !op->runs_elsewhere && op->kind != OP_REGION_SYNC && op->event;
}

// The events region r operates on (bits).
static uint64_t region_events(const Kernel *k, const Region *r) {
  uint64_t m = 0;
  for (int i = 0; i < k->ops.len; i++)
    if (counted(&k->ops.items[i], r)) m |= 1ull << event_index(k, k->ops.items[i].event);
  return m;
}

// The break, continue or return that ends a branch (the branch itself, or a
// statement of its block), -1 when it runs to its end.
static int branch_jump(const Ctx *c, int branch) {
  enum CXCursorKind kind = node_at(c, branch)->kind;
  if (kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt || kind == CXCursor_ReturnStmt) return branch;
  if (kind != CXCursor_CompoundStmt) return -1;
  for (int j = branch + 1; j <= node_at(c, branch)->last; j = node_at(c, j)->last + 1) {
    kind = node_at(c, j)->kind;
    if (kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt || kind == CXCursor_ReturnStmt) return j;
  }
  return -1;
}

// The operations of region r in [from, to) on each event: waits and
// triggers added to w[] and t[].
static void count_ops(const Kernel *k, const Region *r, size_t from, size_t to, int *w, int *t) {
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (!counted(op, r) || op->an->start < from || op->an->start >= to) continue;
    (op->kind == OP_WAIT ? w : t)[event_index(k, op->event)]++;
  }
}

// One way through the if (a branch, or none): its operations up to the
// jump that ends it, if any (*jump). The rest of the iteration after the if
// runs on both ways alike unless one continues (rest_of_iteration).
static void way_through(const Ctx *c, const Kernel *k, const Region *r, int branch, int *w, int *t, int *jump) {
  *jump = branch < 0 ? -1 : branch_jump(c, branch);
  if (branch >= 0)
    count_ops(k, r, node_at(c, branch)->start, *jump >= 0 ? node_at(c, *jump)->start : node_at(c, branch)->end, w, t);
}

// The rest of a continue's iteration: the operations after the if in the
// loop it continues.
static void rest_of_iteration(const Ctx *c, const Kernel *k, const Region *r, int ifnode, int jump, int *w, int *t) {
  int loop = jump_target(c, jump);
  if (loop >= 0) count_ops(k, r, node_at(c, ifnode)->end, node_at(c, loop)->end, w, t);
}

// What leaving by `jump` skips beyond the iteration: a break, the whole loop's
// operations; a return, those after it and those of the loops around it.
static bool mark_left(const Ctx *c, const Kernel *k, const Region *r, int jump, char *effect) {
  bool waits = false;
  enum CXCursorKind kind = node_at(c, jump)->kind;
  int loop = kind == CXCursor_BreakStmt ? jump_target(c, jump) : -1;
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (!counted(op, r)) continue;
    size_t off = op->an->start;
    bool left = false;
    if (kind == CXCursor_BreakStmt)
      left = loop >= 0 && inside(c, off, loop);
    else {
      left = off > node_at(c, jump)->start;
      for (int p = node_at(c, jump)->parent; !left && p >= 0 && p != r->body.node; p = node_at(c, p)->parent)
        left = front_is_loop(node_at(c, p)->kind) && inside(c, off, p);
    }
    if (left) effect[event_index(k, op->event)] = kind == CXCursor_BreakStmt ? LOOP_LEFT : REGION_LEFT;
    waits |= left && op->kind == OP_WAIT;
  }
  return waits;
}

// A loop that ends only by a jump: `for (;;)`, `while (true)`, `do ... while (1)`.
static bool loop_without_test(const Ctx *c, int loop) {
  if (loop < 0) return false;
  int cond = -1;
  long long v;
  bool u;
  switch (node_at(c, loop)->kind) {
  case CXCursor_ForStmt: {
    ForParts fp;
    if (!for_parts(c, loop, &fp)) return false;
    cond = fp.cond;
    if (cond < 0) return true;
    break;
  }
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt: {
    int kids[2], nk = front_children(c->front, loop, kids, 2);
    if (nk != 2) return false;
    cond = kids[node_at(c, loop)->kind == CXCursor_DoStmt ? 1 : 0];
    break;
  }
  default: return false;
  }
  return front_eval_int(node_at(c, cond)->cur, &v, &u) && v;
}

// The conditions of the ifs around node up to the region's body, outermost
// last, each with the branch it stands in; false when one is a condition on
// the thread (the other checks').
static bool around(const Walks *w, int node, int top, Canon *x) {
  Ctx *c = w->c;
  for (int p = node_at(c, node)->parent, below = node; p >= 0 && p != top; below = p, p = node_at(c, p)->parent) {
    if (node_at(c, p)->kind != CXCursor_IfStmt) continue;
    int kids[4], nk = front_children(c->front, p, kids, 4), cond = nk >= 4 ? 1 : 0;
    if (nk < 2 || below == kids[cond]) continue;
    if (thread_dependent_condition(c, w->k, p, node_at(c, node)->start)) return false;
    buf_puts(x->b, nk > cond + 2 && below == kids[cond + 2] ? "<else(" : "<if(");
    put_node(x, kids[cond]);
    buf_puts(x->b, ")");
  }
  return true;
}

// The guard at if node p of region r; false when p is none.
static bool read_guard(const Walks *w, int r, int p, Guard *g) {
  Ctx *c = w->c;
  const Kernel *k = w->k;
  const Region *reg = &k->regions.items[r];
  int kids[4], nk = front_children(c->front, p, kids, 4), cond = nk >= 4 ? 1 : 0;
  if (nk < cond + 2 || thread_dependent_condition(c, k, p, node_at(c, kids[cond + 1])->start)) return false;
  Buf b = {0};
  Canon x = {w, &b, false, 0};
  buf_puts(&b, "if(");
  put_node(&x, kids[cond]);
  buf_puts(&b, ")");
  bool opaque = x.opaque;
  if (!opaque || !around(w, p, reg->body.node, &x)) {
    buf_free(&b);
    return false;
  }
  *g = (Guard){.node = p, .region = r, .cond = kids[cond], .jump = -1};
  g->conditions = arena_strndup(c->arena, b.data, b.len);
  buf_free(&b);
  int n = k->events.len;
  int tw[MAX_EVENTS] = {0}, tt[MAX_EVENTS] = {0}, ew[MAX_EVENTS] = {0}, et[MAX_EVENTS] = {0}, tj, ej;
  way_through(c, k, reg, kids[cond + 1], tw, tt, &tj);
  way_through(c, k, reg, nk > cond + 2 ? kids[cond + 2] : -1, ew, et, &ej);
  bool tc = tj >= 0 && node_at(c, tj)->kind == CXCursor_ContinueStmt;
  bool ec = ej >= 0 && node_at(c, ej)->kind == CXCursor_ContinueStmt;
  if (tc && !ec && ej < 0) rest_of_iteration(c, k, reg, p, tj, ew, et);
  if (ec && !tc && tj < 0) rest_of_iteration(c, k, reg, p, ej, tw, tt);
  bool waits = false;  // a way through waits more or less than the other
  for (int e = 0; e < n; e++) {
    int a = tw[e] + tt[e], o = ew[e] + et[e];
    g->effect[e] = tw[e] == ew[e] && tt[e] == et[e] ? SAME : a > o ? MORE : a < o ? FEWER : OTHER;
    waits |= tw[e] != ew[e];
  }
  for (int j = 0; j < 2; j++) {
    int jump = j ? ej : tj;
    if (jump < 0) continue;
    if (node_at(c, jump)->kind == CXCursor_BreakStmt && loop_without_test(c, jump_target(c, jump)))
      return false;  // the loop's own end (`for (;;) { ... if (last) break; }`)
    if (node_at(c, jump)->kind != CXCursor_ContinueStmt) waits |= mark_left(c, k, reg, jump, g->effect);
    if (g->jump < 0) g->jump = jump;
  }
  g->waits = waits;
  for (int e = 0; e < n; e++)
    if (g->effect[e] != SAME) return true;
  return false;
}

// The guards of region r.
static int region_guards(const Walks *w, int r, Guard *out, int max) {
  Ctx *c = w->c;
  const Kernel *k = w->k;
  const Region *reg = &k->regions.items[r];
  int n = 0;
  for (int j = reg->body.node + 1; j <= node_at(c, reg->body.node)->last && n < max; j++)
    if (node_at(c, j)->kind == CXCursor_IfStmt && node_at(c, j)->func == k->func && !is_elect_if(c, j) &&
        read_guard(w, r, j, &out[n]))
      n++;
  return n;
}

static const char *event_names(Ctx *c, const Kernel *k, const Guard *g, uint64_t among) {
  Buf b = {0};
  int n = 0, total = 0;
  for (int i = 0; i < k->events.len; i++) total += (among >> i & 1) && g->effect[i] != SAME;
  for (int i = 0; i < k->events.len; i++) {
    if (!(among >> i & 1) || g->effect[i] == SAME) continue;
    const Span s = k->events.items[i].name;
    buf_printf(&b, "%s'%.*s'", !n ? "" : n + 1 == total ? " and " : ", ", (int)s.len, s.s);
    n++;
  }
  const char *out = arena_strndup(c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return out;
}

static bool same_guard(const Guard *a, const Guard *b, uint64_t shared) {
  if (strcmp(a->conditions, b->conditions)) return false;
  for (int e = 0; e < MAX_EVENTS; e++)
    if ((shared >> e & 1) && a->effect[e] != b->effect[e]) return false;
  return true;
}

static const char *jump_word(const Ctx *c, int j) {
  enum CXCursorKind kind = node_at(c, j)->kind;
  return kind == CXCursor_BreakStmt ? "break" : kind == CXCursor_ContinueStmt ? "continue" : "return";
}

static void report(Ctx *c, const Kernel *k, const Guard *g, uint64_t shared, const Region *other, const Guard *near) {
  const Node *cond = node_at(c, g->cond);
  const char *names = event_names(c, k, g, shared), *label = region_label(c, other);
  const char *verb = g->jump >= 0 ? "skip" : "change", *how = near ? " the same way" : "";
  diag_error(c->diag, node_at(c, g->jump >= 0 ? g->jump : g->node)->start,
             "this '%s' %ss this region's waits and triggers of %s under a condition tirx-pp cannot evaluate "
             "('%.*s'), and '%s' does not %s its own%s under that condition: the two regions then count different "
             "steps on a slot, and a wait never completes or passes on a phase meant for another step; write the "
             "same condition, with the same effect on %s, in that region (tirx-pp compares conditions as written, "
             "local constants replaced by their initializers), or let both ways through this region wait and "
             "trigger alike",
             g->jump >= 0 ? jump_word(c, g->jump) : "if", verb, names, (int)(cond->end - cond->start),
             c->src->data + cond->start, label, verb, how, names);
  if (near)
    diag_note(c->diag, node_at(c, near->jump >= 0 ? near->jump : near->node)->start,
              "that region's '%s' under the same condition changes its waits and triggers of %s",
              near->jump >= 0 ? jump_word(c, near->jump) : "if", event_names(c, k, near, shared));
  else
    diag_note(c->diag, other->an->start, "the region that does not");
}

void check_region_exits(Ctx *c, Kernel *k) {
  if (k->failed_regions || k->failed_part || k->events.len > MAX_EVENTS || k->regions.len < 2) return;
  int *loops = arena_alloc(c->arena, sizeof(int) * (size_t)(c->anns->len + 1)), nloops = 0;
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->dir.kind != DIR_PERSISTENT || an->skipped || an->bad || !inside(c, an->start, k->func)) continue;
    int loop = front_first_at(c->front, an->start);
    if (loop < c->front->nnodes && node_at(c, loop)->kind == CXCursor_ForStmt) loops[nloops++] = loop;
  }
  Walks w = {c, k, loops, nloops};
  enum { MAX_GUARDS = 64 };
  int R = k->regions.len;
  Guard *guards = arena_alloc(c->arena, sizeof(Guard) * MAX_GUARDS * (size_t)R);
  int *nguards = arena_alloc(c->arena, sizeof(int) * (size_t)R);
  uint64_t *events = arena_alloc(c->arena, sizeof(uint64_t) * (size_t)R);
  bool *told = arena_alloc(c->arena, sizeof(bool) * (size_t)(R * R));  // one message for two regions
  for (int r = 0; r < R; r++) {
    const Region *reg = &k->regions.items[r];
    if (!reg->async || reg->body.node < 0) continue;
    events[r] = region_events(k, reg);
    nguards[r] = region_guards(&w, r, guards + r * MAX_GUARDS, MAX_GUARDS);
  }
  for (int r = 0; r < R; r++)
    for (int i = 0; i < nguards[r]; i++) {
      const Guard *g = &guards[r * MAX_GUARDS + i];
      // Triggers alone skipped under data (the last releases of a ring) are
      // left to the deadlock check and the watchdog: the region that waits
      // for them stops; it does not use a slot out of step.
      if (!g->waits) continue;
      for (int o = 0; o < R; o++) {
        uint64_t shared = events[r] & events[o], touched = 0;
        for (int e = 0; e < k->events.len; e++)
          if (g->effect[e] != SAME) touched |= 1ull << e;
        if (o == r || !(touched & shared) || told[r * R + o]) continue;
        const Guard *near = NULL;
        bool match = false;
        for (int j = 0; j < nguards[o] && !match; j++) {
          const Guard *f = &guards[o * MAX_GUARDS + j];
          match = same_guard(g, f, shared);
          if (!match && !near && !strcmp(g->conditions, f->conditions)) near = f;
        }
        if (match) continue;
        report(c, k, g, shared, &k->regions.items[o], near);
        told[r * R + o] = told[o * R + r] = true;
        break;
      }
    }
}
