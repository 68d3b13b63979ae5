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
#include "canon.h"
#include "exits.h"
#include "uniform.h"

enum {
  MAX_EVENTS = 64,  // events a kernel's effects can name
  MAX_GUARDS = 64,  // guards of one region
};

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
  const char *A = canon_text(x, from, NULL), *B = canon_text(x, bound, NULL);
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
      left = loop >= 0 && node_holds(c, loop, off);
    else {
      left = off > node_at(c, jump)->start;
      for (int p = node_at(c, jump)->parent; !left && p >= 0 && p != r->body.node; p = node_at(c, p)->parent)
        left = front_is_loop(node_at(c, p)->kind) && node_holds(c, p, off);
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
    bool negated = canon_condition(x, cond);
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
  Canon x = canon_in(w, &b, reg->body.node);
  bool negated = canon_condition(&x, cond);
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
      waits |= mark_left(&x, g, i == 0, reg, jump[i]);
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

// The names of the events among `among` (bits), quoted and joined: "'a', 'b' and 'c'".
static const char *name_list(Ctx *c, const Kernel *k, uint64_t among) {
  Buf b = {0};
  int n = 0, total = 0;
  for (int i = 0; i < k->events.len; i++) total += among >> i & 1;
  for (int i = 0; i < k->events.len; i++) {
    if (!(among >> i & 1)) continue;
    const Span s = k->events.items[i].name;
    buf_printf(&b, "%s'%.*s'", !n ? "" : n + 1 == total ? " and " : ", ", (int)s.len, s.s);
    n++;
  }
  const char *out = arena_strndup(c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return out;
}

// The events among `among` whose operations guard g changes.
static uint64_t changed(const Kernel *k, const Guard *g, uint64_t among) {
  uint64_t out = 0;
  for (int i = 0; i < k->events.len; i++)
    if ((among >> i & 1) && g->effect[i] != SAME) out |= 1ull << i;
  return out;
}

// The events among `among` that guards a and b change differently.
static uint64_t unlike(const Kernel *k, const Guard *a, const Guard *b, uint64_t among) {
  uint64_t out = 0;
  for (int i = 0; i < k->events.len; i++)
    if ((among >> i & 1) && a->effect[i] != b->effect[i]) out |= 1ull << i;
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
  const char *names = name_list(c, k, changed(k, g, shared)), *label = region_label(c, other);
  const char *verb = g->jump >= 0 ? "skip" : "change", *how = near ? " the same way" : "";
  diag_error(c->diag, node_at(c, g->jump >= 0 ? g->jump : g->node)->start,
             "this '%s' %ss this region's waits and triggers of %s under a condition tirx-pp cannot evaluate "
             "('%s'), and '%s' does not %s its own%s under that condition: the two regions then count different "
             "steps on a slot, and a wait never completes or passes on a phase meant for another step; write the "
             "same condition, with the same effect on %s, in that region (tirx-pp compares conditions as written, "
             "local constants replaced by their initializers), or let both ways through this region wait and "
             "trigger alike",
             g->jump >= 0 ? jump_word(c, g->jump) : "if", verb, names, node_text_flat(c, g->cond), label, verb, how,
             names);
  if (near)
    diag_note(c->diag, node_at(c, near->jump >= 0 ? near->jump : near->node)->start,
              "that region's '%s' under the same condition %ss its waits and triggers of %s: the two differ on %s",
              near->jump >= 0 ? jump_word(c, near->jump) : "if", near->jump >= 0 ? "skip" : "change",
              name_list(c, k, changed(k, near, shared)), name_list(c, k, unlike(k, g, near, shared)));
  else
    diag_note(c->diag, other->an->start, "the region that does not");
}

void check_region_exits(Ctx *c, Kernel *k) {
  if (k->failed_regions || k->failed_part || k->events.len > MAX_EVENTS || k->regions.len < 2) return;
  Walks walks = kernel_walks(c, k), *w = &walks;
  int R = k->regions.len;
  Guard *guards = arena_alloc(c->arena, sizeof(Guard) * MAX_GUARDS * (size_t)R);
  int *nguards = arena_alloc(c->arena, sizeof(int) * (size_t)R);
  uint64_t *events = arena_alloc(c->arena, sizeof(uint64_t) * (size_t)R);
  bool *told = arena_alloc(c->arena, sizeof(bool) * (size_t)(R * R));  // one message for two regions
  for (int r = 0; r < R; r++) {
    const Region *reg = &k->regions.items[r];
    if (!reg->async || reg->body.node < 0) continue;
    events[r] = region_events(k, reg);
    nguards[r] = region_guards(w, r, guards + r * MAX_GUARDS, MAX_GUARDS);
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
