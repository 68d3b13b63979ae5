// counts.c - waits and triggers counted from the bounds of loops the
// deadlock check cannot evaluate
// (docs/regions-and-events.md#loops-of-unknown-length).
//
// The deadlock check runs a loop whose bound reads memory or a kernel
// parameter a few rounds, the same in every region, so a consumer loop of
// `nk - 1` trips against a producer's `nk` passes there, and hangs on the
// GPU. Here each event's waits in one region and its triggers in the region
// that triggers it are counted per persistent tile (or per run of the
// region) from the loops around them as written: `for (T k = A; k < B;
// ++k)` runs B - A times, a loop of that shape with another condition as
// many times as its header (one name); the two counts must be the same or
// a multiple. Counts of another form (a bound times a bound, a loop left by
// a jump, an operation under an if on data, in a lambda, with a parity of
// its own) are not compared.
#include <string.h>

#include "ast.h"
#include "canon.h"
#include "counts.h"
#include "rings.h"
#include "uniform.h"

// How many times an operation runs per iteration of its region's
// persistent loop (or per run of the region): a constant plus whole
// multiples of loop bounds the deadlock check cannot evaluate (`nk`, as
// compared: local constants replaced by their initializers). Only counts
// of that form are compared; any other (a bound times a bound, a loop of
// another shape, a jump out of an inner loop, an `if` on data) is `unknown`.
enum { MAX_TERMS = CANON_TERMS };
typedef struct {
  CanonTerm term[MAX_TERMS];  // (not opaque: known at compile time, a template's parameter; a constant per run)
  bool loop[MAX_TERMS];   // a whole loop's trips (its header as the name)
  int n;
  long long k;
  int frame;   // the persistent loop it counts per iteration of, -1: the region
  bool split;  // some of its operations run in some threads only (under an if on the thread)
  bool unknown;
} Count;

static void count_add(Count *to, const Count *x, long long times) {
  if (x->unknown) to->unknown = true;
  to->split |= x->split;
  to->k += x->k * times;
  for (int i = 0; i < x->n && !to->unknown; i++) {
    int j = 0;
    while (j < to->n && strcmp(to->term[j].text, x->term[i].text)) j++;
    if (j == to->n) {
      if (j == MAX_TERMS) {
        to->unknown = true;
        break;
      }
      to->term[j] = x->term[i], to->loop[j] = x->loop[i];
      to->term[j].coef = 0, to->n++;
    }
    to->term[j].coef += x->term[i].coef * times;
  }
}

// The counter of a loop with no start in its header (`for (; n > 0; --n)`)
// and its start: the local's initializer, or the parameter itself, when the
// loop's step is its only assignment.
static bool loop_start_before(const Ctx *c, int func, const ForParts *fp, CXCursor *var, int *start) {
  int kids[2];
  const Node *inc = node_at(c, fp->inc);
  if ((inc->kind != CXCursor_UnaryOperator && inc->kind != CXCursor_CompoundAssignOperator) ||
      front_children(c->front, fp->inc, kids, 2) < 1)
    return false;
  int name = past_implicit(c, kids[0]);
  CXCursor v = clang_getCursorReferenced(node_at(c, name)->cur);
  enum CXCursorKind kind = clang_getCursorKind(v);
  if (node_at(c, name)->kind != CXCursor_DeclRefExpr || (kind != CXCursor_VarDecl && kind != CXCursor_ParmDecl) ||
      aliased_in(c, func, v) >= 0)
    return false;
  *start = kind == CXCursor_ParmDecl ? name : -1;
  for (int i = func + 1; i <= node_at(c, func)->last; i++) {
    CXCursor assigned;
    int from = -1;
    if (!assignment_at(c, i, clang_getNullCursor(), &assigned, &from) || !clang_equalCursors(assigned, v)) continue;
    if (node_at(c, i)->kind == CXCursor_VarDecl && from >= 0)
      *start = from;
    else if (!node_holds(c, fp->inc, node_at(c, i)->start))
      return false;
  }
  *var = v;
  return *start >= 0;
}

// The counter of a loop's header and its start: `T v = A` (one of the
// declarations, `int k = 0, it = 0`) or `v = A`, the one the condition
// names; with no start in the header, loop_start_before. False when there
// is none.
static bool loop_start(const Ctx *c, int func, const ForParts *fp, CXCursor *var, int *start) {
  if (fp->init < 0) return loop_start_before(c, func, fp, var, start);
  int decls[4], nd = node_at(c, fp->init)->kind == CXCursor_DeclStmt ? front_children(c->front, fp->init, decls, 4)
                                                                     : (decls[0] = fp->init, 1);
  for (int i = 0; i < nd && i < 4; i++) {
    CXCursor v;
    int from = -1;
    if (assignment_at(c, decls[i], clang_getNullCursor(), &v, &from) && from >= 0 && refers_to(c, fp->cond, v))
      return *var = v, *start = from, true;
  }
  return false;
}

// The step of a counted loop over var: 1 for `++v`, `v++`, `v += 1`; -1 for
// `--v`, `v--`, `v -= 1`; in a comma list whose other parts do not touch v
// (`++k, ++it`) too; 0 for any other.
static int loop_step(const Ctx *c, int inc, CXCursor var) {
  const Node *n = node_at(c, inc);
  int kids[2], nk = front_children(c->front, inc, kids, 2);
  long long one;
  bool u;
  if (n->kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(n->cur) == CXBinaryOperator_Comma &&
      nk == 2) {
    bool first = refers_to(c, kids[0], var), second = refers_to(c, kids[1], var);
    return first == second ? 0 : loop_step(c, kids[first ? 0 : 1], var);
  }
  if (nk < 1 || !is_ref_to(node_at(c, past_implicit(c, kids[0]))->cur, var)) return 0;
  if (n->kind == CXCursor_UnaryOperator) {
    switch (clang_getCursorUnaryOperatorKind(n->cur)) {
    case CXUnaryOperator_PreInc:
    case CXUnaryOperator_PostInc: return 1;
    case CXUnaryOperator_PreDec:
    case CXUnaryOperator_PostDec: return -1;
    default: return 0;
    }
  }
  if (n->kind != CXCursor_CompoundAssignOperator || nk != 2 || !front_eval_int(node_at(c, kids[1])->cur, &one, &u) ||
      one != 1)
    return 0;
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(n->cur);
  return op == CXBinaryOperator_AddAssign ? 1 : op == CXBinaryOperator_SubAssign ? -1 : 0;
}

// The bound a loop's condition compares its counter with, and the
// comparison read with the counter on the left (`nk > k` is `k < nk`);
// -1 when the condition is not of that form.
static int loop_bound(const Ctx *c, int cond, CXCursor var, enum CXBinaryOperatorKind *op) {
  int kids[2];
  if (node_at(c, cond)->kind != CXCursor_BinaryOperator || front_children(c->front, cond, kids, 2) != 2) return -1;
  *op = clang_getCursorBinaryOperatorKind(node_at(c, cond)->cur);
  bool left = is_ref_to(node_at(c, past_implicit(c, kids[0]))->cur, var) && !refers_to(c, kids[1], var);
  bool right = is_ref_to(node_at(c, past_implicit(c, kids[1]))->cur, var) && !refers_to(c, kids[0], var);
  if (!left && !right) return -1;
  if (right) {
    switch (*op) {
    case CXBinaryOperator_LT: *op = CXBinaryOperator_GT; break;
    case CXBinaryOperator_GT: *op = CXBinaryOperator_LT; break;
    case CXBinaryOperator_LE: *op = CXBinaryOperator_GE; break;
    case CXBinaryOperator_GE: *op = CXBinaryOperator_LE; break;
    default: break;
    }
  }
  return kids[left ? 1 : 0];
}

// Adds sum (its terms as the count's) to n; false when n has no room.
static bool count_sum(Count *n, const CanonSum *sum) {
  n->k += sum->k;
  for (int i = 0; i < sum->n; i++) {
    if (!sum->terms[i].coef) continue;
    if (n->n == MAX_TERMS) return false;
    n->loop[n->n] = false;
    n->term[n->n++] = sum->terms[i];
  }
  return true;
}

// Adds coef times a loop's start to sum: a parameter that only the loop's
// step assigns (loop_start_before) by its name, its value at the start.
static bool start_sum(Canon *x, int start, long long coef, CanonSum *sum) {
  const Ctx *c = x->w->c;
  const Node *n = node_at(c, start);
  if (n->kind != CXCursor_DeclRefExpr || clang_getCursorKind(clang_getCursorReferenced(n->cur)) != CXCursor_ParmDecl)
    return canon_sum(x, start, coef, sum);
  const char *name = node_text_flat(c, start);
  for (int i = 0; i < sum->n; i++)
    if (!strcmp(sum->terms[i].text, name)) return sum->terms[i].coef += coef, true;
  if (sum->n == CANON_TERMS) return false;
  sum->terms[sum->n++] = (CanonTerm){name, name, coef, true};
  return true;
}

// A loop's trips as a Count: `for (T v = A; v < B; ++v)` is B - A (`v !=
// B`, `B > v`, `v++`, `v += 1`, a comma in the step that leaves v alone
// too), `v <= B` B - A + 1, and downwards `v > B` (`v >= B`) A - B (+ 1),
// A and B as sums of their parts (`nk - 1`, `n_max - n_min`); a loop of
// that shape with any other condition (`k < n && k <= last`) is one name,
// its start and condition as compared; unknown otherwise.
static Count loop_count(Canon *x, int loop) {
  Ctx *c = x->w->c;
  Count r = {.unknown = true, .frame = -1};
  ForParts fp;
  CXCursor var;
  int init, step;
  if (node_at(c, loop)->kind != CXCursor_ForStmt || !for_parts(c, loop, &fp) || fp.cond < 0 || fp.inc < 0 ||
      !loop_start(c, x->w->k->func, &fp, &var, &init) || assigns_to(c, fp.body, var) >= 0 ||
      assigns_to(c, fp.cond, var) >= 0 || !(step = loop_step(c, fp.inc, var)))
    return r;
  r.unknown = false;
  enum CXBinaryOperatorKind op = CXBinaryOperator_Invalid;
  int bound = loop_bound(c, past_implicit(c, fp.cond), var, &op);
  bool up = step > 0 && (op == CXBinaryOperator_LT || op == CXBinaryOperator_NE || op == CXBinaryOperator_LE);
  bool down = step < 0 && (op == CXBinaryOperator_GT || op == CXBinaryOperator_NE || op == CXBinaryOperator_GE);
  CanonSum sum = {0};
  if (bound >= 0 && (up || down) && canon_sum(x, bound, up ? 1 : -1, &sum) && start_sum(x, init, up ? -1 : 1, &sum)) {
    sum.k += op == CXBinaryOperator_LE || op == CXBinaryOperator_GE;
    if (!count_sum(&r, &sum)) r.unknown = true;
    return r;
  }
  // Any other condition: the whole header is the name.
  const char *start = canon_text(x, init, NULL), *cond = canon_text(x, fp.cond, NULL);
  r.term[0] =
      (CanonTerm){arena_printf(c->arena, "for(%s;%s;%d)", start, cond, step),
                  arena_printf(c->arena, "the trips of 'for (...; %s; ...)'", node_text_flat(c, fp.cond)), 1, true};
  r.loop[0] = true, r.n = 1;
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

// A loop over the block's tiles written by hand, `for (T t = blockIdx.x; t
// < B; t += gridDim.x)`: counted per tile, as a persistent loop is.
static bool tile_loop(const Ctx *c, int loop) {
  ForParts fp;
  CXCursor var;
  int init, kids[2];
  if (node_at(c, loop)->kind != CXCursor_ForStmt || !for_parts(c, loop, &fp) || fp.init < 0 || fp.cond < 0 ||
      fp.inc < 0 || !loop_start(c, -1, &fp, &var, &init) || assigns_to(c, fp.body, var) >= 0)
    return false;
  const Node *inc = node_at(c, fp.inc);
  return !strcmp(node_text_flat(c, past_implicit(c, init)), "blockIdx.x") &&
         inc->kind == CXCursor_CompoundAssignOperator &&
         clang_getCursorBinaryOperatorKind(inc->cur) == CXBinaryOperator_AddAssign &&
         front_children(c->front, fp.inc, kids, 2) == 2 && is_ref_to(node_at(c, past_implicit(c, kids[0]))->cur, var) &&
         !strcmp(node_text_flat(c, past_implicit(c, kids[1])), "gridDim.x");
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
    bool persistent = tile_loop(c, p);
    for (int l = 0; l < w->nloops; l++) persistent |= w->loops[l] == p;
    if (persistent) {
      r.frame = p;
      break;
    }
    if (kind == CXCursor_SwitchStmt || kind == CXCursor_ConditionalOperator || kind == CXCursor_LambdaExpr)
      return r.unknown = true, r;
    // An if picks steps (`if (k >= STAGES)`), unless it picks threads.
    if (kind == CXCursor_IfStmt && !is_elect_if(c, p)) {
      if (!thread_dependent_condition(c, w->k, p, node_at(c, at)->start)) return r.unknown = true, r;
      r.split = true;
    }
    if (!front_is_loop(kind)) continue;
    Count trips = loop_count(x, p);
    if (trips.unknown || left_early(c, p) || (trips.n && r.n)) return r.unknown = true, r;
    Count next = zero;
    if (!trips.n) {
      count_add(&next, &r, trips.k > 0 ? trips.k : 0);
    } else {
      for (int t = 0; t < trips.n; t++) trips.term[t].coef *= r.k;
      trips.k *= r.k;
      count_add(&next, &trips, 1);
    }
    next.frame = r.frame, next.split = r.split;
    r = next;
  }
  return r;
}

// The text of a count as written: `nk - 1 times`, or `as many times as
// 'for (...; k < n && k <= last; ...)' runs`.
static const char *count_text(Ctx *c, const Count *n) {
  int live = 0, only = -1;
  for (int i = 0; i < n->n; i++)
    if (n->term[i].coef) live++, only = i;
  if (live == 1 && !n->k && n->term[only].coef == 1 && n->loop[only])
    return arena_printf(c->arena, "as many times as %s runs", n->term[only].shown + strlen("the trips of "));
  Buf b = {0};
  for (int i = 0; i < n->n; i++) {
    if (!n->term[i].coef) continue;
    long long m = n->term[i].coef;
    buf_puts(&b, b.len ? (m < 0 ? " - " : " + ") : (m < 0 ? "-" : ""));
    if (m < 0) m = -m;
    if (m != 1) buf_printf(&b, "%lld * ", m);
    buf_printf(&b, "%s", n->term[i].shown);
  }
  if (n->k || !b.len)
    buf_printf(&b, b.len ? (n->k < 0 ? " - %lld" : " + %lld") : "%lld", b.len && n->k < 0 ? -n->k : n->k);
  buf_puts(&b, " times");
  const char *out = arena_strndup(c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return out;
}

// Whether b is a positive multiple of a, term by term and the constants
// too: b = a * num / den.
static bool multiple(const Count *a, const Count *b, long long *num, long long *den) {
  const char *texts[2 * MAX_TERMS + 1];
  int nt = 0;
  *num = *den = 0;
  for (int i = 0; i < a->n; i++) texts[nt++] = a->term[i].text;
  for (int i = 0; i < b->n; i++) texts[nt++] = b->term[i].text;
  for (int t = 0; t <= nt; t++) {
    long long x = t == nt ? a->k : 0, y = t == nt ? b->k : 0;
    for (int i = 0; t < nt && i < a->n; i++) x += strcmp(a->term[i].text, texts[t]) ? 0 : a->term[i].coef;
    for (int i = 0; t < nt && i < b->n; i++) y += strcmp(b->term[i].text, texts[t]) ? 0 : b->term[i].coef;
    if (!x && !y) continue;
    if (!x || !y) return false;
    if (!*den) {
      *num = y, *den = x;
      if ((*num < 0) != (*den < 0)) return false;
    } else if (y * *den != x * *num) {
      return false;
    }
  }
  if (*den < 0) *num = -*num, *den = -*den;
  return *den != 0;
}

// Whether a count has a part the deadlock check cannot evaluate (else it
// runs that region's loops as they are, and compares them itself).
static bool has_terms(const Count *n) {
  for (int i = 0; i < n->n; i++)
    if (n->term[i].coef && n->term[i].opaque) return true;
  return false;
}

// Whether a count is more than nothing.
static bool nonzero(const Count *n) {
  if (n->k) return true;
  for (int i = 0; i < n->n; i++)
    if (n->term[i].coef) return true;
  return false;
}

// What a count is per: a tile of a persistent loop (frame, a loop over
// tiles), or a run of the region (frame -1).
static const char *per_words(const Ctx *c, int frame) {
  if (frame < 0) return "per run of the region";
  return tile_loop(c, frame) ? "per tile of its loop over the tiles" : "per tile of its persistent loop";
}

// An event's waits in one region against its triggers in the region that
// triggers it, both counted; the waits' first operation and the triggers'.
typedef struct {
  const Event *ev;
  const Region *waiter, *trigger;
  Count waits, triggers;
  Count flat_waits, flat_triggers;  // of them, those of operations in no loop of unknown length
  const Op *first_wait, *first_trigger;
} Pair;

// A count's parts that are neither constant nor known at compile time.
static Count run_time_part(const Count *n) {
  Count r = *n;
  r.k = 0;
  for (int i = 0; i < r.n; i++) r.term[i].coef *= r.term[i].opaque;
  return r;
}

// Whether a part known at compile time (a template's parameter) is in one
// count other than m times the other: taken as credits, not compared.
static bool fixed_parts_differ(const Count *waits, const Count *triggers, long long m) {
  for (int i = 0; i < triggers->n; i++) {
    long long w = 0;
    for (int j = 0; j < waits->n; j++)
      w += strcmp(waits->term[j].text, triggers->term[i].text) ? 0 : waits->term[j].coef;
    if (!triggers->term[i].opaque && triggers->term[i].coef != m * w) return true;
  }
  for (int j = 0; j < waits->n; j++) {
    bool there = false;
    for (int i = 0; i < triggers->n; i++) there |= !strcmp(waits->term[j].text, triggers->term[i].text);
    if (!waits->term[j].opaque && waits->term[j].coef && !there) return true;
  }
  return false;
}

// Per run of the regions: whether the triggers are m times the waits, the
// loops' parts alike and the constants beyond them credits given first or
// releases left at the end by operations outside the loops (`nk` waits
// against `STAGES + nk` triggers), or waits that pass on the phases a
// `ready` event starts with; a consumer loop one step short (`nk - 1`
// against `nk`) is neither. The first step taken before a loop from 1
// counts with it.
static bool alike_per_run(const Pair *p, long long *num, long long *den) {
  Count w = run_time_part(&p->waits), t = run_time_part(&p->triggers);
  if (!multiple(&w, &t, num, den)) return false;
  if (p->waits.split) return true;  // (waits counted once per branch: any multiple)
  if (*num % *den || *num < *den) return false;
  long long m = *num / *den;
  if (fixed_parts_differ(&p->waits, &p->triggers, m)) return true;
  long long more = p->triggers.k - m * p->waits.k;               // triggers beyond the waits'
  long long credits = p->flat_triggers.k - m * p->flat_waits.k;  // of them, outside the loops
  return more == 0 || (more > 0 && more <= credits) || (more < 0 && p->ev->ready && -more <= p->ev->slots);
}

// What is wrong with pair p's counts, NULL when nothing: both per tile or
// both per run; each wait takes one phase, and a phase as many triggers as
// its arrivals (count(N), or those inferred) over a trigger's, so the
// triggers must be the waits times that number (any whole number when it is
// not known; waits in some threads only, under an if on the thread, are
// counted once per branch).
static const char *count_mismatch(Ctx *c, Pair *p, const char *w_text, const char *t_text) {
  Count *wt = &p->waits, *t = &p->triggers;
  const char *per_what = per_words(c, wt->frame);
  const char *head =
      arena_printf(c->arena, "this region waits on '%.*s' %s %s, and '%s' triggers it %s", (int)p->ev->name.len,
                   p->ev->name.s, w_text, per_what, region_label(c, p->trigger), t_text);
  if ((wt->frame < 0) != (t->frame < 0)) {
    if (!nonzero(wt->frame >= 0 ? wt : t)) return NULL;
    const char *t_per = per_words(c, t->frame);
    return arena_printf(c->arena,
                        "%s %s: once a block has a second tile the two regions count different steps, and a wait "
                        "never returns or passes on a phase meant for another step; walk the same tiles in both "
                        "regions (a '#pragma tirx persistent' loop around the waits and the triggers alike)",
                        head, t_per);
  }
  if (!has_terms(wt) && !has_terms(t)) return NULL;  // the deadlock check runs them as they are
  long long num, den, runs = 0, per_phase = p->ev->count ? p->ev->count_value : p->ev->inferred;
  if (p->ev->trigger_arrivals > 0 && !p->ev->cluster && per_phase % p->ev->trigger_arrivals == 0)
    runs = per_phase / p->ev->trigger_arrivals;
  bool alike = wt->frame < 0 ? alike_per_run(p, &num, &den)
                             : multiple(wt, t, &num, &den) && (wt->split || (num % den == 0 && num >= den));
  if (!alike) {
    const char *same = strcmp(w_text, t_text) ? ""
                                              : " (written alike, but a variable in them takes other values in one "
                                                "region: an assignment that only one region makes)";
    return arena_printf(c->arena,
                        "%s%s: the two regions count different steps, and a wait never returns or passes on a phase "
                        "meant for another step; tirx-pp cannot evaluate these loop bounds (it compares them as "
                        "written, local constants replaced by their initializers), so give the loops around the "
                        "waits and the triggers the same bounds",
                        head, same);
  }
  // Each wait takes one phase, and a phase as many triggers as run in it.
  if (runs > 0 && !wt->split && !t->split && num != runs * den)
    return arena_printf(c->arena,
                        "%s: %lld triggers for each wait, and a phase of '%.*s' completes on %lld trigger%s, so the "
                        "waits and the phases go out of step (a wait passes on a slot not yet filled, or never "
                        "returns); trigger it as many times a step as a phase takes",
                        head, num / den, (int)p->ev->name.len, p->ev->name.s, runs, runs == 1 ? "" : "s");
  return NULL;
}

// Whether a count of steps per tile is a whole number of turns of event
// ev's ring whatever its loops run (`2 * nk` steps of a ring of 2; of a ring
// sized by a template's parameter, that size as written: `STAGES` steps):
// each tile then starts at the slot the one before started at.
static bool whole_turns(const Count *n, const Event *ev) {
  for (int i = 0; i < n->n; i++)
    if (ev->dependent ? !span_eq(ev->slots_text, n->term[i].text) : n->term[i].coef % ev->slots) return false;
  return ev->dependent ? n->k == 0 : n->k % ev->slots == 0;
}

// The note under a count's or a ring's error: where the other region triggers the event.
static void note_triggers(Ctx *c, const Event *ev, const Op *trigger) {
  diag_note(c->diag, trigger->an->start, "the triggers of '%.*s' there", (int)ev->name.len, ev->name.s);
}

// How an event's slot moves over the tiles in one region: carried when its
// operations there (the waits, or the triggers) all carry it on, restarted
// when they all start it over (with fixed slots among them, a first step
// before the loop); RING_UNKNOWN for any other mix. *op: the first of them
// that moves so, *by what moves it.
static RingMove region_ring(const Walks *w, const Pair *p, bool waits, int *op, const char **by) {
  const Kernel *k = w->k;
  const Region *reg = waits ? p->waiter : p->trigger;
  int frame = waits ? p->waits.frame : p->triggers.frame, first[RING_UNKNOWN + 1];
  const char *first_by[RING_UNKNOWN + 1] = {0};
  for (int m = 0; m <= RING_UNKNOWN; m++) first[m] = -1;
  for (int i = 0; i < k->ops.len; i++) {
    const Op *o = &k->ops.items[i];
    if (o->event != p->ev || o->region != reg || (o->kind == OP_WAIT) != waits) continue;
    const char *moved_by;
    RingMove m = ring_move(w, i, frame, &moved_by);
    if (first[m] < 0) first[m] = i, first_by[m] = moved_by;
  }
  // Unknown when any slot is, when carried slots mix with others, or when all are fixed.
  RingMove m = RING_UNKNOWN;
  bool none_unknown = first[RING_UNKNOWN] < 0;
  if (none_unknown && first[RING_CARRIED] >= 0 && first[RING_RESTARTED] < 0 && first[RING_FIXED] < 0)
    m = RING_CARRIED;
  else if (none_unknown && first[RING_CARRIED] < 0 && first[RING_RESTARTED] >= 0)
    m = RING_RESTARTED;
  *op = m == RING_UNKNOWN ? -1 : first[m], *by = m == RING_UNKNOWN ? NULL : first_by[m];
  return m;
}

// How a message says an operation's slot moves: `'full[k % 2]', a slot
// that starts over every tile with 'k'`.
static const char *ring_words(Ctx *c, const Op *op, RingMove m, const char *by) {
  Span slot = span_trim(op->slot);
  return arena_printf(c->arena, "'%.*s[%.*s]', a slot %s '%s'", (int)op->event->name.len, op->event->name.s,
                      (int)slot.len, slot.s,
                      m == RING_CARRIED ? "carried on from tile to tile by" : "that starts over every tile with", by);
}

// Pair p's counts agree, but one region carries the ring's position from
// tile to tile (`s = (it + k) % 2; ... it += nk;`) and the other starts it
// over every tile (`s = k % 2`): once a tile has an odd number of steps,
// the second tile's slots are triggered in one order and waited on in
// another. Reports it; false when it is not so, or cannot be told (a ring
// of one slot; steps per tile that are whole turns of the ring; a slot that
// reads what rings.c does not follow). A ring sized by a template's
// parameter is taken to have more than one slot: with one, the order is the
// same, and such a mix is wrong at every other size.
static bool ring_out_of_order(Ctx *c, const Walks *w, const Pair *p) {
  const Event *ev = p->ev;
  if ((ev->slots < 2 && !ev->dependent) || p->waits.frame < 0 || p->triggers.frame < 0 || p->waits.split ||
      p->triggers.split || whole_turns(&p->waits, ev))
    return false;
  int wop, top;
  const char *wby, *tby;
  RingMove wm = region_ring(w, p, true, &wop, &wby);
  if (wm == RING_UNKNOWN) return false;
  RingMove tm = region_ring(w, p, false, &top, &tby);
  if (tm == RING_UNKNOWN || tm == wm) return false;
  const char *steps =
      ev->dependent ? arena_printf(c->arena, "a number of steps that is not a multiple of its %.*s slots",
                                   (int)ev->slots_text.len, ev->slots_text.s)
      : ev->slots == 2
          ? "an odd number of steps"
          : arena_printf(c->arena, "a number of steps that is not a multiple of its %lld slots", ev->slots);
  const Op *wo = &w->k->ops.items[wop], *to = &w->k->ops.items[top];
  diag_error(c->diag, wo->an->start,
             "this region waits on %s, and '%s' triggers %s: the slots are triggered in one order and waited on in "
             "another once a tile has %s ('%.*s' is waited on %s per tile); move the slot alike in both regions, "
             "carried on over the tiles or started over every tile",
             ring_words(c, wo, wm, wby), region_label(c, p->trigger), ring_words(c, to, tm, tby), steps,
             (int)ev->name.len, ev->name.s, count_text(c, &p->waits));
  note_triggers(c, ev, to);
  return true;
}

// Loops the deadlock check cannot count (it runs them a few rounds, the
// same in every region): a region that waits on an event in a loop of
// `nk - 1` trips while another triggers it in one of `nk` counts different
// steps, and a wait never returns. Compared per event between the region
// that triggers it (the only one) and each region that waits on it, in
// counts of the form above, per iteration of their persistent loops.
void check_event_counts(Ctx *c, Kernel *k) {
  if (k->failed_regions || k->failed_part || k->regions.len < 2) return;
  Walks walks = kernel_walks(c, k), *w = &walks;
  int R = k->regions.len;
  bool *told = arena_alloc(c->arena, sizeof(bool) * (size_t)(R * R));  // one message for two regions
  for (int e = 0; e < k->events.len; e++) {
    const Event *ev = &k->events.items[e];
    int trigger_region = -1;
    bool usable = true;
    for (int i = 0; i < k->ops.len && usable; i++) {
      const Op *op = &k->ops.items[i];
      if (op->event != ev || op->kind == OP_WAIT) continue;
      int r = op->region ? (int)(op->region - k->regions.items) : -1;
      if (r < 0 || (trigger_region >= 0 && trigger_region != r)) usable = false;
      trigger_region = r;
    }
    if (!usable || trigger_region < 0) continue;
    Count *per = arena_alloc(c->arena, sizeof(Count) * (size_t)R * 2);   // [region][waits, triggers]
    Count *flat = arena_alloc(c->arena, sizeof(Count) * (size_t)R * 2);  // of them, those with no loop's bound
    int *first = arena_alloc(c->arena, sizeof(int) * (size_t)R * 2);
    for (int r = 0; r < 2 * R; r++) per[r] = (Count){.frame = -2}, flat[r] = (Count){.frame = -1}, first[r] = -1;
    for (int i = 0; i < k->ops.len; i++) {
      const Op *op = &k->ops.items[i];
      if (op->event != ev || !op->region || !op->region->async || op->region->body.node < 0) continue;
      int r = (int)(op->region - k->regions.items), slot = 2 * r + (op->kind != OP_WAIT);
      Canon x = canon_in(w, NULL, op->region->body.node);
      Count n = op_count(&x, i);
      Count *to = &per[slot];
      if (to->frame == -2) to->frame = n.frame;
      if (n.frame != to->frame) to->unknown = true;
      count_add(to, &n, 1);
      if (!has_terms(&n)) count_add(&flat[slot], &n, 1);
      if (first[slot] < 0) first[slot] = i;
    }
    int tr = 2 * trigger_region + 1;
    if (per[tr].unknown || first[tr] < 0) continue;
    const char *t_text = count_text(c, &per[tr]);
    for (int r = 0; r < R; r++) {
      if (r == trigger_region || first[2 * r] < 0 || per[2 * r].unknown || told[r * R + trigger_region]) continue;
      Pair p = {
          ev,       &k->regions.items[r],        &k->regions.items[trigger_region], per[2 * r], per[tr], flat[2 * r],
          flat[tr], &k->ops.items[first[2 * r]], &k->ops.items[first[tr]]};
      const char *message = count_mismatch(c, &p, count_text(c, &p.waits), t_text);
      if (message) {
        diag_error(c->diag, p.first_wait->an->start, "%s", message);
        note_triggers(c, ev, p.first_trigger);
      } else if (!ring_out_of_order(c, w, &p)) {
        continue;
      }
      told[r * R + trigger_region] = told[trigger_region * R + r] = true;
    }
  }
}
