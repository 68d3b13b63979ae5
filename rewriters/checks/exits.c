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
// loop, a return the rest of the region (a break out of the region's last
// loop of an event too); an operation in a loop that the guard leaves empty
// (`if (nk == 0) return;` before `for (k = 0; k < nk; ++k)`) runs on neither
// way, and one in a lambda called once counts at the call. Conditions are
// compared as written, blanks aside, with the conditions of the ifs around
// (but those on the thread), negations taken out, each local constant
// replaced by its initializer, an assigned local by all its values, a loop's
// counter by the loop's depth and a persistent loop's index by its place.
// Conditions on the thread are the other checks' (a wait or trigger skipped
// by some threads of a region); guards that change only triggers are left to
// the deadlock check and the watchdog (a release that never comes stops the
// waiter; it does not read a slot out of step).
//
// Loops whose bounds it cannot evaluate run a few rounds there, alike in
// every region: each event's waits in one region and its triggers in the
// region that triggers it are also counted from the loops around them as
// written (check_counts), and must agree.
#include <stdint.h>
#include <string.h>

#include "ast.h"
#include "exits.h"
#include "place.h"
#include "uniform.h"

enum {
  MAX_EXPAND = 8,   // locals replaced within one another
  MAX_EVENTS = 64,  // events a kernel's effects can name
  MAX_GUARDS = 64,  // guards of one region
};

typedef struct {
  Ctx *c;
  const Kernel *k;
  const int *loops;  // the stubs' for nodes of the kernel's persistent loops
  int nloops;
  const size_t *site;  // per operation: where it runs in the kernel's function (a lambda's: at its call)
} Walks;

// The text of a condition as compared: blanks dropped (one space kept
// between two words), each local constant replaced by its initializer, a
// local that is assigned by its assignments, a loop's counter by the loop's
// depth, a persistent loop's index by its place in the loop's header.
typedef struct {
  const Walks *w;
  Buf *b;
  int top;        // the region's body
  CXCursor self;  // the local whose assignment is being written (null: none)
  bool opaque;    // the deadlock check cannot evaluate it
  bool memory;    // it reads memory or calls a function
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

static bool inside(const Ctx *c, size_t off, int node) {
  return off >= node_at(c, node)->start && off < node_at(c, node)->end;
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

// The node of local d's declaration in function func, -1 if none.
static int declaration_in(const Ctx *c, int func, CXCursor d) {
  int i = node_of_cursor(c, d);
  return i > func && i <= node_at(c, func)->last ? i : -1;
}

// The depth below `top` of the loop whose `for (...)` declares the local at
// decl (1: a loop of the region's body), 0 when it is no loop's counter.
static int counter_depth(const Ctx *c, int decl, int top) {
  int ds = node_at(c, decl)->parent, loop = ds >= 0 ? node_at(c, ds)->parent : -1;
  ForParts fp;
  if (loop < 0 || node_at(c, loop)->kind != CXCursor_ForStmt || !for_parts(c, loop, &fp) || fp.init != ds) return 0;
  int depth = 0;
  for (int p = loop; p >= 0 && p != top; p = node_at(c, p)->parent) depth += front_is_loop(node_at(c, p)->kind);
  return depth;
}

static const char *const block_identity[] = {"blockIdx", "gridDim", "clusterIdx", "clusterDim", NULL};

// A local that is assigned after its declaration (or has no initializer):
// its name (a loop's counter: `#depth`), then each value given to it in the
// kernel, in order, with its operator.
static void put_assigned(Canon *x, CXCursor d, int decl, size_t name_start, size_t name_end) {
  Ctx *c = x->w->c;
  const Node *f = node_at(c, x->w->k->func);
  int depth = decl >= 0 ? counter_depth(c, decl, x->top) : 0;
  if (depth)
    buf_printf(x->b, "#%d", depth);
  else
    put_text(x, name_start, name_end);
  if (x->depth >= MAX_EXPAND) {
    x->opaque = true;
    return;
  }
  buf_putc(x->b, '{');
  for (int i = x->w->k->func + 1; i <= f->last; i++) {
    CXCursor var;
    int from = -1;
    if (!assignment_at(c, i, clang_getNullCursor(), &var, &from) || !clang_equalCursors(var, d)) continue;
    const Node *n = node_at(c, i);
    if (from < 0)
      buf_puts(x->b, c->src->data[n->start] == '-' || c->src->data[n->end - 1] == '-' ? "--" : "++");
    else if (n->kind == CXCursor_VarDecl)
      buf_putc(x->b, '=');
    else
      put_text(x, from > i + 1 ? node_at(c, i + 1)->end : n->start, node_at(c, from)->start);  // `=`, `+=`, ...
    if (from >= 0) {
      Canon y = *x;
      y.self = d, y.depth = x->depth + 1;
      put_node(&y, from);
      x->opaque |= y.opaque, x->memory |= y.memory;
    }
    buf_putc(x->b, ';');
  }
  buf_putc(x->b, '}');
}

// The initializer of local d of function func when d is never assigned
// after it, nor its address taken; -1 otherwise.
static int constant_init(const Ctx *c, int func, CXCursor d) {
  int decl = declaration_in(c, func, d), init = -1;
  CXCursor var;
  if (decl < 0 || !assignment_at(c, decl, clang_getNullCursor(), &var, &init) || init < 0 ||
      assigns_to(c, func, d) >= 0 || aliased_in(c, func, d) >= 0)
    return -1;
  return init;
}

// A name read in a condition, as compared.
static void put_name(Canon *x, int j) {
  Ctx *c = x->w->c;
  const Node *m = node_at(c, j);
  CXCursor d = clang_getCursorReferenced(m->cur);
  switch (clang_getCursorKind(d)) {
  case CXCursor_VarDecl: break;
  case CXCursor_FunctionDecl:
  case CXCursor_CXXMethod:
  case CXCursor_FunctionTemplate:
  case CXCursor_EnumConstantDecl:
  case CXCursor_NonTypeTemplateParameter: put_text(x, m->start, m->end); return;
  case CXCursor_ParmDecl:
  case CXCursor_UnexposedDecl:  // a structured binding
    x->opaque = true;
    put_text(x, m->start, m->end);
    return;
  default: put_text(x, m->start, m->end); return;  // a dependent name: a template's, known at compile time
  }
  if (!clang_Cursor_isNull(x->self) && clang_equalCursors(d, x->self)) {
    buf_puts(x->b, "@self");
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
    if (!clang_isConstQualifiedType(clang_getCursorType(d))) x->opaque = x->memory = true;
    put_text(x, m->start, m->end);
    return;
  }
  if (aliased_in(c, func, d) >= 0) {
    x->opaque = x->memory = true;
    put_text(x, m->start, m->end);
    return;
  }
  int decl = declaration_in(c, func, d), init = constant_init(c, func, d);
  if (init < 0 || x->depth >= MAX_EXPAND) {
    put_assigned(x, d, decl, m->start, m->end);
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
    case CXCursor_CallExpr: x->opaque = x->memory = true; break;
    case CXCursor_UnaryOperator:
      if (c->src->data[m->start] == '*') x->opaque = x->memory = true;
      break;
    case CXCursor_MemberRefExpr:
      for (size_t q = m->start; q + 1 < m->end; q++)
        if (c->src->data[q] == '-' && c->src->data[q + 1] == '>') x->opaque = x->memory = true;
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

// The first child of node, past parentheses and implicit conversions.
static int operand(const Ctx *c, int node) {
  int kid;
  return front_children(c->front, node, &kid, 1) == 1 ? past_implicit(c, kid) : -1;
}

// A condition as compared, its negations taken out: `!c`, `a != b`, `a >=
// b`, `a <= b` are written `c`, `a==b`, `a<b`, `b<a`, and true is returned
// (the condition is the negation of what is written); `a > b` is `b<a`.
static bool put_condition(Canon *x, int cond) {
  const Ctx *c = x->w->c;
  bool negated = false;
  int n = past_implicit(c, cond);
  for (int through = 0;;) {
    const Node *m = node_at(c, n);
    if (m->kind == CXCursor_DeclRefExpr && through < MAX_EXPAND) {  // a local constant: its initializer's form
      CXCursor d = clang_getCursorReferenced(m->cur);
      int init =
          clang_getCursorKind(d) == CXCursor_VarDecl && automatic_in(c, d, x->w->k->func) && walk_variable(x->w, d) < 0
              ? constant_init(c, x->w->k->func, d)
              : -1;
      if (init >= 0) {
        n = past_implicit(c, init), through++;
        continue;
      }
    }
    bool not = m->kind == CXCursor_UnaryOperator && c->src->data[m->start] == '!';
    if ((m->kind != CXCursor_ParenExpr && !not ) || operand(c, n) < 0) break;
    negated ^= not ;
    n = operand(c, n);
  }
  int kids[2];
  if (node_at(c, n)->kind == CXCursor_BinaryOperator && front_children(c->front, n, kids, 2) == 2) {
    const char *op = NULL;
    bool swap = false, flip = false;
    switch (clang_getCursorBinaryOperatorKind(node_at(c, n)->cur)) {
    case CXBinaryOperator_NE: op = "==", flip = true; break;
    case CXBinaryOperator_GE: op = "<", flip = true; break;
    case CXBinaryOperator_LE: op = "<", flip = swap = true; break;
    case CXBinaryOperator_GT: op = "<", swap = true; break;
    default: break;
    }
    if (op) {
      put_node(x, kids[swap]);
      buf_puts(x->b, op);
      put_node(x, kids[!swap]);
      return negated ^ flip;
    }
  }
  put_node(x, n);
  return negated;
}

// What a guard does to a region's operations on one event, when its
// condition (as compared, negations taken out) holds against when it does
// not: nothing, more, fewer, as many of another kind; or, taken when it holds
// (upper case) or when it does not (lower case), the rest of a loop skipped
// (break) or the rest of the region skipped (return, or a break out of the
// region's last loop of that event).
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
  const char *own;         // its condition as compared
  bool holds;              // own holds on the then-branch (not negated)
  const char *conditions;  // the ifs around it and its own, as compared
  char effect[MAX_EVENTS];
} Guard;

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

// Where op runs in the kernel's function: where it is written, or, in a
// lambda that a variable holds and one call runs, at that call.
static size_t op_site(Ctx *c, const Kernel *k, const Op *op) {
  int node = front_first_at(c->front, op->an->start);
  size_t at = op->an->start;
  for (int p = node < c->front->nnodes ? node_at(c, node)->parent : -1; p >= 0 && p != k->func;) {
    if (node_at(c, p)->kind != CXCursor_LambdaExpr) {
      p = node_at(c, p)->parent;
      continue;
    }
    int up = run_parent(c, k, p);
    if (up < 0) break;
    if (up != node_at(c, p)->parent) at = node_at(c, up)->start;
    p = up;
  }
  return at;
}

// The condition of if node p, its then and its else branch (-1: none);
// false when it has no branch. `if (init; cond)` has its init first.
static bool if_parts(const Ctx *c, int p, int *cond, int *then, int *els) {
  int kids[4], nk = front_children(c->front, p, kids, 4);
  int i = nk >= 3 && node_at(c, kids[0])->kind == CXCursor_DeclStmt ? 1 : 0;
  if (nk < i + 2) return false;
  *cond = kids[i], *then = kids[i + 1], *els = nk > i + 2 ? kids[i + 2] : -1;
  return true;
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

// Whether the guard, taken when its condition is `holds`, implies that the
// for loop `loop` after it runs no iteration: `for (k = A; k < B; ...)` under
// `A == B`, `B == A`, not `A < B` (`B <= A`), and with A = 0 `B == 0`, `B <
// 1`, not `0 < B` (`B <= 0`), not `B` (`!B`).
static bool empties(Canon *x, const Guard *g, bool holds, int loop) {
  const Ctx *c = x->w->c;
  ForParts fp;
  int kids[2], lhs, counter = -1, from = -1;
  if (node_at(c, loop)->kind != CXCursor_ForStmt || !for_parts(c, loop, &fp) || fp.init < 0 || fp.cond < 0)
    return false;
  int cond = past_implicit(c, fp.cond);
  if (node_at(c, cond)->kind != CXCursor_BinaryOperator || front_children(c->front, cond, kids, 2) != 2) return false;
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(node_at(c, cond)->cur);
  if (op != CXBinaryOperator_LT && op != CXBinaryOperator_GT) return false;
  lhs = past_implicit(c, kids[op == CXBinaryOperator_GT]);
  int bound = kids[op == CXBinaryOperator_LT];
  CXCursor var;
  for (int i = fp.init; i <= node_at(c, fp.init)->last && from < 0; i++)
    if (assignment_at(c, i, clang_getNullCursor(), &var, &from) && from >= 0) counter = i;
  if (counter < 0 || node_at(c, lhs)->kind != CXCursor_DeclRefExpr ||
      !clang_equalCursors(clang_getCursorReferenced(node_at(c, lhs)->cur), var))
    return false;
  Buf a = {0}, b = {0};
  Canon ya = *x, yb = *x;
  ya.b = &a, yb.b = &b;
  put_node(&ya, from);
  put_node(&yb, bound);
  const char *A = arena_strndup(c->arena, a.data ? a.data : "", a.len),
             *B = arena_strndup(c->arena, b.data ? b.data : "", b.len);
  buf_free(&a);
  buf_free(&b);
  const char *own = g->own;
  bool zero = !strcmp(A, "0");
  if (holds) {
    const char *forms[] = {arena_printf(c->arena, "%s==%s", A, B), arena_printf(c->arena, "%s==%s", B, A),
                           zero ? arena_printf(c->arena, "%s<1", B) : NULL};
    for (int i = 0; i < 3; i++)
      if (forms[i] && !strcmp(own, forms[i])) return true;
    return false;
  }
  return !strcmp(own, arena_printf(c->arena, "%s<%s", A, B)) ||
         (zero && (!strcmp(own, arena_printf(c->arena, "0<%s", B)) || !strcmp(own, B)));
}

// Whether the operation at `site`, after guard g's if, runs in a for loop
// that the guard, taken when its condition is `holds`, leaves empty.
static bool in_emptied_loop(Canon *x, const Guard *g, bool holds, size_t site) {
  const Ctx *c = x->w->c;
  int node = front_first_at(c->front, site);
  for (int p = node < c->front->nnodes ? node_at(c, node)->parent : -1; p >= 0 && p != x->top;
       p = node_at(c, p)->parent)
    if (node_at(c, p)->kind == CXCursor_ForStmt && node_at(c, p)->start >= node_at(c, g->node)->end &&
        empties(x, g, holds, p))
      return true;
  return false;
}

// The operations of region r whose sites are in [from, to) on each event,
// waits and triggers added to w[] and t[]; those in a loop the guard (taken
// when its condition is `holds`) leaves empty are not run (g NULL: all run).
static void count_ops(Canon *x, const Guard *g, bool holds, const Region *r, size_t from, size_t to, int *w, int *t) {
  const Kernel *k = x->w->k;
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    size_t at = x->w->site[i];
    if (!counted(op, r) || at < from || at >= to || (g && in_emptied_loop(x, g, holds, at))) continue;
    (op->kind == OP_WAIT ? w : t)[event_index(k, op->event)]++;
  }
}

// What leaving by `jump` skips beyond the iteration, the guard taken when
// its condition is `holds`: a break, the whole loop's operations (the rest
// of the region's, when the loop is the region's last of that event and in
// no other loop); a return, those after it and those of the loops around
// it. True when some of them wait.
static bool mark_left(Canon *x, Guard *g, bool holds, const Region *r, int jump) {
  const Ctx *c = x->w->c;
  const Kernel *k = x->w->k;
  enum CXCursorKind kind = node_at(c, jump)->kind;
  int loop = kind == CXCursor_BreakStmt ? jump_target(c, jump) : -1;
  bool outer = false, waits = false;
  for (int p = loop >= 0 ? node_at(c, loop)->parent : -1; p >= 0 && p != r->body.node; p = node_at(c, p)->parent)
    outer |= front_is_loop(node_at(c, p)->kind);
  uint64_t after = 0;  // events with operations after the loop
  for (int i = 0; i < k->ops.len && loop >= 0; i++)
    if (counted(&k->ops.items[i], r) && x->w->site[i] >= node_at(c, loop)->end)
      after |= 1ull << event_index(k, k->ops.items[i].event);
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    size_t off = x->w->site[i];
    if (!counted(op, r)) continue;
    bool left = false;
    if (kind == CXCursor_BreakStmt)
      left = loop >= 0 && inside(c, off, loop);
    else {
      left = off > node_at(c, jump)->start;
      for (int p = node_at(c, jump)->parent; !left && p >= 0 && p != r->body.node; p = node_at(c, p)->parent)
        left = front_is_loop(node_at(c, p)->kind) && inside(c, off, p);
    }
    if (!left || (off > node_at(c, g->node)->end && in_emptied_loop(x, g, holds, off))) continue;
    int e = event_index(k, op->event);
    bool whole = kind != CXCursor_BreakStmt || (!outer && !(after >> e & 1));
    g->effect[e] = (char)((whole ? REGION_LEFT : LOOP_LEFT) + (holds ? 0 : 'a' - 'A'));
    waits |= op->kind == OP_WAIT;
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

// The conditions of the ifs around node up to the region's body, each with
// the branch it stands in, but those on the thread (which threads run it).
static bool around(Canon *x, int node) {
  Ctx *c = x->w->c;
  for (int p = node_at(c, node)->parent, below = node; p >= 0 && p != x->top; below = p, p = node_at(c, p)->parent) {
    int cond, then, els;
    if (node_at(c, p)->kind != CXCursor_IfStmt || !if_parts(c, p, &cond, &then, &els) || below == cond) continue;
    // Which threads run it (elect, a lane): the other checks'.
    if (is_elect_if(c, p) || thread_dependent_condition(c, x->w->k, p, node_at(c, node)->start)) continue;
    buf_puts(x->b, "<if(");
    bool negated = put_condition(x, cond);
    buf_puts(x->b, negated == (below == els) ? ")" : ")!");
  }
  return true;
}

// `if constexpr`: decided at compile time.
static bool is_constexpr_if(const Ctx *c, int p) {
  size_t i = node_at(c, p)->start + 2;
  while (i < node_at(c, p)->end && (c->src->data[i] == ' ' || c->src->data[i] == '\t' || c->src->data[i] == '\n')) i++;
  return i + 9 <= c->src->len && !strncmp(c->src->data + i, "constexpr", 9);
}

// The guard at if node p of region r; false when p is none.
static bool read_guard(const Walks *w, int r, int p, Guard *g) {
  Ctx *c = w->c;
  const Kernel *k = w->k;
  const Region *reg = &k->regions.items[r];
  int cond, then, els;
  if (!if_parts(c, p, &cond, &then, &els) || thread_dependent_condition(c, k, p, node_at(c, then)->start) ||
      is_constexpr_if(c, p))
    return false;
  Buf b = {0};
  Canon x = {.w = w, .b = &b, .top = reg->body.node, .self = clang_getNullCursor()};
  bool negated = put_condition(&x, cond);
  bool opaque = x.opaque, memory = x.memory;
  *g = (Guard){.node = p, .region = r, .cond = cond, .jump = -1, .holds = !negated};
  g->own = arena_strndup(c->arena, b.data ? b.data : "", b.len);
  if (!opaque || !around(&x, p)) {
    buf_free(&b);
    return false;
  }
  g->conditions = arena_strndup(c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  // The two ways through, the one where the condition holds first.
  int ways[2] = {negated ? els : then, negated ? then : els};
  int wt[2][MAX_EVENTS] = {{0}}, tr[2][MAX_EVENTS] = {{0}}, jump[2] = {-1, -1};
  for (int i = 0; i < 2; i++) {
    if (ways[i] < 0) continue;
    jump[i] = branch_jump(c, ways[i]);
    count_ops(&x, NULL, true, reg, node_at(c, ways[i])->start,
              jump[i] >= 0 ? node_at(c, jump[i])->start : node_at(c, ways[i])->end, wt[i], tr[i]);
  }
  // A continue drops the rest of its iteration, which the other way runs
  // (unless it leaves too).
  for (int i = 0; i < 2; i++) {
    int other = !i, loop = jump[i] >= 0 ? jump_target(c, jump[i]) : -1;
    if (jump[i] < 0 || node_at(c, jump[i])->kind != CXCursor_ContinueStmt || jump[other] >= 0 || loop < 0) continue;
    count_ops(&x, g, i == 0, reg, node_at(c, p)->end, node_at(c, loop)->end, wt[other], tr[other]);
  }
  bool waits = false;  // the two ways wait differently
  for (int e = 0; e < k->events.len; e++) {
    int a = wt[0][e] + tr[0][e], o = wt[1][e] + tr[1][e];
    g->effect[e] = wt[0][e] == wt[1][e] && tr[0][e] == tr[1][e] ? SAME : a > o ? MORE : a < o ? FEWER : OTHER;
    waits |= wt[0][e] != wt[1][e];
  }
  for (int i = 0; i < 2; i++) {
    if (jump[i] < 0) continue;
    if (node_at(c, jump[i])->kind == CXCursor_BreakStmt && !memory && loop_without_test(c, jump_target(c, jump[i])))
      return false;  // the loop's own end (`for (;;) { ... if (kt + 1 >= ktiles) break; }`)
    if (node_at(c, jump[i])->kind != CXCursor_ContinueStmt) {
      Canon y = x;
      Buf scratch = {0};
      y.b = &scratch;
      waits |= mark_left(&y, g, i == 0, reg, jump[i]);
      buf_free(&scratch);
    }
    if (g->jump < 0) g->jump = jump[i];
  }
  g->waits = waits;
  for (int e = 0; e < k->events.len; e++)
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

// The text of node, its blanks (newlines, indentation) made single spaces.
static const char *quoted(Ctx *c, int node) {
  Buf b = {0};
  const Node *n = node_at(c, node);
  for (size_t i = n->start; i < n->end; i++) {
    char ch = c->src->data[i];
    bool blank = ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
    if (!blank)
      buf_putc(&b, ch);
    else if (b.len && b.data[b.len - 1] != ' ')
      buf_putc(&b, ' ');
  }
  const char *out = arena_strndup(c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return out;
}

static void report(Ctx *c, const Kernel *k, const Guard *g, uint64_t shared, const Region *other, const Guard *near) {
  const char *names = event_names(c, k, g, shared), *label = region_label(c, other);
  const char *verb = g->jump >= 0 ? "skip" : "change", *how = near ? " the same way" : "";
  diag_error(c->diag, node_at(c, g->jump >= 0 ? g->jump : g->node)->start,
             "this '%s' %ss this region's waits and triggers of %s under a condition tirx-pp cannot evaluate "
             "('%s'), and '%s' does not %s its own%s under that condition: the two regions then count different "
             "steps on a slot, and a wait never completes or passes on a phase meant for another step; write the "
             "same condition, with the same effect on %s, in that region (tirx-pp compares conditions as written, "
             "local constants replaced by their initializers), or let both ways through this region wait and "
             "trigger alike",
             g->jump >= 0 ? jump_word(c, g->jump) : "if", verb, names, quoted(c, g->cond), label, verb, how, names);
  if (near)
    diag_note(c->diag, node_at(c, near->jump >= 0 ? near->jump : near->node)->start,
              "that region's '%s' under the same condition changes its waits and triggers of %s",
              near->jump >= 0 ? jump_word(c, near->jump) : "if", event_names(c, k, near, shared));
  else
    diag_note(c->diag, other->an->start, "the region that does not");
}

// How many times an operation runs per iteration of its region's
// persistent loop (or per run of the region): a constant plus whole
// multiples of loop bounds the deadlock check cannot evaluate (`nk`, as
// compared: local constants replaced by their initializers). Only counts
// of that form are compared; any other (a bound times a bound, a loop of
// another shape, a jump out of an inner loop, an `if` on data) is `unknown`.
enum { MAX_TERMS = 4 };
typedef struct {
  const char *text[MAX_TERMS];   // as compared
  const char *shown[MAX_TERMS];  // as written
  long long coef[MAX_TERMS];
  bool fixed[MAX_TERMS];  // known at compile time (a template's parameter): a constant per run
  bool loop[MAX_TERMS];   // a whole loop's trips (its header as the name)
  int n;
  long long k;
  int frame;  // the persistent loop it counts per iteration of, -1: the region
  bool unknown;
} Count;

static void count_add(Count *to, const Count *x, long long times) {
  if (x->unknown) to->unknown = true;
  to->k += x->k * times;
  for (int i = 0; i < x->n && !to->unknown; i++) {
    int j = 0;
    while (j < to->n && strcmp(to->text[j], x->text[i])) j++;
    if (j == to->n) {
      if (j == MAX_TERMS) {
        to->unknown = true;
        break;
      }
      to->text[j] = x->text[i], to->shown[j] = x->shown[i], to->fixed[j] = x->fixed[i], to->loop[j] = x->loop[i];
      to->coef[j] = 0, to->n++;
    }
    to->coef[j] += x->coef[i] * times;
  }
}

// The canonical text of node (as compared) into a new string; opaque set
// when the deadlock check cannot evaluate it.
static const char *canon_text(Canon *x, int node, bool *opaque) {
  Buf b = {0};
  Canon y = *x;
  y.b = &b, y.opaque = false, y.memory = false, y.depth = 0;
  put_node(&y, node);
  const char *out = arena_strndup(x->w->c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  *opaque = y.opaque;
  return out;
}

// A loop's trips as a Count: `for (T v = A; v < B; ++v)` (v++, v += 1, `!=`
// too) is B - A, A and B constants or names; a loop of that shape with any
// other condition (`k < n && k <= last`) is one name, its start and
// condition as compared; unknown otherwise.
static Count loop_count(Canon *x, int loop) {
  Ctx *c = x->w->c;
  Count r = {.unknown = true, .frame = -1};
  ForParts fp;
  int kids[2], decl;
  if (node_at(c, loop)->kind != CXCursor_ForStmt || !for_parts(c, loop, &fp) || fp.init < 0 || fp.cond < 0 ||
      fp.inc < 0 || node_at(c, fp.init)->kind != CXCursor_DeclStmt ||
      front_children(c->front, fp.init, &decl, 1) != 1 || node_at(c, decl)->kind != CXCursor_VarDecl)
    return r;
  CXCursor var = node_at(c, decl)->cur, v;
  int init = -1;
  if (!assignment_at(c, decl, clang_getNullCursor(), &v, &init) || init < 0 || assigns_to(c, fp.body, var) >= 0 ||
      assigns_to(c, fp.cond, var) >= 0)
    return r;
  // The step: ++v, v++ or v += 1.
  const Node *inc = node_at(c, fp.inc);
  long long one, value;
  bool u, opaque;
  int step[2];
  if (inc->kind == CXCursor_UnaryOperator) {
    const char *t = c->src->data + inc->start;
    if (!(t[0] == '+' && t[1] == '+') && !(c->src->data[inc->end - 1] == '+' && c->src->data[inc->end - 2] == '+'))
      return r;
  } else if (inc->kind != CXCursor_CompoundAssignOperator ||
             clang_getCursorBinaryOperatorKind(inc->cur) != CXBinaryOperator_AddAssign ||
             front_children(c->front, fp.inc, step, 2) != 2 || !front_eval_int(node_at(c, step[1])->cur, &one, &u) ||
             one != 1)
    return r;
  if (!refers_to(c, fp.inc, var)) return r;
  r.unknown = false;
  enum CXBinaryOperatorKind op = node_at(c, fp.cond)->kind == CXCursor_BinaryOperator
                                     ? clang_getCursorBinaryOperatorKind(node_at(c, fp.cond)->cur)
                                     : CXBinaryOperator_Invalid;
  bool simple = (op == CXBinaryOperator_LT || op == CXBinaryOperator_NE) &&
                front_children(c->front, fp.cond, kids, 2) == 2 &&
                is_ref_to(node_at(c, past_implicit(c, kids[0]))->cur, var) && !refers_to(c, kids[1], var);
  if (!simple) {  // the whole header is the name
    const char *start = canon_text(x, init, &opaque), *cond = canon_text(x, fp.cond, &opaque);
    r.text[0] = arena_printf(c->arena, "for(%s;%s)", start, cond);
    r.shown[0] = arena_printf(c->arena, "the trips of 'for (...; %s; ...)'", quoted(c, fp.cond));
    r.loop[0] = true;
    r.fixed[0] = false, r.coef[0] = 1, r.n = 1;
    return r;
  }
  const int ends[2] = {kids[1], init};
  for (int i = 0; i < 2; i++) {
    if (front_eval_int(node_at(c, ends[i])->cur, &value, &u)) {
      r.k += i ? -value : value;
      continue;
    }
    r.text[r.n] = canon_text(x, ends[i], &opaque);
    r.shown[r.n] = quoted(c, ends[i]);
    r.fixed[r.n] = !opaque, r.loop[r.n] = false;
    r.coef[r.n++] = i ? -1 : 1;
  }
  return r;
}

// Whether a break, continue, return or goto in loop's body leaves it early.
static bool left_early(const Ctx *c, int loop) {
  for (int i = loop + 1; i <= node_at(c, loop)->last; i++) {
    enum CXCursorKind kind = node_at(c, i)->kind;
    if (kind == CXCursor_ReturnStmt || kind == CXCursor_GotoStmt) return true;
    if ((kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt) && jump_target(c, i) == loop) return true;
  }
  return false;
}

// How many times operation i runs per iteration of its region's persistent loop.
static Count op_count(Canon *x, int i) {
  const Walks *w = x->w;
  Ctx *c = w->c;
  const Op *op = &w->k->ops.items[i];
  Count r = {.k = 1, .frame = -1}, zero = {.frame = -1};
  int at = front_first_at(c->front, w->site[i]);
  // (An operation in a lambda: its loops are the lambda's, not seen from its call.)
  if (w->site[i] != op->an->start || op->runs_elsewhere || op->data_if >= 0 || at >= c->front->nnodes ||
      (op->kind == OP_WAIT && op->has_extra))  // a parity of its own: not one wait a phase
    return r.unknown = true, r;
  for (int p = node_at(c, at)->parent; p >= 0 && p != x->top; p = node_at(c, p)->parent) {
    enum CXCursorKind kind = node_at(c, p)->kind;
    bool persistent = false;
    for (int l = 0; l < w->nloops; l++) persistent |= w->loops[l] == p;
    if (persistent) {
      r.frame = p;
      break;
    }
    if (kind == CXCursor_SwitchStmt || kind == CXCursor_ConditionalOperator || kind == CXCursor_LambdaExpr)
      return r.unknown = true, r;
    // An if picks steps (`if (k >= STAGES)`), unless it picks threads.
    if (kind == CXCursor_IfStmt && !is_elect_if(c, p) && !thread_dependent_condition(c, w->k, p, node_at(c, at)->start))
      return r.unknown = true, r;
    if (!front_is_loop(kind)) continue;
    Count trips = loop_count(x, p);
    if (trips.unknown || left_early(c, p) || (trips.n && r.n)) return r.unknown = true, r;
    Count next = zero;
    if (!trips.n) {
      count_add(&next, &r, trips.k > 0 ? trips.k : 0);
    } else {
      for (int t = 0; t < trips.n; t++) trips.coef[t] *= r.k;
      trips.k *= r.k;
      count_add(&next, &trips, 1);
    }
    next.frame = r.frame;
    r = next;
  }
  return r;
}

// The text of a count as written: `nk - 1 times`, or `as many times as
// 'for (...; k < n && k <= last; ...)' runs`.
static const char *count_text(Ctx *c, const Count *n) {
  int live = 0, only = -1;
  for (int i = 0; i < n->n; i++)
    if (n->coef[i]) live++, only = i;
  if (live == 1 && !n->k && n->coef[only] == 1 && n->loop[only])
    return arena_printf(c->arena, "as many times as %s runs", n->shown[only] + strlen("the trips of "));
  Buf b = {0};
  for (int i = 0; i < n->n; i++) {
    if (!n->coef[i]) continue;
    long long m = n->coef[i];
    buf_puts(&b, b.len ? (m < 0 ? " - " : " + ") : (m < 0 ? "-" : ""));
    if (m < 0) m = -m;
    if (m != 1) buf_printf(&b, "%lld * ", m);
    buf_printf(&b, "%s", n->shown[i]);
  }
  if (n->k || !b.len)
    buf_printf(&b, b.len ? (n->k < 0 ? " - %lld" : " + %lld") : "%lld", b.len && n->k < 0 ? -n->k : n->k);
  buf_puts(&b, " times");
  const char *out = arena_strndup(c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return out;
}

// Whether b is a positive multiple of a (term by term, the constants too).
static bool proportional(const Count *a, const Count *b) {
  long long num = 0, den = 0;  // b = a * num / den
  const char *texts[2 * MAX_TERMS + 1];
  int nt = 0;
  for (int i = 0; i < a->n; i++) texts[nt++] = a->text[i];
  for (int i = 0; i < b->n; i++) texts[nt++] = b->text[i];
  for (int t = 0; t <= nt; t++) {
    long long x = t == nt ? a->k : 0, y = t == nt ? b->k : 0;
    for (int i = 0; t < nt && i < a->n; i++) x += strcmp(a->text[i], texts[t]) ? 0 : a->coef[i];
    for (int i = 0; t < nt && i < b->n; i++) y += strcmp(b->text[i], texts[t]) ? 0 : b->coef[i];
    if (!x && !y) continue;
    if (!x || !y) return false;
    if (!den) {
      num = y, den = x;
      if ((num < 0) != (den < 0)) return false;
    } else if (y * den != x * num) {
      return false;
    }
  }
  return true;
}

// Whether a count has a part the deadlock check cannot evaluate (else it
// runs that region's loops as they are, and compares them itself).
static bool has_terms(const Count *n) {
  for (int i = 0; i < n->n; i++)
    if (n->coef[i] && !n->fixed[i]) return true;
  return false;
}

// Loops the deadlock check cannot count (it runs them a few rounds, the
// same in every region): a region that waits on an event in a loop of
// `nk - 1` trips while another triggers it in one of `nk` counts different
// steps, and a wait never returns. Compared per event between the region
// that triggers it (the only one) and each region that waits on it, in
// counts of the form above, per iteration of their persistent loops.
static void check_counts(const Walks *w) {
  Ctx *c = w->c;
  const Kernel *k = w->k;
  int R = k->regions.len;
  bool *told = arena_alloc(c->arena, sizeof(bool) * (size_t)(R * R));  // one message for two regions
  for (int e = 0; e < k->events.len; e++) {
    int trigger_region = -1;
    bool usable = true;
    for (int i = 0; i < k->ops.len && usable; i++) {
      const Op *op = &k->ops.items[i];
      if (op->event != &k->events.items[e] || op->kind == OP_WAIT) continue;
      int r = op->region ? (int)(op->region - k->regions.items) : -1;
      if (r < 0 || (trigger_region >= 0 && trigger_region != r)) usable = false;
      trigger_region = r;
    }
    if (!usable || trigger_region < 0) continue;
    Count *per = arena_alloc(c->arena, sizeof(Count) * (size_t)R * 2);  // [region][waits, triggers]
    int *first = arena_alloc(c->arena, sizeof(int) * (size_t)R * 2);
    for (int r = 0; r < 2 * R; r++) per[r] = (Count){.frame = -2}, first[r] = -1;
    for (int i = 0; i < k->ops.len; i++) {
      const Op *op = &k->ops.items[i];
      if (op->event != &k->events.items[e] || !op->region || !op->region->async || op->region->body.node < 0) continue;
      int r = (int)(op->region - k->regions.items), slot = 2 * r + (op->kind != OP_WAIT);
      Canon x = {.w = w, .top = op->region->body.node, .self = clang_getNullCursor()};
      Count n = op_count(&x, i);
      Count *to = &per[slot];
      if (to->frame == -2) to->frame = n.frame;
      if (n.frame != to->frame) to->unknown = true;
      count_add(to, &n, 1);
      if (first[slot] < 0) first[slot] = i;
    }
    Count *t = &per[2 * trigger_region + 1];
    if (t->unknown || first[2 * trigger_region + 1] < 0) continue;
    const char *t_text = count_text(c, t);  // (as counted, before the constants are set aside)
    for (int r = 0; r < R; r++) {
      Count *wt = &per[2 * r];
      const char *w_text = wt->unknown ? "" : count_text(c, wt);
      // Per run of a region, a constant more or fewer are credits given
      // first (`for (s = 0; s < STAGES; ++s) tirx_trigger(empty[s]);`) or
      // left at the end: only the loops' parts are compared.
      if (wt->frame < 0 && t->frame < 0) {
        wt->k = t->k = 0;
        for (int i = 0; i < wt->n; i++) wt->coef[i] *= !wt->fixed[i];
        for (int i = 0; i < t->n; i++) t->coef[i] *= !t->fixed[i];
      }
      if (r == trigger_region || first[2 * r] < 0 || wt->unknown || (wt->frame < 0) != (t->frame < 0) ||
          !has_terms(wt) || !has_terms(t) || proportional(wt, t) || told[r * R + trigger_region])
        continue;
      told[r * R + trigger_region] = told[trigger_region * R + r] = true;
      const Span name = k->events.items[e].name;
      const char *per_what = wt->frame >= 0 ? "per tile of its persistent loop" : "per run of the region";
      diag_error(c->diag, k->ops.items[first[2 * r]].an->start,
                 "this region waits on '%.*s' %s %s, and '%s' triggers it %s: the two regions count "
                 "different steps, and a wait never returns or passes on a phase meant for another step; tirx-pp "
                 "cannot evaluate these loop bounds (it compares them as written, local constants replaced by "
                 "their initializers), so give the loops around the waits and the triggers the same bounds",
                 (int)name.len, name.s, w_text, per_what, region_label(c, &k->regions.items[trigger_region]), t_text);
      diag_note(c->diag, k->ops.items[first[2 * trigger_region + 1]].an->start, "the triggers of '%.*s' there",
                (int)name.len, name.s);
    }
  }
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
  size_t *site = arena_alloc(c->arena, sizeof(size_t) * (size_t)(k->ops.len + 1));
  for (int i = 0; i < k->ops.len; i++) site[i] = op_site(c, k, &k->ops.items[i]);
  Walks w = {c, k, loops, nloops, site};
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
  check_counts(&w);
}
