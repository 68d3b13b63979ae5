// deadlock.c - the static deadlock check (docs/language.md#the-deadlock-check).
//
// Every partition index (a warpgroup, or a warp) runs the kernel's body
// abstractly: the code outside regions and the regions it is a member of, in
// program order, with the integers it can know (loop counters, the partition
// index, constants) evaluated, so that each wait and trigger names its slot
// (`full[k % STAGES]` in iteration 5 is slot 1). The result is a trace of
// event operations per index. A loop whose trip count is known runs that many
// times (zero included); one whose count is not known runs enough rounds for
// every ring to fill and wrap, and its trace is then cut. Lambdas run where
// they are called, not where they are written. Jumps under conditions that
// cannot be evaluated are not taken.
//
// The traces then run together: a trigger adds its arrivals (the index's
// threads, one per warp under elect, one for tirx_trigger_bytes) to its
// slot, and a phase of the slot completes at every count(N) or inferred
// count arrivals; a wait passes once the phases of its slot cover the waits
// this index made there (a `ready` event starts each slot with one credit),
// or, with an explicit parity p, once the slot's completed phases have the
// other parity. When nothing can move and an index is still waiting, it
// waits forever: reported when the wait is in the first iteration of the
// loops around it, or when every index that does anything is stuck (a cut
// trace that ran to its end might have gone on, so nothing is reported then).
// Slots whose expression cannot be evaluated are merged (see
// docs/known-problems.md). While the traces run, a trigger site that
// completes a slot's second phase before a waiter's next wait there is
// reported too: that wait tells phases apart only by their parity.
// Partition indices that run the same steps add their arrivals up before
// the run (overfull_phase).
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "checks.h"
#include "deadlock.h"
#include "kernel.h"
#include "reach.h"
#include "uniform.h"

enum {
  MAX_SLOTS = 64,         // an event's slots (more is an error of its own)
  MAX_STEPS = 4096,       // steps of one trace; beyond, the trace is cut
  MAX_VISITS = 200000,    // nodes one trace may visit (loops revisit theirs); beyond, it is cut
  MAX_KNOWN = 1024,       // iterations of a loop with a known trip count
  MAX_VARS = 128,         // integers tracked at once; beyond, values are unknown
  MAX_REACH_ASKS = 1024,  // visits of triggers whose arrivals a trace asks reach.c for one by one
  MAX_CALL_DEPTH = 4,     // lambdas calling lambdas
};

enum { PARITY_AUTO = -1, PARITY_UNKNOWN = -2 };

typedef struct {
  int op;       // index into k->ops
  int slot;     // -1 when it cannot be evaluated
  int parity;   // PARITY_AUTO, PARITY_UNKNOWN or 0/1
  int iter;     // iteration of the outermost loop of unknown trip count around it
  bool first;   // in the first iteration of every loop of unknown trip count around it
  int depth;    // loops of unknown trip count around it
  int reach;    // a trigger's arrivals where the walk's known locals decide them (reach.c), -1
} Step;

typedef struct {
  Step *steps;
  int n;
  bool cut;  // a loop stopped before it would have
  bool stopped;  // cut by MAX_STEPS or MAX_VISITS, not by a loop's rounds
  int pos;   // during the simulation: the next step
} Trace;

typedef struct {
  int var;  // the declaration's number (Memo)
  long long v;
  bool known;
} Binding;

// --- what the walk asks libclang, asked once --------------------------------------
//
// Every partition index walks the same kernel, and a loop's nodes are walked
// again in each round (gemm_bf16: about 180,000 visits per trace). The
// questions each visit asks libclang (an expression's children, what a name
// refers to, a constant's value, whether two declarations are the same) cost
// far more than the walk itself, and their answers never change: each is
// asked once per cursor. A cursor is keyed by its bytes (the same bytes are
// the same cursor; another cursor for the same node is only a second entry),
// and declarations are numbered, by clang_equalCursors once for each new
// one, so that the tracked integers are found by number.

typedef struct {
  CXCursor cur;
  enum CXCursorKind kind;
  int op;           // a unary, binary or compound-assignment operator's kind
  int nkids;        // children, all counted (cursor_child_count): kid_cur holds min(nkids, 4)
  CXCursor kid_cur[4];  // the first four
  int kid[4];       // their entries; -1 until asked
  int stripped;     // the entry past parentheses and implicit casts (front_strip); -1 until asked
  int ref;          // a DeclRefExpr: the number of what it refers to; -2 until asked
  int decl;         // the number of the cursor itself, as a declaration; -2 until asked
  signed char value_known;  // front_eval_int: -1 until asked
  long long value;
} Expr;

typedef struct {
  Expr *exprs;
  int n, cap;
  int *slots;  // open addressing: entry + 1, 0 empty
  int nslots;
  CXCursor *decls;  // numbered declarations
  int ndecls, capdecls;
  int *node_expr;   // node -> its cursor's entry, -1 until asked
  signed char *assigns;  // node -> is_assignment, -1 until asked
} Memo;

static uint64_t cursor_hash(CXCursor c) {
  uint64_t h = (uint64_t)c.kind * 0x9E3779B97F4A7C15u ^ (uint64_t)(unsigned)c.xdata;
  for (int i = 0; i < 3; i++) h = (h ^ (uint64_t)(uintptr_t)c.data[i]) * 0x100000001B3u;
  return h ^ h >> 29;
}

static bool same_bytes(CXCursor a, CXCursor b) {
  return a.kind == b.kind && a.xdata == b.xdata && a.data[0] == b.data[0] && a.data[1] == b.data[1] &&
         a.data[2] == b.data[2];
}

// The number of a declaration: equal numbers for equal cursors (clang_equalCursors).
static int decl_number(Memo *m, CXCursor d) {
  for (int i = 0; i < m->ndecls; i++)
    if (clang_equalCursors(m->decls[i], d)) return i;
  if (m->ndecls == m->capdecls) {
    m->capdecls = m->capdecls ? m->capdecls * 2 : 64;
    m->decls = xrealloc(m->decls, sizeof(CXCursor) * (size_t)m->capdecls);
  }
  m->decls[m->ndecls] = d;
  return m->ndecls++;
}

static void memo_grow(Memo *m) {
  free(m->slots);
  m->nslots = m->nslots ? m->nslots * 2 : 1024;
  m->slots = xmalloc(sizeof(int) * (size_t)m->nslots);
  memset(m->slots, 0, sizeof(int) * (size_t)m->nslots);
  for (int e = 0; e < m->n; e++) {
    size_t i = cursor_hash(m->exprs[e].cur) & (size_t)(m->nslots - 1);
    while (m->slots[i]) i = (i + 1) & (size_t)(m->nslots - 1);
    m->slots[i] = e + 1;
  }
}

// The entry of a cursor, made on first sight.
static int expr_of(Memo *m, CXCursor cur) {
  if (2 * (m->n + 1) > m->nslots) memo_grow(m);
  size_t i = cursor_hash(cur) & (size_t)(m->nslots - 1);
  for (; m->slots[i]; i = (i + 1) & (size_t)(m->nslots - 1))
    if (same_bytes(m->exprs[m->slots[i] - 1].cur, cur)) return m->slots[i] - 1;
  if (m->n == m->cap) {
    m->cap = m->cap ? m->cap * 2 : 256;
    m->exprs = xrealloc(m->exprs, sizeof(Expr) * (size_t)m->cap);
  }
  Expr *e = &m->exprs[m->n];
  *e = (Expr){.cur = cur, .kind = clang_getCursorKind(cur), .op = -1, .kid = {-1, -1, -1, -1}, .stripped = -1,
              .ref = -2, .decl = -2, .value_known = -1};
  if (e->kind == CXCursor_UnaryOperator)
    e->op = (int)clang_getCursorUnaryOperatorKind(cur);
  else if (e->kind == CXCursor_BinaryOperator || e->kind == CXCursor_CompoundAssignOperator)
    e->op = (int)clang_getCursorBinaryOperatorKind(cur);
  e->nkids = cursor_child_count(cur);
  cursor_children(cur, e->kid_cur, 4);
  m->slots[i] = m->n + 1;
  return m->n++;
}

static int expr_kid(Memo *m, int e, int i) {
  if (m->exprs[e].kid[i] < 0) {
    int k = expr_of(m, m->exprs[e].kid_cur[i]);
    m->exprs[e].kid[i] = k;
  }
  return m->exprs[e].kid[i];
}

// front_strip's answer: past ParenExpr and UnexposedExpr to their first child.
static int expr_strip(Memo *m, int e) {
  if (m->exprs[e].stripped < 0) {
    const Expr *x = &m->exprs[e];
    int s = (x->kind == CXCursor_ParenExpr || x->kind == CXCursor_UnexposedExpr) && x->nkids >= 1
                ? expr_strip(m, expr_kid(m, e, 0))
                : e;
    m->exprs[e].stripped = s;
  }
  return m->exprs[e].stripped;
}

static int expr_ref(Memo *m, int e) {
  if (m->exprs[e].ref == -2) {
    int r = decl_number(m, clang_getCursorReferenced(m->exprs[e].cur));
    m->exprs[e].ref = r;
  }
  return m->exprs[e].ref;
}

static int expr_decl(Memo *m, int e) {
  if (m->exprs[e].decl == -2) {
    int d = decl_number(m, m->exprs[e].cur);
    m->exprs[e].decl = d;
  }
  return m->exprs[e].decl;
}

static bool expr_const(Memo *m, int e, long long *v) {
  Expr *x = &m->exprs[e];
  if (x->value_known < 0) {
    bool u;
    x->value_known = front_eval_int(x->cur, &x->value, &u);
  }
  if (x->value_known) *v = x->value;
  return x->value_known;
}

static int node_expr(Memo *m, const Ctx *c, int node) {
  if (m->node_expr[node] < 0) {
    int e = expr_of(m, node_at(c, node)->cur);
    m->node_expr[node] = e;
  }
  return m->node_expr[node];
}

static void memo_free(Memo *m) {
  free(m->exprs);
  free(m->slots);
  free(m->decls);
}

typedef enum { GO, BREAK, CONTINUE, RETURN, STOP } Jump;  // STOP: the trace is full

// Why an operation never ran (for the notes).
typedef enum { RAN = 1, IN_LAMBDA, ZERO_TRIPS, FALSE_BRANCH } Fate;

typedef struct {
  Ctx *c;
  Kernel *k;
  int part;         // partition index of this trace; -1 without a partition
  int part_var;     // its variable's number (Memo)
  Memo *memo;
  const int *op_at;  // node -> op index, -1
  Fate *fate;        // per op
  Binding env[MAX_VARS];
  int nenv;
  Trace *tr;
  Jump jump;
  int unknown_depth, iter;  // loops of unknown trip count around, iteration of the outermost
  bool first;
  int calls, visits;
  int rounds;  // iterations of a loop of unknown trip count
  const int *lambda_vars;  // `auto f = [..] {...}`: f's number (Memo), and its lambda's node
  const int *lambda_nodes;
  int nlambdas;
  const struct TurnModel *tm;  // turns rings, NULL when the kernel has none
  int turn_node;               // the turn being walked (its statement is walked once)
  bool unwalked;               // evaluating what the walk has not run (an op's operands): no ++/--
  int nops;                    // the kernel's own ops (those after are the model's)
  int *reach;                  // per op: its arrivals for every visit (reach.c), -1, -2 not asked yet
  ReachWalk reach_walk;
  int reach_asks;  // visits whose arrivals depended on the walk's locals, asked so far
} Walk;

// --- evaluating integers ---------------------------------------------------------

static Binding *binding(Walk *w, int var) {
  for (int i = w->nenv - 1; i >= 0; i--)
    if (w->env[i].var == var) return &w->env[i];
  return NULL;
}

static void bind(Walk *w, int var, bool known, long long v) {
  Binding *b = binding(w, var);
  if (!b && w->nenv < MAX_VARS) b = &w->env[w->nenv++], b->var = var;
  if (b) b->known = known, b->v = v;  // beyond MAX_VARS: not tracked, so unknown
}

// The value of an integer expression (an entry of w->memo) from constants
// and the tracked integers; false when it depends on anything else or
// overflows.
static bool eval(Walk *w, int e, long long *v) {
  Memo *m = w->memo;
  e = expr_strip(m, e);
  const Expr *x = &m->exprs[e];
  enum CXCursorKind kind = x->kind;
  int nkids = x->nkids, op = x->op;
  long long a, b;
  if (kind == CXCursor_DeclRefExpr) {
    int ref = expr_ref(m, e);
    if (w->part >= 0 && ref == w->part_var) return *v = w->part, true;
    Binding *bd = binding(w, ref);
    if (bd) return bd->known && (*v = bd->v, true);
    return expr_const(m, e, v);
  }
  if (kind == CXCursor_BinaryOperator && nkids == 2) {
    if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
      if (!eval(w, expr_kid(m, e, 0), &a)) return false;
      if ((op == CXBinaryOperator_LAnd) != (a != 0)) return *v = a != 0, true;
      return eval(w, expr_kid(m, e, 1), &b) && (*v = b != 0, true);
    }
    if (!eval(w, expr_kid(m, e, 0), &a) || !eval(w, expr_kid(m, e, 1), &b)) return false;
    switch (op) {
    case CXBinaryOperator_Add: return !__builtin_add_overflow(a, b, v);
    case CXBinaryOperator_Sub: return !__builtin_sub_overflow(a, b, v);
    case CXBinaryOperator_Mul: return !__builtin_mul_overflow(a, b, v);
    case CXBinaryOperator_Div: return b != 0 && !(a == LLONG_MIN && b == -1) && (*v = a / b, true);
    case CXBinaryOperator_Rem: return b != 0 && !(a == LLONG_MIN && b == -1) && (*v = a % b, true);
    case CXBinaryOperator_Shl: return b >= 0 && b < 62 && a >= 0 && a <= (LLONG_MAX >> b) && (*v = a << b, true);
    case CXBinaryOperator_Shr: return b >= 0 && b < 64 && (*v = a >> b, true);
    case CXBinaryOperator_And: return *v = a & b, true;
    case CXBinaryOperator_Or: return *v = a | b, true;
    case CXBinaryOperator_Xor: return *v = a ^ b, true;
    case CXBinaryOperator_LT: return *v = a < b, true;
    case CXBinaryOperator_GT: return *v = a > b, true;
    case CXBinaryOperator_LE: return *v = a <= b, true;
    case CXBinaryOperator_GE: return *v = a >= b, true;
    case CXBinaryOperator_EQ: return *v = a == b, true;
    case CXBinaryOperator_NE: return *v = a != b, true;
    default: return false;
    }
  }
  if (kind == CXCursor_UnaryOperator && nkids == 1 && op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec) {
    // `left-- > 0` is evaluated after the walk ran it: the variable holds the value after the step
    if (w->unwalked || !eval(w, expr_kid(m, e, 0), &a)) return false;
    long long back = op == CXUnaryOperator_PostInc ? -1 : op == CXUnaryOperator_PostDec ? 1 : 0;
    return !__builtin_add_overflow(a, back, v);
  }
  if (kind == CXCursor_UnaryOperator && nkids == 1) {
    if (op != CXUnaryOperator_Plus && op != CXUnaryOperator_Minus && op != CXUnaryOperator_Not &&
        op != CXUnaryOperator_LNot)
      return false;
    if (!eval(w, expr_kid(m, e, 0), &a)) return false;
    if (op == CXUnaryOperator_Minus) return a != LLONG_MIN && (*v = -a, true);
    *v = op == CXUnaryOperator_Plus ? a : op == CXUnaryOperator_Not ? ~a : !a;
    return true;
  }
  if (kind == CXCursor_ConditionalOperator && nkids == 3)
    return eval(w, expr_kid(m, e, 0), &a) && eval(w, expr_kid(m, e, a ? 1 : 2), v);
  if (kind == CXCursor_CStyleCastExpr && nkids >= 1 && nkids <= 4) return eval(w, expr_kid(m, e, nkids - 1), v);
  return expr_const(m, e, v);
}

// The operands of a call's stub `((void)(SLOT), (void)(X))` (stub.c), as
// entries of m.
static int stub_operands(Memo *m, int e, int out[2]) {
  e = expr_strip(m, e);
  int n = 0;
  if (m->exprs[e].kind == CXCursor_BinaryOperator && m->exprs[e].nkids == 2) {
    for (int i = 0; i < 2; i++) {
      int k = expr_kid(m, e, i);
      if (m->exprs[k].kind == CXCursor_CStyleCastExpr && m->exprs[k].nkids == 1) out[n++] = expr_kid(m, k, 0);
    }
    return n == 2 ? 2 : 0;
  }
  if (m->exprs[e].kind == CXCursor_CStyleCastExpr && m->exprs[e].nkids == 1) {
    out[0] = expr_kid(m, e, 0);
    return 1;
  }
  return 0;
}

// --- the walk ------------------------------------------------------------------------

static void walk(Walk *w, int node);

// reach.c's question through the walk: a local it tracks, when known.
static bool known_local(void *ctx, CXCursor var, long long *v) {
  Walk *w = ctx;
  Binding *b = binding(w, decl_number(w->memo, var));
  return b && b->known && (*v = b->v, true);
}

// The threads of this trace's partition index that reach a trigger under an
// `if` at this visit (reach.c): once for all visits where the condition
// reads no local the walk tracks, else at each visit (`if (lane == h)` in a
// loop over h), up to MAX_REACH_ASKS visits a trace; -1 when not told.
static int visit_reach(Walk *w, int op_index) {
  const Op *op = &w->k->ops.items[op_index];
  if (op_index >= w->nops || w->part < 0 || op->kind == OP_WAIT || op->kind == OP_REGION_SYNC || op->data_if < 0 ||
      op->under_elect || op->runs_elsewhere || op->event->cluster)
    return -1;
  if (w->reach[op_index] != -2) return w->reach[op_index];
  if (w->reach_asks == MAX_REACH_ASKS) return -1;
  Ctx *c = w->c;
  int node = front_first_at(c->front, op->an->start);
  if (node >= c->front->nnodes) return w->reach[op_index] = -1;
  w->reach_walk.used = false;
  int r = threads_reaching_at(c, w->k, node, w->k->func, op->an->start, w->part, &w->reach_walk);
  if (w->reach_walk.used)
    w->reach_asks++;
  else
    w->reach[op_index] = r;
  return r;
}

static void emit(Walk *w, int op_index, int node) {
  const Op *op = &w->k->ops.items[op_index];
  Step s = {.op = op_index,
            .slot = -1,
            .parity = PARITY_AUTO,
            .iter = w->iter,
            .first = w->first,
            .depth = w->unknown_depth,
            .reach = visit_reach(w, op_index)};
  int opnds[2];
  int n = stub_operands(w->memo, node_expr(w->memo, w->c, node), opnds);
  long long v;
  w->unwalked = true;
  if (!op->slot.len)
    s.slot = 0;
  else if (op->literal >= 0)
    s.slot = (int)op->literal;
  else if (n >= 1 && eval(w, opnds[0], &v) && v >= 0 && v < op->event->slots && !op->event->dependent)
    s.slot = (int)v;
  if (op->kind == OP_WAIT && op->has_extra)
    s.parity = n == 2 && eval(w, opnds[1], &v) ? (int)(v & 1) : PARITY_UNKNOWN;
  w->unwalked = false;
  w->fate[op_index] = RAN;
  if (w->tr->n == MAX_STEPS) {
    w->tr->cut = w->tr->stopped = true;
    w->jump = STOP;
    return;
  }
  w->tr->steps[w->tr->n++] = s;
}

// Ops in a subtree that is not run: why, unless some walk ran them.
static void mark(Walk *w, int node, Fate why) {
  for (int i = node; i <= node_at(w->c, node)->last; i++)
    if (w->op_at[i] >= 0 && w->fate[w->op_at[i]] != RAN) w->fate[w->op_at[i]] = why;
}

static void walk_children(Walk *w, int node) {
  for (int i = node + 1; i <= node_at(w->c, node)->last && w->jump == GO; i = node_at(w->c, i)->last + 1) walk(w, i);
}

// A branch under a condition that cannot be evaluated: walked, but a jump in
// it is not taken.
static void walk_maybe(Walk *w, int node) {
  walk(w, node);
  if (w->jump != STOP) w->jump = GO;
}

static int region_of_body(const Kernel *k, int node) {
  for (int r = 0; r < k->regions.len; r++)
    if (k->regions.items[r].body.node == node) return r;
  return -1;
}

static void walk_if(Walk *w, int node) {
  int kids[3];
  int n = front_children(w->c->front, node, kids, 3);
  if (n < 2 || n > 3) { walk_children(w, node); return; }  // an init-statement: walked as it stands
  int cond = kids[0], then = kids[1], other = n == 3 ? kids[2] : -1;
  walk(w, cond);
  long long v;
  if (w->jump != GO) return;
  if (eval(w, node_expr(w->memo, w->c, cond), &v)) {
    if (!v && region_of_body(w->k, then) < 0) mark(w, then, FALSE_BRANCH);  // not a member: not a reason
    if (v && other >= 0) mark(w, other, FALSE_BRANCH);
    if (v || other >= 0) walk(w, v ? then : other);
    return;
  }
  walk_maybe(w, then);
  if (other >= 0) walk_maybe(w, other);
}

// One loop: cond (-1: none, always true), body, inc (-1: none); a do-while
// runs its body before the first test. A loop whose condition cannot be
// evaluated runs w->rounds times, and the trace is then cut.
static void walk_loop(Walk *w, int cond, int body, int inc, bool body_first) {
  bool unknown = false;
  int saved_iter = w->iter, saved_depth = w->unknown_depth;
  bool saved_first = w->first;
  for (int it = 0;; it++) {
    long long v = 1;
    if (!(body_first && it == 0)) {
      if (cond >= 0) walk(w, cond);
      if (w->jump != GO) break;
      if (cond < 0 || !eval(w, node_expr(w->memo, w->c, cond), &v)) unknown = true, v = 1;
    }
    if (!v) {
      if (it == 0) mark(w, body, ZERO_TRIPS);
      break;
    }
    if (unknown) {
      if (it >= w->rounds) {
        w->tr->cut = true;
        break;
      }
      w->unknown_depth = saved_depth + 1;
      if (!saved_depth) w->iter = it;
      if (it > 0) w->first = false;
    } else if (it >= MAX_KNOWN) {
      w->tr->cut = true;
      break;
    }
    walk(w, body);
    if (w->jump == BREAK) {
      w->jump = GO;
      break;
    }
    if (w->jump == CONTINUE) w->jump = GO;
    if (w->jump != GO) break;
    if (inc >= 0) walk(w, inc);
    if (w->jump != GO) break;
  }
  w->iter = saved_iter, w->unknown_depth = saved_depth, w->first = saved_first;
}

static int lambda_body(const Ctx *c, int lambda) {
  int last = -1;
  for (int i = lambda + 1; i <= node_at(c, lambda)->last; i = node_at(c, i)->last + 1)
    if (node_at(c, i)->kind == CXCursor_CompoundStmt) last = i;
  return last;
}

// The lambda a call runs: `[&] { ... }()`, or `f()` with `auto f = [&] {...}`.
static int called_lambda(Walk *w, int call) {
  const Ctx *c = w->c;
  for (int i = call + 1; i <= node_at(c, call)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind == CXCursor_LambdaExpr) return i;
    if (n->kind != CXCursor_DeclRefExpr || !w->nlambdas) continue;
    int ref = expr_ref(w->memo, node_expr(w->memo, c, i));
    for (int l = 0; l < w->nlambdas; l++)
      if (ref == w->lambda_vars[l]) return w->lambda_nodes[l];
  }
  return -1;
}

// A lambda's parameters hold the call's arguments while its body runs
// (`load(s)` with `[&](int slot) {...}`: a trigger on `full[slot]` is on full[s]);
// operator()'s first argument is the lambda itself.
static void bind_parameters(Walk *w, int call, int lambda) {
  const Ctx *c = w->c;
  CXCursor e = node_at(c, call)->cur;
  int nargs = clang_Cursor_getNumArguments(e), p = 1;
  for (int i = lambda + 1; i <= node_at(c, lambda)->last; i++) {
    if (node_at(c, i)->kind != CXCursor_ParmDecl || node_at(c, i)->parent != lambda) continue;
    long long v = 0;
    bool known = p < nargs && eval(w, expr_of(w->memo, clang_Cursor_getArgument(e, (unsigned)p)), &v);
    bind(w, decl_number(w->memo, node_at(c, i)->cur), known, v);
    p++;
  }
}

// x = e, x op= e, ++x, x--: the tracked value of x afterwards.
static void assign(Walk *w, int node) {
  Memo *m = w->memo;
  int e = node_expr(m, w->c, node);
  int nk = m->exprs[e].nkids, op = m->exprs[e].op;
  if (nk < 1) return;
  int lhs = expr_strip(m, expr_kid(m, e, 0));
  if (m->exprs[lhs].kind != CXCursor_DeclRefExpr) return;
  int var = expr_ref(m, lhs);
  Binding *b = binding(w, var);
  if (!b) {
    if (clang_getCursorKind(m->decls[var]) != CXCursor_VarDecl) return;
    bind(w, var, false, 0);  // written here: no longer what its declaration said
    return;
  }
  long long old = b->v, r, v = 0;
  bool known = b->known;
  if (m->exprs[e].kind == CXCursor_UnaryOperator) {
    bool inc = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc;
    known = known && !(inc ? __builtin_add_overflow(old, 1, &v) : __builtin_sub_overflow(old, 1, &v));
  } else if (nk == 2) {
    bool rk = eval(w, expr_kid(m, e, 1), &r);
    switch (op) {
    case CXBinaryOperator_Assign: known = rk, v = r; break;
    case CXBinaryOperator_AddAssign: known = known && rk && !__builtin_add_overflow(old, r, &v); break;
    case CXBinaryOperator_SubAssign: known = known && rk && !__builtin_sub_overflow(old, r, &v); break;
    case CXBinaryOperator_MulAssign: known = known && rk && !__builtin_mul_overflow(old, r, &v); break;
    case CXBinaryOperator_RemAssign: known = known && rk && r != 0 && r != -1 && (v = old % r, true); break;
    case CXBinaryOperator_XorAssign: known = known && rk && (v = old ^ r, true); break;
    case CXBinaryOperator_AndAssign: known = known && rk && (v = old & r, true); break;
    case CXBinaryOperator_OrAssign: known = known && rk && (v = old | r, true); break;
    default: known = false;
    }
  } else {
    known = false;
  }
  bind(w, var, known, v);
}

static bool walk_turns(Walk *w, int node);

static void walk(Walk *w, int node) {
  if (w->jump != GO) return;
  if (w->tm && w->turn_node != node && walk_turns(w, node)) return;
  if (++w->visits > MAX_VISITS) {  // a big body in nested loops: the trace ends here
    w->tr->cut = w->tr->stopped = true;
    w->jump = STOP;
    return;
  }
  const Ctx *c = w->c;
  const Node *n = node_at(c, node);
  if (w->op_at[node] >= 0) { emit(w, w->op_at[node], node); return; }
  switch (n->kind) {
  case CXCursor_LambdaExpr: mark(w, node, IN_LAMBDA); return;  // runs where it is called
  case CXCursor_CompoundStmt: {
    int r = region_of_body(w->k, node);
    if (r >= 0 && !(w->part >= 0 && (w->k->regions.items[r].members >> w->part & 1))) return;
    walk_children(w, node);
    return;
  }
  case CXCursor_VarDecl: {
    walk_children(w, node);
    Memo *m = w->memo;
    int e = node_expr(m, c, node), nk = m->exprs[e].nkids, init = nk >= 1 && nk <= 4 ? expr_kid(m, e, nk - 1) : -1;
    long long v = 0;
    bool known = init >= 0 && clang_isExpression(m->exprs[init].kind) && eval(w, init, &v);
    bind(w, expr_decl(m, e), known, v);
    return;
  }
  case CXCursor_IfStmt: { walk_if(w, node); return; }
  case CXCursor_ForStmt: {
    ForParts fp;
    int k[4];
    // A grid's stub (`for (int i = 0; i < E; ++i)` with no text of its own):
    // its four parts in the order clang gives them.
    if (!for_parts(c, node, &fp) && front_children(c->front, node, k, 4) == 4) {
      walk(w, k[0]);
      walk_loop(w, k[1], k[3], k[2], false);
      return;
    }
    if (!for_parts(c, node, &fp)) { walk_children(w, node); return; }
    if (fp.init >= 0) walk(w, fp.init);
    walk_loop(w, fp.cond, fp.body, fp.inc, false);
    return;
  }
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt: {
    int kids[2];
    if (front_children(c->front, node, kids, 2) != 2) { walk_children(w, node); return; }
    bool is_do = n->kind == CXCursor_DoStmt;
    walk_loop(w, kids[is_do ? 1 : 0], kids[is_do ? 0 : 1], -1, is_do);
    return;
  }
  case CXCursor_SwitchStmt: {  // which case runs is not evaluated: no jump out of it is taken
    walk_children(w, node);
    if (w->jump != STOP) w->jump = GO;
    return;
  }
  case CXCursor_BreakStmt: w->jump = BREAK; return;
  case CXCursor_ContinueStmt: w->jump = CONTINUE; return;
  case CXCursor_ReturnStmt:
    walk_children(w, node);
    if (w->jump == GO) w->jump = RETURN;
    return;
  case CXCursor_CallExpr: {
    walk_children(w, node);
    int lambda = w->jump == GO && w->calls < MAX_CALL_DEPTH ? called_lambda(w, node) : -1;
    int body = lambda >= 0 ? lambda_body(c, lambda) : -1;
    if (body < 0) return;
    bind_parameters(w, node, lambda);
    w->calls++;
    walk(w, body);
    w->calls--;
    if (w->jump != STOP) w->jump = GO;  // its return ends the lambda
    return;
  }
  default:
    walk_children(w, node);
    if (w->jump == GO) {
      signed char *is = &w->memo->assigns[node];
      if (*is < 0) *is = is_assignment(n);
      if (*is) assign(w, node);
    }
  }
}

// --- turns (an extension, docs/language.md#turns) -----------------------------------------
//
// A turns ring of P participants is modelled as an event of P slots, one per
// participant's named barrier, each phase completed by one arrival of a
// partition index (T threads): a turn waits on its own slot (bar.sync) and
// then triggers the next participant's (bar.arrive); the declaration
// triggers the first participant's slot in the last participant's trace.

typedef struct TurnModel {
  const int *site_at;  // node -> index in k->turn_sites, -1
  const int *decl_at;  // node -> index in k->turns, -1
  int *wait_op, *arrive_op;  // per turn: its ops in the model kernel
  int *boot_op;              // per ring
  int *event;                // per ring: its event in the model kernel, -1 with fewer than 2 participants
  int rings_from;            // the first ring event
} TurnModel;

static void emit_step(Walk *w, int op, int slot) {
  w->fate[op] = RAN;
  if (w->tr->n == MAX_STEPS) {
    w->tr->cut = w->tr->stopped = true;
    w->jump = STOP;
    return;
  }
  w->tr->steps[w->tr->n++] = (Step){.op = op,
                                    .slot = slot,
                                    .parity = PARITY_AUTO,
                                    .iter = w->iter,
                                    .first = w->first,
                                    .depth = w->unknown_depth,
                                    .reach = -1};
}

static int participant(const Turns *t, int part) {
  for (int j = 0; j < t->nparts; j++)
    if (t->parts[j] == part) return j;
  return -1;
}

// A turn or a ring's declaration at node: walked here (true), or not one.
static bool walk_turns(Walk *w, int node) {
  const TurnModel *tm = w->tm;
  int d = tm->decl_at[node];
  if (d >= 0) {
    const Turns *t = &w->k->turns.items[d];
    if (tm->event[d] >= 0 && w->part == t->parts[t->nparts - 1]) emit_step(w, tm->boot_op[d], 0);
    return true;
  }
  int site = tm->site_at[node];
  if (site < 0) return false;
  int ring = w->k->turn_sites.items[site].ring;
  const Turns *t = &w->k->turns.items[ring];
  int me = participant(t, w->part);
  if (tm->event[ring] < 0 || me < 0) return false;  // walked as a plain statement
  emit_step(w, tm->wait_op[site], me);
  if (w->jump != GO) return true;
  int saved = w->turn_node;
  w->turn_node = node;
  walk(w, node);
  w->turn_node = saved;
  if (w->jump == GO) emit_step(w, tm->arrive_op[site], (me + 1) % t->nparts);
  return true;
}

// The model kernel: k's events and operations, then one event per ring of
// two or more participants and the operations of its turns.
static void model_turns(Ctx *c, const Kernel *k, Kernel *m, TurnModel *tm) {
  *m = *k;
  int nnodes = c->front->nnodes, nring = k->turns.len, nsite = k->turn_sites.len;
  m->events.items = arena_alloc(c->arena, sizeof(Event) * (size_t)(k->events.len + nring + 1));
  m->events.len = 0, m->events.cap = k->events.len + nring + 1;
  for (int e = 0; e < k->events.len; e++) m->events.items[m->events.len++] = k->events.items[e];
  m->ops.items = arena_alloc(c->arena, sizeof(Op) * (size_t)(k->ops.len + nring + 2 * nsite + 1));
  m->ops.len = 0, m->ops.cap = k->ops.len + nring + 2 * nsite + 1;
  for (int i = 0; i < k->ops.len; i++) {
    Op op = k->ops.items[i];
    if (op.event) op.event = m->events.items + (op.event - k->events.items);
    m->ops.items[m->ops.len++] = op;
  }
  int *site_at = arena_alloc(c->arena, sizeof(int) * (size_t)nnodes);
  int *decl_at = arena_alloc(c->arena, sizeof(int) * (size_t)nnodes);
  for (int i = 0; i < nnodes; i++) site_at[i] = decl_at[i] = -1;
  tm->site_at = site_at, tm->decl_at = decl_at;
  tm->wait_op = arena_alloc(c->arena, sizeof(int) * (size_t)(nsite + 1));
  tm->arrive_op = arena_alloc(c->arena, sizeof(int) * (size_t)(nsite + 1));
  tm->boot_op = arena_alloc(c->arena, sizeof(int) * (size_t)(nring + 1));
  tm->event = arena_alloc(c->arena, sizeof(int) * (size_t)(nring + 1));
  tm->rings_from = m->events.len;
  for (int r = 0; r < nring; r++) {
    const Turns *t = &k->turns.items[r];
    tm->event[r] = -1;
    if (t->nparts < 2) continue;
    tm->event[r] = m->events.len;
    Event *ev = &m->events.items[m->events.len++];
    *ev = (Event){.an = t->an, .name = t->name, .slots_text = t->name, .slots = t->nparts,
                  .inferred = k->group, .waited = true, .triggered = true};
    Region *reg = &k->regions.items[t->region];
    tm->boot_op[r] = m->ops.len;
    m->ops.items[m->ops.len++] = (Op){.kind = OP_TRIGGER, .an = t->an, .event = ev, .slot = t->name, .literal = -1,
                                      .region = reg, .data_if = -1, .uniform_if = -1};
    decl_at[t->node] = r;
  }
  for (int i = 0; i < nsite; i++) {
    const Turn *s = &k->turn_sites.items[i];
    if (tm->event[s->ring] < 0) continue;
    Event *ev = &m->events.items[tm->event[s->ring]];
    Region *reg = &k->regions.items[k->turns.items[s->ring].region];
    Op op = {.an = s->an, .event = ev, .slot = ev->name, .literal = -1, .region = reg, .data_if = -1,
             .uniform_if = -1};
    tm->wait_op[i] = m->ops.len;
    op.kind = OP_WAIT;
    m->ops.items[m->ops.len++] = op;
    tm->arrive_op[i] = m->ops.len;
    op.kind = OP_TRIGGER;
    m->ops.items[m->ops.len++] = op;
    site_at[s->st.node] = i;
  }
}

// Every participant of a ring must take as many turns as the others. Exact
// when no turn is in a loop of unknown trip count; otherwise compared
// iteration by iteration of the outermost such loop, when every participant
// takes its turns in such loops (one that takes none while another takes
// some is reported too). Returns whether it reported.
static bool check_turn_counts(Ctx *c, const Kernel *m, const TurnModel *tm, const Trace *tr, int rounds) {
  for (int r = 0; r < m->turns.len; r++) {
    const Turns *t = &m->turns.items[r];
    if (tm->event[r] < 0) continue;
    int keys = rounds + 1, P = t->nparts;  // key 0: outside loops of unknown trip count; 1 + i: iteration i
    int *count = arena_alloc(c->arena, sizeof(int) * (size_t)(P * keys));
    int *total = arena_alloc(c->arena, sizeof(int) * (size_t)P);
    bool *unknown = arena_alloc(c->arena, sizeof(bool) * (size_t)P), stopped = false;
    for (int j = 0; j < P; j++) {
      const Trace *x = &tr[t->parts[j]];
      stopped |= x->stopped;
      for (int i = 0; i < x->n; i++) {
        const Step *st = &x->steps[i];
        const Op *op = &m->ops.items[st->op];
        if (op->kind != OP_WAIT || op->event != &m->events.items[tm->event[r]]) continue;
        total[j]++;
        unknown[j] |= st->depth > 0;
        int key = st->depth > 0 ? 1 + st->iter : 0;
        if (key < keys) count[j * keys + key]++;
      }
    }
    if (stopped) continue;
    int p = -1, q = -1, key = -1;  // two participants that differ, and where
    bool all_exact = true, all_unknown = true;
    for (int j = 0; j < P; j++) all_exact &= !unknown[j], all_unknown &= unknown[j];
    for (int j = 1; j < P && p < 0; j++)
      if (all_exact && total[j] != total[0]) p = 0, q = j;
      else if ((total[j] == 0) != (total[0] == 0)) p = 0, q = j;
    for (int kk = 0; kk < keys && p < 0 && all_unknown; kk++)
      for (int j = 1; j < P && p < 0; j++)
        if (count[j * keys + kk] != count[kk]) p = 0, q = j, key = kk;
    if (p < 0 && !all_exact) warn_turn_loops(c, m, r);  // equal in the model's rounds only
    if (p < 0) continue;
    Span n = m->part_name;
    int a = key < 1 ? total[p] : count[p * keys + key], b = key < 1 ? total[q] : count[q * keys + key];
    const char *where = key < 1 ? "" : arena_printf(c->arena, "in iteration %d of the loop around them, ", key);
    // Counts in loops of unknown trip count are the model's rounds, not the kernel's: "some".
    bool vague = key < 1 && !all_exact;
    const char *ta = vague ? (a ? "some" : "none") : arena_printf(c->arena, "%d", a);
    const char *tb = vague ? (b ? "some" : "none") : arena_printf(c->arena, "%d", b);
    diag_error(c->diag, t->an->start,
               "the participants of '%.*s' take different numbers of turns: %s%.*s = %d takes %s, %.*s = %d takes "
               "%s; each must take as many as the others, or one waits for its turn forever",
               (int)t->name.len, t->name.s, where, (int)n.len, n.s, t->parts[p], ta, (int)n.len, n.s, t->parts[q], tb);
    // The first turn that they take a different number of times.
    for (int i = 0; i < m->turn_sites.len; i++) {
      if (m->turn_sites.items[i].ring != r) continue;
      int at[2] = {0, 0};
      for (int side = 0; side < 2; side++) {
        const Trace *x = &tr[t->parts[side ? q : p]];
        for (int s = 0; s < x->n; s++)  // in the iteration that differs, if it is one
          at[side] += x->steps[s].op == tm->wait_op[i] &&
                      (key < 1 || (x->steps[s].depth > 0 && x->steps[s].iter == key - 1));
      }
      if (at[0] == at[1]) continue;
      if (vague && (!at[0] || !at[1]))
        diag_note(c->diag, m->turn_sites.items[i].an->start, "%.*s = %d takes this turn, %.*s = %d does not",
                  (int)n.len, n.s, t->parts[at[0] ? p : q], (int)n.len, n.s, t->parts[at[0] ? q : p]);
      else
        diag_note(c->diag, m->turn_sites.items[i].an->start, "%.*s = %d takes this turn %d time%s, %.*s = %d %d time%s",
                (int)n.len, n.s, t->parts[p], at[0], at[0] == 1 ? "" : "s", (int)n.len, n.s, t->parts[q], at[1],
                at[1] == 1 ? "" : "s");
      break;
    }
    return true;
  }
  return false;
}

// --- running the traces together ---------------------------------------------------

typedef struct {
  Ctx *c;
  Kernel *k;
  Trace *tr;
  int ntr;
  bool *merged;        // per event: its slots are one channel
  long long *arrived;  // per channel (event * MAX_SLOTS + slot)
  int *waits;          // per trace and channel: automatic waits passed
  Fate *fate;
  int rings_from;      // events from here on are turns rings (k->events.len without)
  int *first_trace;    // per op: the lowest trace with a step of it, -1
  int *reach;          // per op and trace: the threads that reach a trigger under an `if` (reach.c), -1
  bool *visits_told;   // per op: every step of it has its own count (Step.reach)
  int *total_waits;    // per trace and channel: the automatic waits of the whole trace
  int *completer;      // per channel: the op whose trigger completed its last phase, -1
  int *completer_iter;  // per channel: that step's iteration of the outermost loop of unknown trip count
  int lap_trace, lap_step, lap_waiter;  // a channel that ran two phases ahead of a waiter (lapped), -1
} Sim;

static bool is_ring(const Sim *s, const Event *ev) { return ev - s->k->events.items >= s->rings_from; }

static int channel(const Sim *s, const Step *st) {
  int e = (int)(s->k->ops.items[st->op].event - s->k->events.items);
  return e * MAX_SLOTS + (s->merged[e] ? 0 : st->slot);
}

// Arrivals that completes one phase of the event; 0 when not known.
// A cluster event's count(N) is what one block gets from all the blocks that
// reach it, known only at run time: not known here (docs/clusters.md).
static long long needed(const Event *ev) {
  if (ev->cluster && ev->count) return 0;
  return ev->count ? ev->count_value : ev->inferred;
}

// Whether reach.c told the arrivals of every step of op (trigger under an `if`).
static bool reach_told(const Sim *s, int op) {
  return s->reach[(size_t)op * (size_t)s->ntr] >= 0 || s->visits_told[op];
}

// What one trigger step of trace `t` adds.
static long long arrivals_of(const Sim *s, const Step *st, int t) {
  const Kernel *k = s->k;
  const Op *op = &k->ops.items[st->op];
  if (!k->nparts) return needed(op->event);  // no partition: each trigger is a phase
  // Under an `if` every thread that reaches a trigger arrives: as many as
  // the conditions on the thread let through (`if (threadIdx.x % 32 == 0)`
  // in a warpgroup: 4), where reach.c can evaluate them: at this visit when
  // they read a loop counter.
  int r = st->reach >= 0 ? st->reach : s->reach[(size_t)st->op * (size_t)s->ntr + (size_t)t];
  if (r >= 0) return r;
  // tirx_trigger_bytes arrives once, by the region's first thread; under an
  // `if` that cannot be evaluated, one arrival, from the first index whose
  // trace reaches it (two producer warps, each with a ring of its own, are
  // two sites).
  if (op->kind == OP_TRIGGER_BYTES)
    return op->data_if >= 0 ? t == s->first_trace[op - k->ops.items] : t == (op->region ? op->region->first : 0);
  // A cluster event: every block runs this trace, and each of its triggers
  // stands for one from every block that reaches this one; the counts are
  // per source block, one arrival per warp (docs/clusters.md).
  if (op->event->cluster) return k->group / 32;
  return op->under_elect ? k->group / 32 : k->group;
}

// The threads of each index that reach each trigger under an `if` (not
// under elect, which stands for one lane of each warp that gets there; not
// in a lambda run elsewhere): the first `nops` ops are the kernel's own.
static void reach_of_triggers(Sim *s, int nops) {
  Ctx *c = s->c;
  const Kernel *k = s->k;
  size_t n = (size_t)k->ops.len * (size_t)s->ntr;
  s->reach = arena_alloc(c->arena, sizeof(int) * n);
  for (size_t i = 0; i < n; i++) s->reach[i] = -1;
  for (int i = 0; i < nops && k->nparts; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind == OP_WAIT || op->kind == OP_REGION_SYNC || op->data_if < 0 || op->under_elect || op->runs_elsewhere ||
        op->event->cluster || s->first_trace[i] < 0)
      continue;
    int node = front_first_at(c->front, op->an->start);
    for (int t = 0; t < s->ntr && node < c->front->nnodes; t++) {  // (an `if` around the region counts too)
      int r = threads_reaching(c, k, node, k->func, op->an->start, t);
      if (r < 0) {  // all or nothing: one index that cannot be told leaves the site to arrivals_of's rule
        for (int u = 0; u < s->ntr; u++) s->reach[(size_t)i * (size_t)s->ntr + (size_t)u] = -1;
        break;
      }
      s->reach[(size_t)i * (size_t)s->ntr + (size_t)t] = r;
    }
  }
}

static long long phases(const Sim *s, int ch, const Event *ev) {
  long long need = needed(ev);
  return need > 0 ? s->arrived[ch] / need : 1LL << 40;
}

static bool passes(const Sim *s, int t, const Step *st) {
  const Op *op = &s->k->ops.items[st->op];
  const Event *ev = op->event;
  int ch = channel(s, st);
  if (op->kind != OP_WAIT) return true;
  if (st->parity == PARITY_UNKNOWN || needed(ev) <= 0) return true;
  if (st->parity != PARITY_AUTO) return s->merged[ev - s->k->events.items] || (phases(s, ch, ev) & 1) != st->parity;
  long long credits = !ev->ready ? 0 : s->merged[ev - s->k->events.items] ? ev->slots : 1;
  return phases(s, ch, ev) + credits >= s->waits[(size_t)t * (size_t)s->k->events.len * MAX_SLOTS + (size_t)ch] + 1;
}

// Whether every trigger of the event adds what the model says: none under
// an `if` that reach.c could not evaluate (the walk takes both ways), none
// in a lambda run elsewhere, not a cluster event (other blocks arrive too).
static bool arrivals_exact(const Sim *s, const Event *ev) {
  const Kernel *k = s->k;
  if (ev->cluster) return false;
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->event != ev || op->kind == OP_WAIT) continue;
    if (op->runs_elsewhere || (op->data_if >= 0 && !reach_told(s, i))) return false;
  }
  return true;
}

// After a trigger of op on channel ch that completed a phase: a trace that
// will wait there again and that the slot's completed phases (with a
// `ready` credit) are two or more ahead of. A wait tells a phase from the
// next only by its parity, so it would pass on a later phase, or wait for
// one more: the triggers between its waits made more phases than it waits
// for (two triggers a phase taken for one, when a wait on another event
// stands between them). Only where one site completed both phases: block
// barriers, which may hold the triggering threads back between two sites,
// are not in the model.
static int lapped_waiter(const Sim *s, int ch, const Step *st, long long before) {
  size_t nch = (size_t)s->k->events.len * MAX_SLOTS;
  const Op *op = &s->k->ops.items[st->op];
  const Event *ev = op->event;
  long long now = phases(s, ch, ev);
  // Both phases in one iteration of the loop of unknown trip count around
  // the site, and no other such loop inside it: the rounds the walk gives
  // such loops are its own choice, not the program's.
  if (now == before ||
      (now - before < 2 && (s->completer[ch] != st->op || s->completer_iter[ch] != st->iter || st->depth > 1)))
    return -1;
  long long ahead = phases(s, ch, ev) + (ev->ready ? 1 : 0);
  for (int u = 0; u < s->ntr; u++) {
    size_t at = (size_t)u * nch + (size_t)ch;
    if (s->total_waits[at] > s->waits[at] && ahead - s->waits[at] >= 2) return u;
  }
  return -1;
}

// Whether the kernel holds a barrier that the model leaves out and that may
// hold triggering threads back until a waiter has waited: a call named for a
// sync or a barrier (__syncthreads(), tirx_region_sync(), a named barrier's
// helper, cooperative groups' sync(); ast.c's names_a_barrier), or asm.
static bool has_barrier(const Ctx *c, const Kernel *k) {
  for (int i = k->func; i <= node_at(c, k->func)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind == CXCursor_AsmStmt) return true;
    if (n->kind != CXCursor_CallExpr) continue;
    CXString name = clang_getCursorSpelling(n->cur);
    bool sync = names_a_barrier(clang_getCString(name));
    clang_disposeString(name);
    if (sync) return true;
  }
  return false;
}

// Whether the model holds everything that paces the triggers: every event
// triggered and waited on (a producer that never waits is checks.c's
// warning; an event released by a raw mbarrier arrive has no trigger here),
// with a known count and slots, its triggers' arrivals exact, and no wait
// whose parity the walk could not evaluate (such waits pass in the model).
static bool model_paces(const Sim *s) {
  const Kernel *k = s->k;
  if (k->turns.len || has_barrier(s->c, k)) return false;
  for (int e = 0; e < k->events.len; e++) {
    const Event *ev = &k->events.items[e];
    if (!ev->triggered || !ev->waited || needed(ev) <= 0 || s->merged[e] || !arrivals_exact(s, ev)) return false;
  }
  for (int t = 0; t < s->ntr; t++)
    for (int i = 0; i < s->tr[t].n; i++)
      if (s->tr[t].steps[i].parity == PARITY_UNKNOWN) return false;
  return true;
}

static void run(Sim *s) {
  size_t nch = (size_t)s->k->events.len * MAX_SLOTS;
  for (bool moved = true; moved;) {
    moved = false;
    for (int t = 0; t < s->ntr; t++) {
      Trace *tr = &s->tr[t];
      for (; tr->pos < tr->n && passes(s, t, &tr->steps[tr->pos]); tr->pos++, moved = true) {
        const Step *st = &tr->steps[tr->pos];
        const Op *op = &s->k->ops.items[st->op];
        if (op->kind == OP_WAIT && st->parity == PARITY_AUTO)
          s->waits[(size_t)t * nch + (size_t)channel(s, st)]++;
        else if (op->kind != OP_WAIT) {
          int ch = channel(s, st);
          long long before = phases(s, ch, op->event);
          s->arrived[ch] += arrivals_of(s, st, t);
          int u = is_ring(s, op->event) || !s->completer ? -1 : lapped_waiter(s, ch, st, before);
          if (u >= 0) {
            s->lap_trace = t, s->lap_step = tr->pos, s->lap_waiter = u;
            return;
          }
          if (s->completer && phases(s, ch, op->event) > before)
            s->completer[ch] = st->op, s->completer_iter[ch] = st->iter;
        }
      }
    }
  }
}

// --- the report ---------------------------------------------------------------------

static const char *slot_name(Ctx *c, const Sim *s, const Step *st) {
  const Event *ev = s->k->ops.items[st->op].event;
  if (!ev->slots_text.len || s->merged[ev - s->k->events.items])
    return arena_printf(c->arena, "%.*s", (int)ev->name.len, ev->name.s);
  return arena_printf(c->arena, "%.*s[%d]", (int)ev->name.len, ev->name.s, st->slot);
}

static const char *who(Ctx *c, const Op *op) {
  return op->region ? arena_printf(c->arena, "'%s'", region_label(c, op->region)) : "the code outside regions";
}

// Where the channel of a blocked wait is next triggered: the trace and step.
static bool next_trigger(const Sim *s, int ch, int *t_out, int *i_out) {
  for (int t = 0; t < s->ntr; t++)
    for (int i = s->tr[t].pos; i < s->tr[t].n; i++) {
      const Step *st = &s->tr[t].steps[i];
      if (s->k->ops.items[st->op].kind != OP_WAIT && channel(s, st) == ch) return *t_out = t, *i_out = i, true;
    }
  return false;
}

// What a phase gets when each region (and the code outside them) that
// triggers the event runs its triggers of one phase (checks.c: sites of one
// phase add up); with sites it cannot count, one trigger of each.
static long long one_round(Ctx *c, Kernel *k, Event *ev) {
  long long sum = event_arrivals_per_phase(c, k, ev);
  for (int i = 0; i < k->ops.len && !sum; i++) {
    const Op *op = &k->ops.items[i];
    if (op->event != ev || op->kind == OP_WAIT) continue;
    int threads = op->region ? op->region->threads : k->nparts * k->group;
    sum = op->kind == OP_TRIGGER_BYTES ? 1 : op->under_elect ? threads / 32 : threads;
  }
  return sum;
}

// Notes on why the blocked wait's slot never gets its phase.
static void explain_event(Sim *s, const Step *st, bool *said_event, bool credits) {
  Ctx *c = s->c;
  Kernel *k = s->k;
  const Op *op = &k->ops.items[st->op];
  const Event *ev = op->event;
  int e = (int)(ev - k->events.items), ch = channel(s, st);
  if (said_event[e] || is_ring(s, ev)) return;
  said_event[e] = true;
  // Triggers of the event that never run.
  for (int i = 0; i < k->ops.len; i++) {
    const Op *tr = &k->ops.items[i];
    if (tr->event != ev || tr->kind == OP_WAIT || s->fate[i] == RAN || !s->fate[i]) continue;
    const char *why = s->fate[i] == IN_LAMBDA    ? "it is in a lambda that nothing calls"
                      : s->fate[i] == ZERO_TRIPS ? "its loop runs zero times"
                                                 : "its condition is false";
    diag_note(c->diag, tr->an->start, "this trigger of '%.*s' never runs: %s", (int)ev->name.len, ev->name.s, why);
  }
  long long need = needed(ev), round = one_round(c, k, (Event *)ev);
  if (ev->count && need > round && k->nparts) {
    diag_note(c->diag, ev->count->name.off,
              "count(%lld) asks for more arrivals per phase than one trigger of each region that triggers '%.*s' "
              "gives (%lld)",
              need, (int)ev->name.len, ev->name.s, round);
    return;
  }
  // The indices that trigger the event, against those that trigger this
  // slot: with an inferred count, every one of them must arrive.
  if (!ev->count && !s->merged[e] && ev->slots > 1 && k->nparts) {
    long long share = 0;
    int all = 0, here = 0;
    Buf who_here = {0};
    for (int t = 0; t < s->ntr; t++) {
      bool any = false, mine = false;
      long long add = 0;
      for (int i = 0; i < s->tr[t].n; i++) {
        const Step *q = &s->tr[t].steps[i];
        const Op *qo = &k->ops.items[q->op];
        if (qo->event != ev || qo->kind == OP_WAIT) continue;
        any = true;
        if (channel(s, q) == ch && !mine) mine = true, add = arrivals_of(s, q, t);
      }
      all += any;
      if (mine)
        buf_printf(&who_here, "%s%.*s = %d", here ? ", " : "", (int)k->part_name.len, k->part_name.s, t),
            here++, share += add;
    }
    if (here && here < all && share < need)
      diag_note(c->diag, ev->an->start,
                "'%.*s' counts %lld arrivals per phase, from all %d %s that trigger it, but slot %d is triggered by "
                "%.*s alone (%lld arrivals): if each slot has its own releasers, declare 'count(%lld)'",
                (int)ev->name.len, ev->name.s, need, all, k->group == 32 ? "warps" : "warpgroups", st->slot,
                (int)who_here.len, who_here.data, share, share);
    buf_free(&who_here);
    if (here && here < all && share < need) return;
  }
  // A first wait on a slot that nothing has triggered yet, but will: the
  // missing credit.
  int nt, ni;
  if (credits && !op->region && next_trigger(s, ch, &nt, &ni) && k->ops.items[s->tr[nt].steps[ni].op].region) {
    diag_note(c->diag, op->an->start,
              "every thread of the block runs this wait, those of '%s' that trigger '%.*s' too: wait inside the "
              "regions that need it",
              region_label(c, k->ops.items[s->tr[nt].steps[ni].op].region), (int)ev->name.len, ev->name.s);
    return;
  }
  if (credits && !ev->ready && s->arrived[ch] == 0 && st->parity == PARITY_AUTO && next_trigger(s, ch, &nt, &ni)) {
    int other = -1;
    for (int j = 0; j < ev->slots && j < MAX_SLOTS && !s->merged[e] && other < 0; j++)
      if (s->arrived[e * MAX_SLOTS + j] > 0 && j != st->slot) other = j;
    if (other >= 0)
      diag_note(c->diag, ev->an->start,
                "slot %d of '%.*s' gets no first credit, as slot %d does: declare '%.*s' 'ready', or trigger every "
                "slot before the loop",
                st->slot, (int)ev->name.len, ev->name.s, other, (int)ev->name.len, ev->name.s);
    else
      diag_note(c->diag, ev->an->start, "give '%.*s' its first credits: declare it 'ready', or trigger %s before the loop",
                (int)ev->name.len, ev->name.s, ev->slots_text.len ? "every slot" : "it");
  }
}

// Whether a trace triggers an event that some trace is blocked on.
static bool triggers_a_blocked_event(const Sim *s, const Trace *tr) {
  for (int t = 0; t < s->ntr; t++) {
    if (s->tr[t].pos == s->tr[t].n) continue;
    const Event *ev = s->k->ops.items[s->tr[t].steps[s->tr[t].pos].op].event;
    for (int i = 0; i < tr->n; i++)
      if (s->k->ops.items[tr->steps[i].op].event == ev && s->k->ops.items[tr->steps[i].op].kind != OP_WAIT) return true;
  }
  return false;
}

// Whether traces a and b run the same steps: partition indices that wait
// and trigger alike, so that what they trigger in one round lands in one phase.
static bool same_steps(const Trace *a, const Trace *b) {
  if (a->n != b->n) return false;
  for (int i = 0; i < a->n; i++)
    if (a->steps[i].op != b->steps[i].op || a->steps[i].slot != b->steps[i].slot ||
        a->steps[i].parity != b->steps[i].parity)
      return false;
  return true;
}

// What trace u adds beside its twin to one trigger step: all of it, unless
// the trigger stands under an `if` that reach.c could not evaluate (one on
// data may let one index through and not another).
static long long twin_arrivals(const Sim *s, int i, int u) {
  const Step *st = &s->tr[u].steps[i];  // (a twin has the same steps)
  return s->k->ops.items[st->op].data_if < 0 || reach_told(s, st->op) ? arrivals_of(s, st, u) : 0;
}

static const char *index_list(Ctx *c, const Kernel *k, const int *twin, int ntr, int t) {
  Buf b = {0};
  int n = 0, total = 0;
  for (int u = 0; u < ntr; u++) total += twin[u] == t;
  for (int u = 0; u < ntr; u++) {
    if (twin[u] != t) continue;
    buf_printf(&b, "%s%.*s = %d", !n ? "" : n + 1 == total ? " and " : ", ", (int)k->part_name.len, k->part_name.s, u);
    n++;
  }
  const char *out = arena_printf(c->arena, "%s", b.data);
  buf_free(&b);
  return out;
}

// One partition index whose trigger sites arrive on a slot more often,
// before it next waits on anything, than a phase of the slot counts: it completes the phase
// and goes on into the next one, which no wait for a parity can tell apart
// (checks.c took the triggers for alternatives: `full[s]` and `full[k % S]`
// naming one slot, or a count(N) below what they give). Indices that run
// the same steps trigger in the same rounds, so their arrivals add up
// (`if (threadIdx.x % 32 == 0) tirx_trigger_bytes(...)` in a region of two
// warps, with count(1)). Reported once.
static bool overfull_phase(Sim *s) {
  Ctx *c = s->c;
  const Kernel *k = s->k;
  size_t nch = (size_t)k->events.len * MAX_SLOTS;
  long long *burst = arena_alloc(c->arena, sizeof(long long) * nch);  // the index's own
  long long *joint = arena_alloc(c->arena, sizeof(long long) * nch);  // with its twins'
  int *from = arena_alloc(c->arena, sizeof(int) * nch);  // the op of each burst's first trigger
  int *twin = arena_alloc(c->arena, sizeof(int) * (size_t)s->ntr);  // the first index that runs the same steps
  for (int t = 0; t < s->ntr; t++) {
    twin[t] = t;
    for (int u = 0; u < t && twin[t] == t; u++)
      if (twin[u] == u && k->nparts && same_steps(&s->tr[u], &s->tr[t])) twin[t] = u;
  }
  for (int t = 0; t < s->ntr; t++) {
    memset(burst, 0, sizeof(long long) * nch);
    memset(joint, 0, sizeof(long long) * nch);
    for (int i = 0; i < s->tr[t].n; i++) {
      const Step *st = &s->tr[t].steps[i];
      const Op *op = &k->ops.items[st->op];
      const Event *ev = op->event;
      if (op->kind == OP_WAIT) {
        memset(burst, 0, sizeof(long long) * nch);
        memset(joint, 0, sizeof(long long) * nch);
        continue;
      }
      if (is_ring(s, ev) || s->merged[ev - k->events.items] || needed(ev) <= 0) continue;
      int ch = channel(s, st);
      // The same site again starts a new round (a producer that never waits
      // is a warning of checks.c's): the sites of one round are compared.
      if (!burst[ch] || from[ch] == st->op) from[ch] = st->op, burst[ch] = 0, joint[ch] = 0;
      burst[ch] += arrivals_of(s, st, t);
      joint[ch] += arrivals_of(s, st, t);
      for (int u = t + 1; u < s->ntr && twin[t] == t; u++)
        if (twin[u] == t) joint[ch] += twin_arrivals(s, i, u);
      if (burst[ch] <= needed(ev) && joint[ch] <= needed(ev)) continue;
      bool counted = op->data_if >= 0 && reach_told(s, st->op);  // reach.c's
      if (burst[ch] > needed(ev) && counted && from[ch] == st->op) {
        diag_error(c->diag, op->an->start,
                   "'%s' gets %lld arrivals from %.*s = %d before it next waits, one from each thread that the "
                   "condition lets through, but a phase of it counts %lld: the phase completes and the rest arrive "
                   "on the next one, which no wait can tell apart; declare count(%lld)%s",
                   slot_name(c, s, st), burst[ch], (int)k->part_name.len, k->part_name.s, t, needed(ev), burst[ch],
                   op->kind == OP_TRIGGER_BYTES ? ", or let only the thread that issues the copy through" : "");
        diag_note(c->diag, node_at(c, op->data_if)->start, "the condition");
        return true;
      }
      if (burst[ch] > needed(ev)) {
        const char *who =
            k->nparts ? arena_printf(c->arena, "%.*s = %d", (int)k->part_name.len, k->part_name.s, t) : "the block";
        diag_error(c->diag, op->an->start,
                   "'%s' gets %lld arrivals from %s before it next waits, but a phase of it counts %lld: the phase "
                   "completes and the rest arrive on the next one, which no wait can tell apart; if these triggers "
                   "are one phase's, name the slot the same way in each (tirx-pp then adds them up), or declare "
                   "count(N)",
                   slot_name(c, s, st), burst[ch], who, needed(ev));
      } else {
        diag_error(
            c->diag, op->an->start,
            "'%s' gets %lld arrivals from %s, which wait and trigger alike, before they next wait, but a "
            "phase of it counts %lld: the phase completes and the rest arrive on the next one, which no wait "
            "can tell apart; declare count(%lld)%s",
            slot_name(c, s, st), joint[ch], index_list(c, k, twin, s->ntr, t), needed(ev), joint[ch],
            counted && op->kind == OP_TRIGGER_BYTES ? ", or let only the thread that issues the copy through" : "");
        if (counted) diag_note(c->diag, node_at(c, op->data_if)->start, "the condition");
      }
      if (from[ch] != st->op)
        diag_note(c->diag, k->ops.items[from[ch]].an->start, "the first of them, on the same slot");
      return true;
    }
  }
  return false;
}

static void report(Sim *s) {
  Ctx *c = s->c;
  Kernel *k = s->k;
  int first = -1, active = 0, stuck = 0;
  for (int t = 0; t < s->ntr; t++) {
    const Trace *tr = &s->tr[t];
    if (!tr->n) continue;
    if (tr->pos == tr->n && tr->cut && triggers_a_blocked_event(s, tr)) return;  // it might have gone on
    active++;
    if (tr->pos < tr->n) {
      stuck++;
      if (first < 0 || (tr->steps[tr->pos].first && !s->tr[first].steps[s->tr[first].pos].first)) first = t;
    }
  }
  if (first < 0) return;
  const Step *at = &s->tr[first].steps[s->tr[first].pos];
  if (!at->first && stuck < active) return;  // a later round that may not come
  const Op *op = &k->ops.items[at->op];
  Span pn = k->part_name;
  if (is_ring(s, op->event))
    diag_error(c->diag, op->an->start,
               "deadlock: this turn of '%.*s' never starts for %.*s = %d: %s the regions wait for each other before "
               "anything they wait for happens",
               (int)op->event->name.len, op->event->name.s, (int)pn.len, pn.s, first,
               at->first ? "in their first iteration" : arena_printf(c->arena, "in iteration %d of the loops", at->iter + 1));
  else if (at->first)
    diag_error(c->diag, op->an->start,
               "deadlock: this wait on '%s' never returns: in their first iteration the regions wait for each other "
               "before anything they wait for is triggered",
               slot_name(c, s, at));
  else
    diag_error(c->diag, op->an->start,
               "deadlock: this wait on '%s' never returns: in iteration %d of the loops the regions wait for each "
               "other before anything they wait for is triggered",
               slot_name(c, s, at), at->iter + 1);
  // One note per blocked region (or the code outside them), in trace order.
  const Op **said = arena_alloc(c->arena, sizeof(Op *) * (size_t)s->ntr);
  bool *said_event = arena_alloc(c->arena, sizeof(bool) * (size_t)k->events.len);
  int nsaid = 0;
  for (int t = 0; t < s->ntr; t++) {
    const Trace *tr = &s->tr[t];
    if (tr->pos == tr->n) continue;
    const Step *st = &tr->steps[tr->pos];
    const Op *w = &k->ops.items[st->op];
    int nt, ni;
    if (is_ring(s, w->event)) {  // a note per participant
      Span e = w->event->name;
      if (next_trigger(s, channel(s, st), &nt, &ni))
        diag_note(c->diag, w->an->start, "%.*s = %d waits here for its turn of '%.*s', which %.*s = %d passes on at "
                                         "line %d%s",
                  (int)pn.len, pn.s, t, (int)e.len, e.s, (int)pn.len, pn.s, nt,
                  source_line(c->src, k->ops.items[s->tr[nt].steps[ni].op].an->start),
                  ni > s->tr[nt].pos ? ", after a wait of its own" : "");
      else
        diag_note(c->diag, w->an->start, "%.*s = %d waits here for its turn of '%.*s', which no participant passes "
                                         "on again",
                  (int)pn.len, pn.s, t, (int)e.len, e.s);
      continue;
    }
    bool dup = false;
    for (int i = 0; i < nsaid; i++) dup |= said[i] == w;
    if (dup) continue;
    said[nsaid++] = w;
    if (next_trigger(s, channel(s, st), &nt, &ni))
      diag_note(c->diag, w->an->start, "%s waits here for '%s', which is next triggered at line %d%s", who(c, w),
                slot_name(c, s, st), source_line(c->src, k->ops.items[s->tr[nt].steps[ni].op].an->start),
                ni > s->tr[nt].pos ? ", after a wait of its own" : "");
    else
      diag_note(c->diag, w->an->start, "%s waits here for '%s', which nothing triggers again", who(c, w),
                slot_name(c, s, st));
  }
  explain_event(s, at, said_event, true);
  for (int t = 0; t < s->ntr; t++)
    if (s->tr[t].pos < s->tr[t].n) explain_event(s, &s->tr[t].steps[s->tr[t].pos], said_event, false);
}

// A trigger that completed a slot's second phase ahead of a waiter
// (lapped_waiter): its wait would take the later phase for the one it waits
// for. The usual cause is a count one phase's triggers do not match.
static void report_lap(Sim *s) {
  Ctx *c = s->c;
  const Kernel *k = s->k;
  const Step *st = &s->tr[s->lap_trace].steps[s->lap_step];
  const Op *op = &k->ops.items[st->op];
  const Event *ev = op->event;
  const char *waiter = k->nparts
                           ? arena_printf(c->arena, "%.*s = %d", (int)k->part_name.len, k->part_name.s, s->lap_waiter)
                           : "the block";
  const char *why =
      ev->count ? arena_printf(c->arena,
                               "a phase counts %lld arrival%s (its count): if the triggers between two of those waits "
                               "make one phase, that is below what they add",
                               needed(ev), needed(ev) == 1 ? "" : "s")
                : arena_printf(c->arena,
                               "tirx-pp inferred %lld arrival%s a phase, reading a wait on another event between "
                               "these triggers as a step of the ring: if the triggers between two of those waits make "
                               "one phase, declare count(N) with what they add",
                               needed(ev), needed(ev) == 1 ? "" : "s");
  diag_error(c->diag, op->an->start,
             "'%s' completes a second phase here before %s waits on it again: a wait tells a phase from the next "
             "only by its parity, so that wait would pass on the later phase or wait for one more; %s",
             slot_name(c, s, st), waiter, why);
  for (int i = s->tr[s->lap_waiter].pos; i < s->tr[s->lap_waiter].n; i++) {
    const Step *w = &s->tr[s->lap_waiter].steps[i];
    if (k->ops.items[w->op].kind == OP_WAIT && channel(s, w) == channel(s, st)) {
      diag_note(c->diag, k->ops.items[w->op].an->start, "%s waits on '%s' here, once a phase", waiter,
                slot_name(c, s, st));
      break;
    }
  }
}

void check_deadlock(Ctx *c, Kernel *orig) {
  Kernel model, *k = orig;
  TurnModel turns;
  const TurnModel *tm = NULL;
  if (orig->turns.len && orig->nparts > 0) model_turns(c, orig, &model, &turns), k = &model, tm = &turns;
  int nev = k->events.len;
  if (!nev || !k->ops.len) return;
  int nnodes = c->front->nnodes;
  int *op_at = arena_alloc(c->arena, sizeof(int) * (size_t)nnodes);
  for (int i = 0; i < nnodes; i++) op_at[i] = -1;
  for (int i = 0; i < orig->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    int node = front_first_at(c->front, op->an->start);
    if (op->kind != OP_REGION_SYNC && node < nnodes && node_at(c, node)->start == op->an->start) op_at[node] = i;
  }
  long long most = 1;
  for (int e = 0; e < nev; e++) most = k->events.items[e].slots > most ? k->events.items[e].slots : most;
  Fate *fate = arena_alloc(c->arena, sizeof(Fate) * (size_t)k->ops.len);
  int ntr = k->nparts > 0 ? k->nparts : 1;
  Trace *tr = arena_alloc(c->arena, sizeof(Trace) * (size_t)ntr);
  Memo memo = {0};
  memo.node_expr = arena_alloc(c->arena, sizeof(int) * (size_t)nnodes);
  memo.assigns = arena_alloc(c->arena, (size_t)nnodes);
  for (int i = 0; i < nnodes; i++) memo.node_expr[i] = -1, memo.assigns[i] = -1;
  int part_var = decl_number(&memo, kernel_partition_var(c, k));
  // Variables that hold a lambda, for the calls through them.
  const Node *fn = node_at(c, k->func);
  VEC(int) lambda_vars = {0};
  VEC(int) lambda_nodes = {0};
  for (int i = k->func; i <= fn->last; i++) {
    if (node_at(c, i)->kind != CXCursor_LambdaExpr) continue;
    int p = node_at(c, i)->parent;
    while (p >= 0 && node_at(c, p)->kind != CXCursor_VarDecl && !clang_isStatement(node_at(c, p)->kind))
      p = node_at(c, p)->parent;
    if (p < 0 || node_at(c, p)->kind != CXCursor_VarDecl) continue;
    VEC_PUSH(c->arena, lambda_vars, decl_number(&memo, node_at(c, p)->cur));
    VEC_PUSH(c->arena, lambda_nodes, i);
  }
  for (int t = 0; t < ntr; t++) {
    Walk *w = arena_alloc(c->arena, sizeof(Walk));
    // Rounds of a loop of unknown trip count: enough for any ring to fill and wrap.
    *w = (Walk){.c = c,
                .k = k,
                .part = k->nparts > 0 ? t : -1,
                .part_var = part_var,
                .memo = &memo,
                .op_at = op_at,
                .fate = fate,
                .tr = &tr[t],
                .first = true,
                .rounds = (int)(most + 2),
                .lambda_vars = lambda_vars.items,
                .lambda_nodes = lambda_nodes.items,
                .nlambdas = lambda_vars.len,
                .tm = tm,
                .turn_node = -1,
                .nops = orig->ops.len,
                .reach = arena_alloc(c->arena, sizeof(int) * (size_t)k->ops.len)};
    for (int i = 0; i < k->ops.len; i++) w->reach[i] = -2;
    w->reach_walk = (ReachWalk){.value = known_local, .ctx = w};
    tr[t].steps = arena_alloc(c->arena, sizeof(Step) * MAX_STEPS);
    walk(w, k->func);
  }
  memo_free(&memo);
  if (tm && check_turn_counts(c, k, tm, tr, (int)(most + 2))) return;
  Sim s = {.c = c, .k = k, .tr = tr, .ntr = ntr, .fate = fate, .rings_from = tm ? tm->rings_from : nev};
  s.merged = arena_alloc(c->arena, sizeof(bool) * (size_t)nev);
  for (int e = 0; e < nev; e++) s.merged[e] = k->events.items[e].dependent;
  for (int t = 0; t < ntr; t++)
    for (int i = 0; i < tr[t].n; i++)
      if (tr[t].steps[i].slot < 0) s.merged[k->ops.items[tr[t].steps[i].op].event - k->events.items] = true;
  s.first_trace = arena_alloc(c->arena, sizeof(int) * (size_t)k->ops.len);
  for (int i = 0; i < k->ops.len; i++) s.first_trace[i] = -1;
  for (int t = ntr - 1; t >= 0; t--)
    for (int i = 0; i < tr[t].n; i++) s.first_trace[tr[t].steps[i].op] = t;
  reach_of_triggers(&s, orig->ops.len);
  s.visits_told = arena_alloc(c->arena, sizeof(bool) * (size_t)k->ops.len);
  for (int i = 0; i < k->ops.len; i++) s.visits_told[i] = s.first_trace[i] >= 0;
  for (int t = 0; t < ntr; t++)
    for (int i = 0; i < tr[t].n; i++) s.visits_told[tr[t].steps[i].op] &= tr[t].steps[i].reach >= 0;
  s.arrived = arena_alloc(c->arena, sizeof(long long) * (size_t)nev * MAX_SLOTS);
  s.waits = arena_alloc(c->arena, sizeof(int) * (size_t)ntr * (size_t)nev * MAX_SLOTS);
  if (overfull_phase(&s)) return;
  s.total_waits = arena_alloc(c->arena, sizeof(int) * (size_t)ntr * (size_t)nev * MAX_SLOTS);
  for (int t = 0; t < ntr; t++)
    for (int i = 0; i < tr[t].n; i++)
      if (k->ops.items[tr[t].steps[i].op].kind == OP_WAIT && tr[t].steps[i].parity == PARITY_AUTO)
        s.total_waits[(size_t)t * (size_t)nev * MAX_SLOTS + (size_t)channel(&s, &tr[t].steps[i])]++;
  s.lap_trace = -1;
  if (model_paces(&s)) {
    s.completer = arena_alloc(c->arena, sizeof(int) * (size_t)nev * MAX_SLOTS);
    s.completer_iter = arena_alloc(c->arena, sizeof(int) * (size_t)nev * MAX_SLOTS);
    for (size_t i = 0; i < (size_t)nev * MAX_SLOTS; i++) s.completer[i] = -1;
  }
  run(&s);
  if (s.lap_trace >= 0) {
    report_lap(&s);
    return;
  }
  report(&s);
}
