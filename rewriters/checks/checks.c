// checks.c - the checks of a kernel's regions and events that need the whole
// kernel (after gather.c): the regions of one if / else-if chain overlap
// nowhere and fit the register file, and each event's arrivals per phase
// are inferred (or it says why they cannot be). The other checks: barrier.c
// (named barrier ids), uniform.c (docs/language.md#uniformity), deadlock.c (#the-deadlock-check).
#include <stdint.h>
#include <string.h>

#include "ast.h"
#include "checks.h"
#include "kernel.h"
#include "reach.h"
#include "unroll.h"
#include "uniform.h"

static bool failed_target(const Kernel *k, Span name) {
  if (k->failed_ops) return true;
  for (int i = 0; i < k->failed_targets.len; i++)
    if (span_same(k->failed_targets.items[i], name))
      return true;
  return false;
}

// The regions of one if / else-if chain must not overlap; an index no region
// of the chain covers is a warning; regs() must fit the register file.
static void check_chain(Ctx *c, Kernel *k, const int *chain, int n) {
  uint32_t all = 0;
  bool overlap = false;
  int cap = kernel_register_cap(k);
  long long total = 0;
  for (int i = 0; i < n; i++) {
    Region *r = &k->regions.items[chain[i]];
    for (int j = 0; j < i; j++) {
      Region *q = &k->regions.items[chain[j]];
      uint32_t both = q->members & r->members;
      if (both) {
        overlap = true;
        int v = __builtin_ctz(both);
        diag_at(c->diag, DIAG_ERROR, r->pred.off, r->pred.len,
                "regions overlap: %.*s = %d runs both this region and the one at line %d", (int)k->part_name.len,
                k->part_name.s, v, source_line(c->src, q->an->start));
        diag_note(c->diag, q->pred.off, "the other region");
      }
    }
    all |= r->members;
    total += (long long)(r->regs ? r->regs : cap) * r->threads;
  }
  // (A chain nested in a region leaves the other indices to the code around it.)
  bool nested = enclosing_region(k, k->regions.items[chain[0]].an->start) != NULL;
  for (int v = 0; v < k->nparts && !k->failed_regions && !nested; v++)
    if (!(all & (1u << v))) {
      const Region *first = &k->regions.items[chain[0]];
      diag_warning(c->diag, first->an->start, "%.*s = %d runs none of these regions", (int)k->part_name.len,
                   k->part_name.s, v);
      total += (long long)cap * k->group;
    }
  if (total > 65536 && !overlap) {
    const Region *first = &k->regions.items[chain[0]];
    diag_error(c->diag, first->an->start,
               "these regions ask for %lld registers; the register file holds 65536 (regs(R) x threads of each region)",
               total);
  }
}

// What one trigger site adds to its event's arrivals each time it runs,
// threads being its region's.
static long long arrivals(const Op *op, int threads) {
  // A cluster event's trigger: one arrival per warp in each block it reaches
  // (docs/clusters.md); the lowering multiplies by the blocks.
  if (op->kind == OP_TRIGGER && op->event->cluster) return threads / 32;
  return op->kind == OP_TRIGGER_BYTES ? 1 : op->under_elect ? threads / 32 : threads;
}

// --- the arrivals of one phase ------------------------------------------------------
//
// Each trigger site runs once per phase of its slot, unless a loop around it
// (in its region) repeats it within the phase: a loop in which the slot's
// expression keeps its value and nothing waits (`for (int h = 0; h < 2; ++h)
// tirx_trigger_bytes(full[s], HALF)`) runs it its trip count times. The loop
// that changes the slot or waits is the phase's: each of its iterations is
// another phase. Sites of one region on the same slot expression in one such
// scope, with no wait and no change of the slot between them (the A and the
// B copy of a GEMM, each with its tirx_trigger_bytes), arrive in the same
// phase and add up; sites in other scopes, or in the branches of an if, are
// alternatives (a prologue and a loop), and must agree.

// Whether node i declares or assigns a variable that the slot names.
static bool sets_slot(const Ctx *c, int i, Span slot) {
  if (!slot.len) return false;
  CXCursor var;
  int from;
  if (node_at(c, i)->kind != CXCursor_VarDecl && !assignment_at(c, i, clang_getNullCursor(), &var, &from))
    return false;
  if (node_at(c, i)->kind == CXCursor_VarDecl) var = node_at(c, i)->cur;
  CXString sp = clang_getCursorSpelling(var);
  bool named = *clang_getCString(sp) && text_has_word((LexText){slot.s, slot.len}, 0, clang_getCString(sp));
  clang_disposeString(sp);
  return named;
}

// The variable of the lambda that holds node i (`auto load = [&] { ... };`),
// a null cursor when none.
static CXCursor lambda_var(const Ctx *c, const Kernel *k, int i) {
  for (int p = i; p >= 0 && p != k->func; p = node_at(c, p)->parent) {
    if (node_at(c, p)->kind != CXCursor_LambdaExpr) continue;
    int v = node_at(c, p)->parent;
    while (v >= 0 && node_at(c, v)->kind == CXCursor_UnexposedExpr) v = node_at(c, v)->parent;
    return v >= 0 && node_at(c, v)->kind == CXCursor_VarDecl ? node_at(c, v)->cur : clang_getNullCursor();
  }
  return clang_getNullCursor();
}

// Whether a node of root's subtree declares or assigns a variable of the slot.
static bool slot_set_in(const Ctx *c, int root, Span slot) {
  for (int i = root; i <= node_at(c, root)->last; i++)
    if (sets_slot(c, i, slot)) return true;
  return false;
}

// Whether the nodes of root's subtree that start in [from, to) set the slot
// or wait (on any event: a wait paces the loop around it), directly or
// through a lambda they call.
static bool phase_ends_in(const Ctx *c, const Kernel *k, int root, size_t from, size_t to, Span slot) {
  for (int i = root; i <= node_at(c, root)->last; i++)
    if (node_at(c, i)->start >= from && node_at(c, i)->start < to && sets_slot(c, i, slot)) return true;
  for (int w = 0; w < k->ops.len; w++) {
    const Op *op = &k->ops.items[w];
    if (op->kind != OP_WAIT) continue;
    size_t at = op->an->start;
    if (at >= node_at(c, root)->start && at < node_at(c, root)->end && at >= from && at < to) return true;
    int node = front_first_at(c->front, at);
    CXCursor var = node < c->front->nnodes ? lambda_var(c, k, node) : clang_getNullCursor();
    if (clang_Cursor_isNull(var)) continue;
    for (int i = root; i <= node_at(c, root)->last; i++)
      if (node_at(c, i)->start >= from && node_at(c, i)->start < to && is_ref_to(node_at(c, i)->cur, var))
        return true;
  }
  return false;
}

// The constant trip count of a loop (unroll.c reads a `for`; `do ... while
// (0)` runs once, `while (0)` never); false when it has none.
static bool loop_trips(Ctx *c, const Annotation *an, int loop, long long *n) {
  enum CXCursorKind kind = node_at(c, loop)->kind;
  if (kind == CXCursor_DoStmt || kind == CXCursor_WhileStmt) {
    CXCursor kids[2];
    long long v;
    bool u;
    if (cursor_child_count(node_at(c, loop)->cur) != 2 || !cursor_children(node_at(c, loop)->cur, kids, 2) ||
        !front_eval_int(kids[kind == CXCursor_DoStmt ? 1 : 0], &v, &u) || v)
      return false;
    *n = kind == CXCursor_DoStmt;
    return true;
  }
  Diag quiet = {.src = c->src};  // counts, prints nothing
  LoopHeader h;
  Stmt st = {.node = loop, .start = node_at(c, loop)->start, .end = stmt_end(c, loop)};
  if (!read_loop(c, &quiet, an, st, &h) || !h.constant) return false;
  *n = h.count;
  return true;
}

static const char *exit_word(const Ctx *c, int j) {
  switch (node_at(c, j)->kind) {
  case CXCursor_BreakStmt: return "break";
  case CXCursor_ContinueStmt: return "continue";
  case CXCursor_ReturnStmt: return "return";
  default: return "goto";
  }
}


typedef struct {
  int scope;         // the statement each run of which is one phase of the site's slot
  long long times;   // runs of the site per phase
  int unknown_loop;  // a loop that repeats it within the phase with no constant trip count, else -1
  int early;         // the break, continue, return or goto by which that loop (or a goto's) runs it
                     // fewer or more times than its trip count says, else -1
} Repeat;

// A statement that leaves loop p, or the rest of its iteration before the
// site (offset off): a break or return in it, a continue of it before the
// site, a goto; -1 if none. A lambda's own are its own.
static int loop_exit(const Ctx *c, int p, size_t off) {
  for (int j = p + 1; j <= node_at(c, p)->last; j++) {
    enum CXCursorKind kind = node_at(c, j)->kind;
    if (!front_is_jump(kind)) continue;
    if (node_at(c, j)->func != node_at(c, p)->func) continue;
    int target = kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt ? jump_target(c, j) : p;
    if (target >= 0 && target != p && target > p && target <= node_at(c, p)->last) continue;  // an inner loop's
    if (kind == CXCursor_ContinueStmt && node_at(c, j)->start > off) continue;
    return j;
  }
  return -1;
}

// A goto after the site back to a label before it, in `top`: the site runs
// again each time it jumps, as many times as its condition says; -1 if none.
static int goto_back_over(Ctx *c, const Kernel *k, int top, size_t off) {
  for (int j = top; j <= node_at(c, top)->last; j++) {
    if (node_at(c, j)->kind != CXCursor_GotoStmt || node_at(c, j)->start < off) continue;
    int l = goto_label(c, k, j);
    if (l >= 0 && node_at(c, l)->start <= off) return j;
  }
  return -1;
}

static Repeat site_repeat(Ctx *c, const Kernel *k, const Op *op) {
  int top = op->region ? op->region->body.node : k->func;
  int node = front_first_at(c->front, op->an->start);
  Repeat r = {.scope = top, .times = 1, .unknown_loop = -1, .early = -1};
  for (int p = node < c->front->nnodes ? node_at(c, node)->parent : -1; p >= 0 && p != top;
       p = node_at(c, p)->parent) {
    if (node_at(c, p)->kind == CXCursor_LambdaExpr) {
      r.scope = p;
      break;
    }
    if (!front_is_loop(node_at(c, p)->kind)) continue;
    if (phase_ends_in(c, k, p, 0, SIZE_MAX, op->slot)) {
      r.scope = p;
      break;
    }
    long long n;
    if (!loop_trips(c, op->an, p, &n) || r.times * n > (1 << 20)) return r.unknown_loop = p, r;
    int exit = loop_exit(c, p, op->an->start);
    if (exit >= 0) return r.unknown_loop = p, r.early = exit, r;
    r.times *= n;
  }
  int back = goto_back_over(c, k, r.scope, op->an->start);
  if (back >= 0) r.unknown_loop = r.early = back;
  return r;
}

// Whether two sites of one region and event (a before b) arrive in the same
// phase: one scope, one slot expression, no wait or change of the slot
// between them, not in two branches of one if.
static bool same_phase(Ctx *c, const Kernel *k, const Op *a, const Repeat *ra, const Op *b, const Repeat *rb) {
  if (ra->scope != rb->scope || !span_same(span_trim(a->slot), span_trim(b->slot))) return false;
  if (phase_ends_in(c, k, ra->scope, a->an->end, b->an->start, a->slot)) return false;
  int node = front_first_at(c->front, b->an->start);
  for (int p = node < c->front->nnodes ? node_at(c, node)->parent : -1; p >= 0 && p != ra->scope;
       p = node_at(c, p)->parent) {
    enum CXCursorKind kind = node_at(c, p)->kind;
    if (a->an->start >= node_at(c, p)->start && a->an->start < node_at(c, p)->end)
      return kind != CXCursor_IfStmt && kind != CXCursor_SwitchStmt && kind != CXCursor_ConditionalOperator;
  }
  return true;
}

// Whether the slot of op differs between the threads of one partition index
// (`e[threadIdx.x % 2]`): its arrivals then split between slots.
static bool slot_per_thread(const Ctx *c, const Names *by_thread, const Op *op) {
  LexText t = {op->slot.s, op->slot.len};
  if (!op->slot.len) return false;
  if (text_has_word(t, 0, "threadIdx")) return true;
  for (int i = 0; i < by_thread->len; i++) {
    CXString sp = clang_getCursorSpelling(by_thread->items[i]);
    bool named = text_has_word(t, 0, clang_getCString(sp));
    clang_disposeString(sp);
    if (named) return true;
  }
  (void)c;
  return false;
}

typedef struct {
  const Op *first;   // the group's first site
  const Op *last;
  long long sum;     // arrivals per phase, from the region's threads
  long long one;     // arrivals per phase from one partition index (count(N) must not be smaller)
  long long each;    // the arrivals of one run of a site, -1 when the sites differ
  bool sites;        // more than one site
  bool per_thread;   // a slot that differs between threads: `one` is not known
} Group;

static void disagree(Ctx *c, const Op *op, const char *fmt, long long a, int line, long long b) {
  diag_error(c->diag, op->an->start, fmt, (int)op->event->name.len, op->event->name.s, a, line, b);
}

// The arrivals per phase of event ev (-1 when they cannot be counted, said
// why when `report`; 0 when no site of it is an annotation), and into *one_index the most that one partition index
// adds in one phase (-1 when unknown).
static long long count_arrivals(Ctx *c, Kernel *k, Event *ev, bool report, long long *one_index) {
  Names by_thread = {0};
  static const char *const thread[] = {"threadIdx", NULL};
  dependent_vars(c, k, thread, clang_getNullCursor(), &by_thread);
  *one_index = 0;
  long long total = 0, one_site = 0;
  int regions = 0;
  bool ok = true;
  Repeat *rep = arena_alloc(c->arena, sizeof(Repeat) * (size_t)(k->ops.len + 1));
  for (int i = 0; i < k->ops.len; i++)
    if (k->ops.items[i].event == ev && k->ops.items[i].kind != OP_WAIT) rep[i] = site_repeat(c, k, &k->ops.items[i]);
  // The regions (and the code outside them), each with the groups of its sites.
  for (int i = 0; i < k->ops.len && ok; i++) {
    const Op *op = &k->ops.items[i];
    if (op->event != ev || op->kind == OP_WAIT) continue;
    bool region_seen = false;
    for (int j = 0; j < i && !region_seen; j++)
      region_seen = k->ops.items[j].event == ev && k->ops.items[j].kind != OP_WAIT &&
                    k->ops.items[j].region == op->region;
    if (region_seen) continue;
    int threads = op->region ? op->region->threads : k->nparts * k->group;
    Group *g = arena_alloc(c->arena, sizeof(Group) * (size_t)(k->ops.len + 1));
    int *of = arena_alloc(c->arena, sizeof(int) * (size_t)(k->ops.len + 1));
    int ng = 0;
    for (int j = i; j < k->ops.len && ok; j++) {
      const Op *q = &k->ops.items[j];
      if (q->event != ev || q->kind == OP_WAIT || q->region != op->region) continue;
      if (rep[j].early >= 0) {
        if (report) {
          int e = rep[j].early;
          const char *word = exit_word(c, e);
          bool back = node_at(c, e)->kind == CXCursor_GotoStmt && rep[j].unknown_loop == e;
          diag_error(c->diag, q->an->start,
                     "'%.*s' needs count(N): this trigger runs as many times in a phase as a condition decides (the "
                     "'%s' at line %d %s), so tirx-pp cannot count its arrivals",
                     (int)ev->name.len, ev->name.s, word, source_line(c->src, node_at(c, e)->start),
                     back ? "jumps back over it" : "can leave the loop around it early");
          diag_note(c->diag, node_at(c, e)->start, "declare the arrivals per phase with count(N)%s",
                    q->kind == OP_TRIGGER_BYTES ? ", or trigger once with the sum of the bytes" : "");
        }
        ok = false;
        break;
      }
      if (rep[j].unknown_loop >= 0) {
        if (report) {
          diag_error(c->diag, q->an->start,
                     "'%.*s' needs count(N): this trigger runs a number of times per phase that tirx-pp cannot "
                     "count (the loop around it neither changes its slot nor waits, and has no constant trip count)",
                     (int)ev->name.len, ev->name.s);
          diag_note(c->diag, node_at(c, rep[j].unknown_loop)->start, "the loop; declare the arrivals per phase with "
                    "count(N)%s", q->kind == OP_TRIGGER_BYTES ? ", or trigger once with the sum of the bytes" : "");
        }
        ok = false;
        break;
      }
      int in = -1;
      for (int h = 0; h < ng && in < 0; h++) {
        int last = of[h];
        if (same_phase(c, k, g[h].last, &rep[last], q, &rep[j])) in = h;
      }
      if (in < 0) {
        in = ng++;
        g[in] = (Group){.first = q};
      } else {
        g[in].sites = true;
        // Whether a site under a uniform `if` runs decides the phase's arrivals.
        if (q->uniform_if >= 0 || g[in].first->uniform_if >= 0 || q->data_if >= 0 || g[in].first->data_if >= 0) {
          if (report)
            diag_error(c->diag, q->an->start,
                       "'%.*s' needs count(N): this trigger and the one at line %d arrive in the same phase, and an "
                       "'if' decides whether one of them runs",
                       (int)ev->name.len, ev->name.s, source_line(c->src, g[in].first->an->start));
          ok = false;
          break;
        }
      }
      g[in].last = q;
      of[in] = j;
      long long each = arrivals(q, threads);
      g[in].each = g[in].first == q || g[in].each == each ? each : -1;
      g[in].sum += rep[j].times * each;
      g[in].one += rep[j].times * (q->kind == OP_TRIGGER_BYTES ? 1 : arrivals(q, k->group));
      g[in].per_thread |= slot_per_thread(c, &by_thread, q) || q->data_if >= 0;
    }
    // The first group of the region decides; the others must agree.
    for (int h = 1; h < ng && ok; h++) {
      if (g[h].sum == g[0].sum) continue;
      if (report && !g[h].sites && !g[0].sites)
        disagree(c, g[h].first, "'%.*s' needs count(N): this trigger adds %lld arrivals, the one at line %d adds %lld",
                    g[h].sum, source_line(c->src, g[0].first->an->start), g[0].sum);
      else if (report)
        disagree(c, g[h].first,
                    "'%.*s' needs count(N): the triggers here add %lld arrivals per phase, those from line %d add "
                    "%lld",
                    g[h].sum, source_line(c->src, g[0].first->an->start), g[0].sum);
      ok = false;
    }
    for (int h = 0; h < ng && ok; h++)
      if (*one_index >= 0) *one_index = g[h].per_thread ? -1 : g[h].one > *one_index ? g[h].one : *one_index;
    if (ok && ng) total += g[0].sum, regions++, one_site = g[0].each;
  }
  ev->trigger_arrivals = ok && regions == 1 && one_site > 0 ? one_site : 0;
  return ok ? total : -1;
}

// Arrivals per phase of each event: the sum, over the regions that trigger
// it, of what the triggers of that region add in one phase.

// A wait with a constant parity in a loop waits for that parity in every
// iteration, but the phases of a slot alternate: from its second wait on a
// slot it passes at once, on a phase it has already seen (or never returns).
// Right only when no slot is waited twice: the loop changes the slot and
// runs at most as many times as the event has slots.
void check_constant_parities(Ctx *c, Kernel *k) {
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind != OP_WAIT || op->parity < 0) continue;
    int top = op->region ? op->region->body.node : k->func;
    int node = front_first_at(c->front, op->an->start);
    for (int p = node < c->front->nnodes ? node_at(c, node)->parent : -1; p >= 0 && p != top;
         p = node_at(c, p)->parent) {
      if (node_at(c, p)->kind == CXCursor_LambdaExpr) break;
      if (!front_is_loop(node_at(c, p)->kind)) continue;
      long long n;
      bool counted = loop_trips(c, op->an, p, &n);
      bool changes = slot_set_in(c, p, op->slot);
      if (counted && n <= (changes ? op->event->slots : 1)) continue;
      diag_at(c->diag, DIAG_ERROR, op->extra.off, op->extra.len,
              "parity %d in every iteration of this loop: the phases of a slot alternate, so from the second wait on "
              "a slot this one passes on a phase it has already seen; drop the parity (tirx-pp then keeps each "
              "slot's phase bit), or compute it from the iteration",
              op->parity);
      diag_note(c->diag, node_at(c, p)->start, "the loop");
      break;
    }
  }
}

// The threads (partition indices) that run an operation: its region's, or
// all outside regions.
static uint32_t op_threads(const Op *op) { return op->region ? op->region->members : ~0u; }

// A wait that gives its parity and one that leaves it to tirx-pp, on one
// event by the same threads: the phase bits tirx-pp keeps see only the
// second kind, so after a peeled first wait (`tirx_wait(full[0], 0)`, then a
// loop of `tirx_wait(full[i % S])`) the loop's wait on that slot asks for
// parity 0 again, a phase that completed before: it passes at once.
void check_mixed_parities(Ctx *c, Kernel *k) {
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind != OP_WAIT || !op->has_extra) continue;
    for (int j = 0; j < k->ops.len; j++) {
      const Op *o = &k->ops.items[j];
      if (o->kind != OP_WAIT || o->has_extra || o->event != op->event || !(op_threads(o) & op_threads(op))) continue;
      int line;
      presumed_place(c, o->an->start, &line);
      diag_at(c->diag, DIAG_ERROR, op->extra.off, op->extra.len,
              "this wait on '%.*s' gives its parity, and the one at line %d leaves it to tirx-pp, in the same threads: "
              "the phase bits tirx-pp keeps do not see this wait, so a later wait on its slot asks for a phase that "
              "has already completed; give every wait of the event its parity, or none",
              (int)op->event->name.len, op->event->name.s, line);
      diag_note(c->diag, o->an->start, "the wait without a parity");
      break;
    }
  }
}

// A wait in a lambda reads and flips the event's phase bits, a variable of
// the kernel: the lambda must hold it by reference. Under `[=]` each call
// (each iteration that makes the closure anew) flips its own copy, and the
// waits after the first ask for parity 0 again, on phases long completed;
// under `[i, &x]` the bits are not captured and nvcc rejects the output.
void check_lambda_waits(Ctx *c, Kernel *k) {
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind != OP_WAIT || op->has_extra) continue;
    int node = front_first_at(c->front, op->an->start);
    for (int p = node < c->front->nnodes ? node_at(c, node)->parent : -1; p > k->func; p = node_at(c, p)->parent) {
      if (node_at(c, p)->kind != CXCursor_LambdaExpr) continue;
      size_t at = lex_skip_blank(c->src, node_at(c, p)->start + 1);  // past '['
      if (at < c->src->len && c->src->data[at] == '&' &&
          (at + 1 >= c->src->len || (c->src->data[at + 1] != '&' && !is_ident_char(c->src->data[at + 1]))))
        continue;  // `[&]`, `[&, i]`
      diag_error(c->diag, op->an->start,
                 "this wait on '%.*s' is in a lambda that does not capture by reference ('[&]'): the event's phase "
                 "bits, which the wait reads and flips, would be the lambda's own copy, or not captured at all",
                 (int)op->event->name.len, op->event->name.s);
      diag_note(c->diag, node_at(c, p)->start, "the lambda");
      break;
    }
  }
}

// What the condition at node is, quoted: 'if', 'switch', '?:', '&&', '||'.
static const char *condition_word(const Ctx *c, int node) {
  switch (node_at(c, node)->kind) {
  case CXCursor_IfStmt: return "'if'";
  case CXCursor_SwitchStmt: return "'switch'";
  case CXCursor_ConditionalOperator: return "'?:'";
  default: return clang_getCursorBinaryOperatorKind(node_at(c, node)->cur) == CXBinaryOperator_LAnd ? "'&&'" : "'||'";
  }
}

// A return, break, continue or goto before trigger op, in its region (or
// function), under a condition on the thread, that takes the threads past
// the trigger (a break or continue of a loop around it, a return of its
// function, a goto): those threads never arrive; -1 if none.
static int divergent_exit_before(Ctx *c, const Kernel *k, const Op *op) {
  int top = op->region ? op->region->body.node : k->func, site = front_first_at(c->front, op->an->start);
  if (top < 0 || site >= c->front->nnodes) return -1;
  for (int j = top; j <= node_at(c, top)->last && node_at(c, j)->start < op->an->start; j++) {
    enum CXCursorKind kind = node_at(c, j)->kind;
    if (!front_is_jump(kind)) continue;
    if (node_at(c, j)->func != node_at(c, site)->func) continue;  // a lambda's own
    int target = kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt ? jump_target(c, j) : -1;
    if (target >= 0 && (site < target || site > node_at(c, target)->last)) continue;  // a loop the site is not in
    if (kind == CXCursor_GotoStmt) {
      int l = goto_label(c, k, j);
      if (l >= 0 && node_at(c, l)->start <= op->an->start) continue;  // back, before the site
    }
    for (int p = node_at(c, j)->parent; p >= 0 && p != top; p = node_at(c, p)->parent)
      if (thread_dependent_condition(c, k, p, node_at(c, j)->start)) return j;
  }
  return -1;
}

// Whether the condition that decides whether off runs (of statement p) may
// change from one visit to the next for one thread: it reads memory, calls
// something, or reads a local that is assigned after its declaration (a loop
// counter among them). One that reads only the thread's identity, the
// partition index, parameters and constants picks the same threads at
// every visit (`if (w == 0)`, `if (wg == 1)`).
static bool varies_between_visits(Ctx *c, const Kernel *k, int p, size_t off, int depth) {
  int cond = depth ? p : deciding_condition(c, p, off);
  if (cond < 0 || depth > 4) return true;
  for (int j = cond; j <= node_at(c, cond)->last; j++) {
    const Node *n = node_at(c, j);
    if (n->kind == CXCursor_CallExpr || n->kind == CXCursor_ArraySubscriptExpr) return true;
    if (n->kind == CXCursor_UnaryOperator && c->src->data[n->start] == '*') return true;
    if (n->kind == CXCursor_MemberRefExpr)  // through a pointer: memory
      for (size_t q = n->start; q + 1 < n->end; q++)
        if (c->src->data[q] == '-' && c->src->data[q + 1] == '>') return true;
    if (n->kind != CXCursor_DeclRefExpr) continue;
    CXCursor d = clang_getCursorReferenced(n->cur);
    if (clang_getCursorKind(d) != CXCursor_VarDecl || !automatic_in(c, d, k->func)) continue;
    if (assigns_to(c, k->func, d) >= 0 || aliased_in(c, k->func, d) >= 0) return true;
    int decl = node_of_cursor(c, d), init = -1;
    CXCursor var;
    if (decl < 0 || !assignment_at(c, decl, clang_getNullCursor(), &var, &init) || init < 0 ||
        varies_between_visits(c, k, init, off, depth + 1))
      return true;
  }
  return false;
}

// A wait with its parity from the phase bits (no explicit parity) flips
// the bit of each thread that waits: one under 'elect' (one lane of each
// warp), under a condition on the thread, or skipped by such a 'continue'
// leaves the other threads' bits behind, and their next wait passes on a
// phase that completed long ago (a slot still being refilled).
void check_wait_sites(Ctx *c, Kernel *k) {
  if (k->failed_regions || k->failed_part) return;  // which threads reach a wait is not known: said already
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind != OP_WAIT || op->has_extra || op->runs_elsewhere) continue;
    const Span n = op->event->name;
    int exit = op->under_elect ? -1 : divergent_exit_before(c, k, op);
    bool thread_if = op->data_if >= 0 && thread_dependent_condition(c, k, op->data_if, op->an->start) &&
                     varies_between_visits(c, k, op->data_if, op->an->start, 0);
    if (exit >= 0 && node_at(c, exit)->kind != CXCursor_ContinueStmt && node_at(c, exit)->kind != CXCursor_GotoStmt)
      exit = -1;  // a return or break: the thread waits no more in that loop
    if (!op->under_elect && !thread_if && exit < 0) continue;
    diag_error(c->diag, op->an->start,
               "this wait on '%.*s' is %s: each thread keeps its own phase bits of '%.*s' and flips them when it "
               "waits, so the threads that do not wait here fall behind, and their next wait passes on a phase "
               "that completed before; let every thread of the region wait, or give the parity yourself "
               "(tirx_wait(%.*s[i], parity))",
               (int)n.len, n.s,
               op->under_elect ? "under 'elect' (one lane of each warp)"
               : thread_if     ? "under a condition on the thread"
                               : "skipped by a 'continue' or 'goto' under a condition on the thread",
               (int)n.len, n.s, (int)n.len, n.s);
    if (thread_if) diag_note(c->diag, node_at(c, op->data_if)->start, "the condition");
    if (exit >= 0) diag_note(c->diag, node_at(c, exit)->start, "the '%s'", exit_word(c, exit));
  }
}

// Whether tirx-pp can count what one site adds (else said why): it must know
// the threads that reach it.
static bool site_countable(Ctx *c, Kernel *k, const Op *op) {
  const Event *ev = op->event;
  int threads = op->region ? op->region->threads : k->nparts * k->group;
  if (!threads) {
    diag_error(c->diag, op->an->start,
               "'%.*s' needs count(N): this trigger is outside every region of a kernel with no partition",
               (int)ev->name.len, ev->name.s);
    return false;
  }
  if (op->runs_elsewhere) {
    diag_error(c->diag, op->an->start,
               "'%.*s' needs count(N): this trigger is in a lambda that runs at more than one call, or is passed to "
               "a function, so tirx-pp cannot count its arrivals",
               (int)ev->name.len, ev->name.s);
    diag_note(c->diag, node_at(c, op->lambda)->start, "the lambda");
    return false;
  }
  if (op->data_if >= 0) {
    const char *what = condition_word(c, op->data_if);
    diag_error(c->diag, op->an->start,
               "'%.*s' needs count(N): this trigger is under %s, so tirx-pp cannot count its arrivals",
               (int)ev->name.len, ev->name.s, arena_printf(c->arena, "a%s %s", what[1] == 'i' ? "n" : "", what));
    // An 'if' that no thread index decides may be uniform: say how to tell tirx-pp so.
    bool statement =
        node_at(c, op->data_if)->kind == CXCursor_IfStmt || node_at(c, op->data_if)->kind == CXCursor_SwitchStmt;
    if (!statement || thread_dependent_condition(c, k, op->data_if, op->an->start))
      diag_note(c->diag, node_at(c, op->data_if)->start, "the %s", what);
    else
      diag_note(c->diag, node_at(c, op->data_if)->start,
                "the %s; if every thread of the region takes the same branch, say so with '#pragma tirx uniform' on it",
                what);
    return false;
  }
  // (A byte trigger arrives from the region's first thread alone, whose
  // leaving before it check_byte_triggers reports.)
  int exit = op->kind == OP_TRIGGER_BYTES ? -1 : divergent_exit_before(c, k, op);
  if (exit >= 0) {
    diag_error(c->diag, op->an->start,
               "'%.*s' needs count(N): the '%s' at line %d leaves before this trigger under a condition on the "
               "thread, so not every thread of the region arrives, and tirx-pp cannot count those that do",
               (int)ev->name.len, ev->name.s, exit_word(c, exit), source_line(c->src, node_at(c, exit)->start));
    diag_note(c->diag, node_at(c, exit)->start, "the '%s'", exit_word(c, exit));
    return false;
  }
  if (op->uniform_if >= 0 && thread_dependent_condition(c, k, op->uniform_if, op->an->start)) {
    // `#pragma tirx uniform` vouches for what no thread index decides:
    // with threadIdx in the condition, the count would be a guess.
    diag_error(c->diag, op->an->start,
               "'%.*s' needs count(N): the 'if' above this trigger is marked '#pragma tirx uniform' but depends "
               "on the thread, so tirx-pp cannot count its arrivals",
               (int)ev->name.len, ev->name.s);
    diag_note(c->diag, node_at(c, op->uniform_if)->start, "the 'if'");
    return false;
  }
  return true;
}

// count(N) below what one partition index adds in one phase: the phase
// completes before that index's triggers are done, and the rest fall into
// the next phase (count(1) with a warpgroup triggering ends 128 phases).
static void check_count_below(Ctx *c, Kernel *k, Event *ev) {
  long long one;
  if (!ev->count || ev->cluster || !ev->count_value || !k->nparts) return;
  for (int i = 0; i < k->ops.len; i++)
    if (k->ops.items[i].event == ev && k->ops.items[i].kind != OP_WAIT && k->ops.items[i].data_if >= 0) return;
  if (count_arrivals(c, k, ev, false, &one) < 0 || one <= ev->count_value) return;
  const Op *site = NULL;
  for (int i = 0; i < k->ops.len && !site; i++)
    if (k->ops.items[i].event == ev && k->ops.items[i].kind != OP_WAIT) site = &k->ops.items[i];
  diag_at(c->diag, DIAG_ERROR, ev->count->args[0].expr.off, ev->count->args[0].expr.len,
          "count(%lld) is below the %lld arrivals that one %s makes on '%.*s' in a phase: the phase would complete "
          "before they are all in, and the rest would complete the next ones; declare count(%lld) or more",
          ev->count_value, one, k->group == 32 ? "warp" : "warpgroup", (int)ev->name.len, ev->name.s, one);
  if (site) diag_note(c->diag, site->an->start, "'%.*s' is triggered here", (int)ev->name.len, ev->name.s);
}

void infer_counts(Ctx *c, Kernel *k) {
  for (int e = 0; e < k->events.len; e++) {
    Event *ev = &k->events.items[e];
    if (ev->waited && !ev->triggered && !failed_target(k, ev->name)) {
      for (int i = 0; i < k->ops.len; i++)
        if (k->ops.items[i].event == ev && k->ops.items[i].kind == OP_WAIT) {
          diag_error(c->diag, k->ops.items[i].an->start, "nothing triggers '%.*s': this wait never returns",
                     (int)ev->name.len, ev->name.s);
          diag_note(c->diag, ev->an->start, "'%.*s' is declared here", (int)ev->name.len, ev->name.s);
          break;
        }
      continue;
    }
    // Triggered, never waited on: the triggers hold back no thread. Met in
    // adoption trial 3: a producer that forgot tirx_wait(empty[s]) refills a
    // slot the consumers still read, and nothing said so.
    // Not for an event already refused for its size (its uses raise nothing
    // more), nor after an error: the wait may be an annotation that could not
    // be read (`tirx_wait(e;`).
    if (ev->triggered && !ev->waited && ev->slots <= 64 && !c->diag->errors && !failed_target(k, ev->name)) {
      diag_warning(c->diag, ev->an->start,
                   "event '%.*s' is triggered but never waited on: its triggers hold back no thread (a producer "
                   "that does not wait for a free slot overwrites one still in use)",
                   (int)ev->name.len, ev->name.s);
      for (int i = 0; i < k->ops.len; i++)
        if (k->ops.items[i].event == ev) {
          diag_note(c->diag, k->ops.items[i].an->start, "'%.*s' is triggered here", (int)ev->name.len,
                    ev->name.s);
          break;
        }
    }
    // A partition or region that could not be read leaves the threads of
    // each trigger unknown: what would be said here would be about the error.
    bool regions_read = !k->failed_regions && !k->failed_part;
    if (ev->count) {
      if (regions_read) check_count_below(c, k, ev);
      continue;
    }
    if (!regions_read) {
      ev->inferred = 1;
      continue;
    }
    if (!ev->triggered && !failed_target(k, ev->name)) {  // neither waited nor triggered
      diag_warning(c->diag, ev->an->start, "event '%.*s' is never triggered or waited on", (int)ev->name.len,
                   ev->name.s);
      ev->inferred = 1;
      continue;
    }
    bool ok = true;
    for (int i = 0; i < k->ops.len && ok; i++)
      if (k->ops.items[i].event == ev && k->ops.items[i].kind != OP_WAIT) ok = site_countable(c, k, &k->ops.items[i]);
    long long one, sum = ok ? count_arrivals(c, k, ev, true, &one) : -1;
    ev->inferred = sum >= 0 ? sum : 1;
  }
}

long long event_arrivals_per_phase(Ctx *c, Kernel *k, Event *ev) {
  long long one, n = count_arrivals(c, k, ev, false, &one);
  return n > 0 ? n : 0;
}
// Under an `if`, tirx_trigger_bytes arrives once for every thread that
// reaches it (event.c: the site says who, as in `if (threadIdx.x == 32)`),
// and each arrival announces the bytes of the copy. When no condition
// between the site and its region can differ between the lanes of a warp
// (lanes.c: `w == 1`, `threadIdx.x < 32` and `n > 1` cannot), whole warps
// reach it: the phase would wait for 32
// times the bytes or, with count(1), end at the first arrival and leave the
// rest to later phases. (Under elect, one lane of each warp arrives: left to
// count(N). Without count(N), infer_counts has asked for it already.)
// The last return, break or continue before off in the region body `top`
// (the kernel's outside the regions) that leaves from under an `if`: what
// may have taken the region's first thread away; -1 if none.
static int exit_before(const Ctx *c, int top, size_t off) {
  int found = -1;
  for (int j = top; j <= node_at(c, top)->last && node_at(c, j)->start < off; j++) {
    enum CXCursorKind kind = node_at(c, j)->kind;
    if (kind == CXCursor_ReturnStmt || kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt) found = j;
  }
  return found;
}

// A byte trigger under no `if` arrives from its region's first thread
// (lower/event.c): when a return, break or continue before it takes that
// thread away (`if (threadIdx.x != 5) continue;`), no thread arrives and the
// waits hang.
static void check_byte_trigger_leaders(Ctx *c, Kernel *k) {
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind != OP_TRIGGER_BYTES || op->data_if >= 0 || op->under_elect || op->runs_elsewhere || !op->region)
      continue;
    int node = front_first_at(c->front, op->an->start), leader = op->region->first * k->group;
    int exit = exit_before(c, op->region->body.node, op->an->start);
    if (node >= c->front->nnodes || exit < 0 || thread_reaches(c, k, node, k->func, op->an->start, leader) != 0)
      continue;
    diag_error(c->diag, op->an->start,
               "'%.*s': this tirx_trigger_bytes arrives from its region's first thread (threadIdx.x == %d), which "
               "does not reach it: the phase never gets that arrival; put the trigger under the 'if' that picks "
               "the thread issuing the copy ('if (threadIdx.x == N)')",
               (int)op->event->name.len, op->event->name.s, leader);
    diag_note(c->diag, node_at(c, exit)->start, "threads leave here");
  }
}

void check_byte_triggers(Ctx *c, Kernel *k, const Stmt *stmts) {
  if (k->failed_regions || k->failed_part) return;  // the ifs above a trigger are not known
  check_byte_trigger_leaders(c, k);
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind != OP_TRIGGER_BYTES || op->data_if < 0 || op->under_elect || !op->event->count) continue;
    int node = front_first_at(c->front, op->an->start);
    int top = op->region ? op->region->body.node : k->func;
    if (node >= c->front->nnodes || !whole_warps_reach(c, k, stmts, node, top, op->an->start)) continue;
    diag_error(c->diag, op->an->start,
               "'%.*s': every thread that reaches this tirx_trigger_bytes arrives and announces the copy's bytes, "
               "and whole warps reach it here: put it under the 'if' that picks the thread issuing the copy "
               "('if (threadIdx.x == N)')",
               (int)op->event->name.len, op->event->name.s);
    diag_note(c->diag, node_at(c, op->data_if)->start,
              thread_dependent_condition(c, k, op->data_if, op->an->start)
                  ? "this 'if' picks whole warps"
                  : "this 'if' reads no thread index; if the whole region takes it alike, '#pragma tirx uniform' on "
                    "it makes the region's first thread the one that arrives");
  }
}

// With regions nested in regions, what each partition index holds at its
// peak: the largest regs(R) of the regions that run it (the launch's share
// when none sets one). A nested region's setmaxnreg.inc waits for registers
// that the others may never give back: all of them together must fit, as the
// regions of one chain must (check_chain).
static void check_nested_registers(Ctx *c, Kernel *k) {
  const Region *nested = NULL;  // the last nested region with regs(R): where the error stands
  for (int i = 0; i < k->regions.len; i++)
    if (k->regions.items[i].regs && enclosing_region(k, k->regions.items[i].an->start)) nested = &k->regions.items[i];
  if (!nested || k->failed_regions) return;
  int cap = kernel_register_cap(k);
  long long total = 0;
  for (int v = 0; v < k->nparts; v++) {
    int peak = 0;
    for (int i = 0; i < k->regions.len; i++) {
      const Region *r = &k->regions.items[i];
      if ((r->members & (1u << v)) && r->regs > peak) peak = r->regs;
    }
    total += (long long)(peak ? peak : cap) * k->group;
  }
  if (total > 65536)
    diag_error(c->diag, nested->an->start,
               "with the regions nested in others, the partition asks for %lld registers; the register file holds "
               "65536 (the largest regs(R) of the regions each index runs, times its threads)",
               total);
}

// An inthreads region ends in a barrier of the whole block (lower_regions):
// a `break`, `continue`, `return` or `goto` that leaves the region skips that
// barrier for the threads that take it, whatever its condition (the other
// regions' threads never take it), and the block's barriers pair up wrongly.
static void check_inthreads_exits(Ctx *c, Kernel *k) {
  for (int r = 0; r < k->regions.len; r++) {
    const Region *reg = &k->regions.items[r];
    if (reg->async || reg->body.node < 0) continue;
    const Node *body = node_at(c, reg->body.node);
    for (int j = reg->body.node + 1; j <= body->last; j++) {
      const Node *n = node_at(c, j);
      if (n->func != k->func || !front_is_jump(n->kind)) continue;  // a lambda's return is its own
      int to = n->kind == CXCursor_ReturnStmt ? -1
               : n->kind == CXCursor_GotoStmt ? goto_label(c, k, j)
                                              : jump_target(c, j);
      if (to >= 0 && node_at(c, to)->start >= body->start && node_at(c, to)->end <= body->end) continue;
      const char *what = exit_word(c, j);
      diag_error(c->diag, n->start,
                 "this '%s' leaves '%s' before its end, where every thread of the block meets at the barrier "
                 "tirx-pp puts after it: the threads that take it skip that barrier, and the block's barriers pair "
                 "up wrongly; let the region run to its end (an 'if' around the rest of its body)",
                 what, region_label(c, reg));
      diag_note(c->diag, reg->an->start, "the region starts here");
      break;
    }
  }
}

// What a persistent loop walks, as written: its extents (not the index
// names) and its clauses.
static Span persistent_walk(Ctx *c, const Annotation *an) {
  Buf b = {0};
  const Directive *d = &an->dir;
  for (int i = 0; i < d->head.nargs; i++)
    buf_printf(&b, "%.*s;", (int)d->head.args[i].expr.len, d->head.args[i].expr.s);
  for (int i = 0; i < d->nclauses; i++) {
    const Clause *cl = &d->clauses[i];
    buf_printf(&b, "%.*s(", (int)cl->name.len, cl->name.s);
    for (int j = 0; j < cl->nargs; j++) buf_printf(&b, "%.*s,", (int)cl->args[j].expr.len, cl->args[j].expr.s);
    buf_puts(&b, ")");
  }
  Span w = {arena_strndup(c->arena, b.data ? b.data : "", b.len), b.len, 0};
  buf_free(&b);
  return w;
}

// A persistent loop's extents and clauses as a message quotes them:
// `tile: M / BM * tiles_n` or `tile: T order(grouped(8))`.
static const char *walk_shown(Ctx *c, const Annotation *an) {
  Buf b = {0};
  const Directive *d = &an->dir;
  for (int i = 0; i < d->head.nargs; i++)
    buf_printf(&b, "%s%.*s: %.*s", i ? ", " : "", (int)d->head.args[i].name.len, d->head.args[i].name.s,
               (int)span_trim(d->head.args[i].expr).len, span_trim(d->head.args[i].expr).s);
  for (int i = 0; i < d->nclauses; i++) {
    const Clause *cl = &d->clauses[i];
    buf_printf(&b, " %.*s(", (int)cl->name.len, cl->name.s);
    for (int j = 0; j < cl->nargs; j++)
      buf_printf(&b, "%s%.*s", j ? ", " : "", (int)span_trim(cl->args[j].expr).len, span_trim(cl->args[j].expr).s);
    buf_puts(&b, ")");
  }
  const char *s = arena_strndup(c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

// The n-th persistent loop of region r (its own, not a nested region's),
// NULL when it has fewer.
static const Annotation *nth_persistent(Ctx *c, const Kernel *k, const Region *r, int n) {
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->dir.kind == DIR_PERSISTENT && !an->skipped && !an->bad && an->start >= r->body.start &&
        an->start < r->body.end && enclosing_region(k, an->start) == r && !n--)
      return an;
  }
  return NULL;
}

// Whether region a triggers an event that region b waits on.
static bool feeds(const Kernel *k, const Region *a, const Region *b) {
  for (int i = 0; i < k->ops.len; i++) {
    const Op *t = &k->ops.items[i];
    if (t->region != a || (t->kind != OP_TRIGGER && t->kind != OP_TRIGGER_BYTES)) continue;
    for (int j = 0; j < k->ops.len; j++)
      if (k->ops.items[j].region == b && k->ops.items[j].kind == OP_WAIT && k->ops.items[j].event == t->event)
        return true;
  }
  return false;
}

// The regions of a partition that pair their steps through events (one
// triggers what the other waits on), tile after tile: their persistent loops
// must deal each block the same tiles in the same order, the n-th loop of
// one as the n-th of the other. A total or an order written differently (`M
// / BM * tiles_n` against `(M + BM - 1) / BM * tiles_n`) leaves one region a
// tile the other never takes: it waits forever, or its copies land after the
// block has exited. The text is compared, so that the same value written two
// ways is an error too: one spelling is the remedy.
static void check_persistent_walks(Ctx *c, Kernel *k) {
  for (int x = 0; x < k->regions.len; x++)
    for (int y = x + 1; y < k->regions.len; y++) {
      const Region *a = &k->regions.items[x], *b = &k->regions.items[y];
      if (!a->async || !b->async || (!feeds(k, a, b) && !feeds(k, b, a))) continue;
      for (int n = 0;; n++) {
        const Annotation *pa = nth_persistent(c, k, a, n), *pb = nth_persistent(c, k, b, n);
        if (!pa || !pb) break;
        if (spans_alike(persistent_walk(c, pa), persistent_walk(c, pb))) continue;
        diag_error(c->diag, pb->start,
                   "this persistent loop of '%s' walks '%s', and the one of '%s' at line %d walks '%s': the regions "
                   "pair their steps through events, tile by tile, so a tile one region takes and the other does "
                   "not leaves a wait that never completes (or copies that land after the block exits); write the "
                   "same total and order in both, the same way",
                   region_label(c, b), walk_shown(c, pb), region_label(c, a), source_line(c->src, pa->start),
                   walk_shown(c, pa));
        diag_note(c->diag, pa->start, "the other loop");
        return;
      }
    }
}

void check_regions(Ctx *c, Kernel *k) {
  check_inthreads_exits(c, k);
  check_persistent_walks(c, k);
  // Each chain: an async region that continues none, and those that continue
  // it at its own level (regions nested in them stand between).
  int *chain = arena_alloc(c->arena, sizeof(int) * (size_t)(k->regions.len + 1));
  for (int i = 0; i < k->regions.len; i++) {
    if (k->regions.items[i].chained || !k->regions.items[i].async) continue;
    const Region *level = enclosing_region(k, k->regions.items[i].an->start);
    int n = 0;
    chain[n++] = i;
    for (int j = i + 1; j < k->regions.len; j++) {
      if (enclosing_region(k, k->regions.items[j].an->start) != level) continue;
      if (!k->regions.items[j].chained) break;
      chain[n++] = j;
    }
    check_chain(c, k, chain, n);
  }
  check_nested_registers(c, k);
}

// A forward goto past the partition's or an event's declaration to a label in
// its scope: the lowering declares initialized variables there (the partition
// index, the mbarriers' phase bits, a cluster event's exit barrier object),
// which C++ does not let a jump pass, and nvcc would reject the output.
void check_jumps(Ctx *c, Kernel *k) {
  const Node *f = node_at(c, k->func);
  for (int i = k->func + 1; i <= f->last; i++) {
    const Node *g = node_at(c, i);
    if (g->kind != CXCursor_GotoStmt || g->func != k->func) continue;
    int l = goto_label(c, k, i);
    if (l < 0 || node_at(c, l)->start < g->start) continue;
    for (int d = -1; d < k->events.len; d++) {
      const Annotation *an = d < 0 ? k->part : k->events.items[d].an;
      if (!an || an->start < g->start || an->start > node_at(c, l)->start) continue;
      int scope = declaration_scope(c, an->start);
      if (scope < 0 || node_at(c, l)->start >= node_at(c, scope)->end) continue;
      Span name = d < 0 ? k->part_name : k->events.items[d].name;
      diag_error(c->diag, g->start,
                 "this goto jumps past the declaration of %s '%.*s' into its scope: tirx-pp declares initialized "
                 "variables there, which C++ does not let a jump pass; move the label out of that scope, or the "
                 "declaration before the goto",
                 d < 0 ? "the partition index" : "event", (int)name.len, name.s);
      diag_note(c->diag, an->start, "the declaration");
      break;
    }
  }
}

// --- the launches of a partitioned kernel ---------------------------------------------
// The block size of `name<<<grid, BLOCK...`: an integer literal, or the name of a
// constant of the file whose value clang knows (a `constexpr int NUM_THREADS`);
// false for anything else (a dim3, an expression).
static bool launch_block(Ctx *c, const char *t, size_t from, size_t to, long long *value) {
  while (from < to && (t[from] == ' ' || t[from] == '\t' || t[from] == '\n' || t[from] == '\r')) from++;
  while (to > from && (t[to - 1] == ' ' || t[to - 1] == '\t' || t[to - 1] == '\n' || t[to - 1] == '\r')) to--;
  if (from == to) return false;
  size_t i = from;
  if (t[i] >= '0' && t[i] <= '9') {
    long long v = 0;
    for (; i < to && t[i] >= '0' && t[i] <= '9' && v < 1000000; i++) v = v * 10 + (t[i] - '0');
    while (i < to && (t[i] == 'u' || t[i] == 'U' || t[i] == 'l' || t[i] == 'L')) i++;
    if (i != to) return false;
    *value = v;
    return true;
  }
  for (; i < to && is_ident_char((unsigned char)t[i]); i++) {}
  if (i != to || !is_ident_start((unsigned char)t[from])) return false;
  bool found = false;
  for (int n = 0; n < c->front->nnodes; n++) {
    const Node *d = node_at(c, n);
    if (d->kind != CXCursor_VarDecl) continue;
    CXString s = clang_getCursorSpelling(d->cur);
    bool same = strlen(clang_getCString(s)) == to - from && !memcmp(clang_getCString(s), t + from, to - from);
    clang_disposeString(s);
    long long v;
    bool u;
    if (!same) continue;
    if (!front_eval_int(d->cur, &v, &u) || (found && v != *value)) return false;  // unknown, or two of that name
    *value = v, found = true;
  }
  return found;
}

// A launch of a kernel with a partition, in the same file, whose block is a
// known constant other than the partition's threads (adoption trial 3:
// warpgroups(wg: 2) and kernel<<<g, NUM_THREADS>>> with 384): the launch
// fails against the __launch_bounds__ the partition adds, or a region runs
// with no threads. Found in the tokens (host bodies are not parsed in full:
// comments and literals are passed over), split as launch.c splits a
// launch; a warning, as the text may be inactive code.
// Whether the kernel's declaration gives its cluster shape itself
// (`__cluster_dims__(2, 1, 1)`): a plain launch then forms clusters.
static bool has_cluster_dims(const Ctx *c, const Kernel *k) {
  const Node *f = node_at(c, k->func);
  size_t body = f->end;
  for (int i = k->func + 1; i <= f->last; i = node_at(c, i)->last + 1)
    if (node_at(c, i)->kind == CXCursor_CompoundStmt) body = node_at(c, i)->start;
  LexText lt = {c->src->data, body};
  bool line_start = false;
  LexTok tok;
  for (size_t i = f->start; lex_next(lt, &i, &line_start, &tok);)
    if (tok.kind == LEX_IDENT && tok.end - tok.start == 16 && !memcmp(c->src->data + tok.start, "__cluster_dims__", 16))
      return true;
  return false;
}

// A plain `<<<...>>>` launch of a kernel with cluster events: it forms no
// clusters, while the kernel's barriers count the blocks of one and its
// copies may multicast to them (`#pragma tirx launch cluster(...)` says the
// shape, launch.c).
static void check_plain_cluster_launch(Ctx *c, const Event *cluster, const char *name, size_t at) {
  diag_error(c->diag, at,
             "'%s' declares cluster events and this '<<<...>>>' launch forms no clusters, while the kernel counts "
             "the arrivals of the blocks of its cluster and may copy into them: put '#pragma tirx launch "
             "cluster(X)' before it with the cluster shape the kernel is written for ('cluster(1)' for clusters "
             "of one block)",
             name);
  diag_note(c->diag, cluster->an->start, "a cluster event of '%s'", name);
}

void check_launches(Ctx *c, Kernel *k, const Stmt *stmts) {
  const Event *cluster = NULL;
  for (int e = 0; e < k->events.len && !cluster; e++)
    if (k->events.items[e].cluster) cluster = &k->events.items[e];
  if (cluster && has_cluster_dims(c, k)) cluster = NULL;
  if ((!k->part || !k->nparts) && !cluster) return;
  CXString s = clang_getCursorSpelling(node_at(c, k->func)->cur);
  const char *name = arena_strndup(c->arena, clang_getCString(s), strlen(clang_getCString(s)));
  clang_disposeString(s);
  const Source *src = c->src;
  const size_t len = strlen(name), n = src->len;
  const int want = k->nparts * k->group;
  LexText lt = {src->data, n};
  bool line_start = true;
  LexTok tok;
  bool directive = false;  // a launch in a macro's definition is checked where the macro is used, if ever
  for (size_t i = 0; len && lex_next(lt, &i, &line_start, &tok);) {
    if (tok.first) directive = tok.kind == LEX_PUNCT && src->data[tok.start] == '#';
    if (directive || tok.kind != LEX_IDENT || tok.end - tok.start != len || memcmp(src->data + tok.start, name, len)) continue;
    size_t open = lex_skip_blank(src, tok.end);
    if (open + 3 > n || strncmp(src->data + open, "<<<", 3)) continue;
    size_t close = lex_find_top_triple(src, open + 3, n, '>');
    Arg *args;
    long long block = 0;
    if (close == n || split_args(c->arena, (Span){src->data + open + 3, close - open - 3, open + 3}, &args) < 2)
      continue;
    if (cluster && !front_is_skipped(c->front, tok.start) && !directive_around(c, stmts, DIR_LAUNCH, tok.start)) {
      check_plain_cluster_launch(c, cluster, name, tok.start);
      continue;
    }
    if (!k->part || !k->nparts) continue;
    Span b = args[1].expr;
    if (!launch_block(c, src->data, b.off, b.off + b.len, &block) || block == want) continue;
    diag_warning(c->diag, b.off, "'%s' is launched with %lld threads per block, but its partition covers %d: launch it "
                 "with %d",
                 name, block, want, want);
    diag_note(c->diag, k->part->start, "the partition");
  }
}
