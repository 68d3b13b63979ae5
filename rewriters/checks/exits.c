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
}
