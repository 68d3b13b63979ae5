// deadlock.c - the static deadlock check of SPEC 4. Every region (and the
// code outside regions) is run abstractly: each loop body once per round,
// event operations in program order. A phase of an event completes when each
// region that triggers it has triggered once more; a wait passes when the
// phases completed cover the waits this region made. Slots are told apart
// when every operation on the event names its slot with an integer literal
// (a `ready` event then gives each slot one credit); otherwise they are
// merged and a `ready` event starts with one credit per slot. A region whose
// event operations all sit in one loop that may repeat (not `do ... while
// (0)`, not a counted loop of one trip) runs further rounds, as that loop
// would (a consumer that waits twice per tile needs the producer's second
// K-tile). When nothing can move while some region still waits in its first
// round, the waits form the bootstrap cycle.
#include <stdlib.h>

#include "kernel.h"

typedef struct {
  int *ops;  // indices into k->ops, in program order
  int n, pos;
  int round;    // how many times the sequence has run to its end
  bool cyclic;  // its ops share a loop that repeats: after the end, it starts again
} Seq;

// Rounds a cyclic sequence may run: enough for any ring to fill, and finite.
// Channels per event: one per slot when slots are told apart (at most 64).
enum { MAX_ROUNDS = 70, MAX_CHANNELS = 64 };

static bool is_loop(enum CXCursorKind k) {
  return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
}

static bool constant(CXCursor cur, long long *v) {
  bool u;
  return front_eval_int(cur, v, &u);
}

// `for (T i = A; i < B; ...)` (or <=, !=) with constant A and B: its trips.
static bool counted_trips(Ctx *c, int node, long long *trips) {
  ForParts fp;
  if (!for_parts(c, node, &fp) || fp.init < 0 || fp.cond < 0) return false;
  CXCursor kids[4], var, init[4];
  const Node *in = node_at(c, fp.init), *cond = node_at(c, fp.cond);
  if (in->kind != CXCursor_DeclStmt || cursor_children(in->cur, kids, 4) != 1 ||
      clang_getCursorKind(kids[0]) != CXCursor_VarDecl)
    return false;
  var = kids[0];
  int ni = cursor_children(var, init, 4);
  long long a, b;
  if (ni < 1 || !constant(init[ni - 1], &a) || cond->kind != CXCursor_BinaryOperator ||
      cursor_children(cond->cur, kids, 4) != 2 || !constant(kids[1], &b))
    return false;
  CXCursor lhs = front_strip(kids[0]);
  if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr || !clang_equalCursors(clang_getCursorReferenced(lhs), var))
    return false;
  switch (clang_getCursorBinaryOperatorKind(cond->cur)) {
  case CXBinaryOperator_LT:
  case CXBinaryOperator_NE: *trips = b - a; return true;
  case CXBinaryOperator_LE: *trips = b - a + 1; return true;
  default: return false;
  }
}

// Whether a loop may run its body more than once: not `do ... while (0)`,
// not a loop whose condition is constant false, not a counted loop of one trip.
static bool may_repeat(Ctx *c, int node) {
  const Node *n = node_at(c, node);
  CXCursor kids[4];
  int nk = cursor_children(n->cur, kids, 4);
  long long v;
  if (n->kind == CXCursor_DoStmt) return !(nk >= 2 && constant(kids[nk - 1], &v) && v == 0);
  if (n->kind == CXCursor_WhileStmt) return !(nk >= 1 && constant(kids[0], &v) && v == 0);
  long long trips;
  return !counted_trips(c, node, &trips) || trips > 1;
}

// The loops between the op and its region (or function), innermost first.
static int loops_around(Ctx *c, const Kernel *k, const Op *op, int *out, int max) {
  int node = front_first_at(c->front, op->an->start), n = 0;
  if (node >= c->front->nnodes) return 0;
  for (int p = node_at(c, node)->parent; p >= 0; p = node_at(c, p)->parent) {
    if (p == k->func || (op->region && p == op->region->body.node)) break;
    if (is_loop(node_at(c, p)->kind) && n < max) out[n++] = p;
  }
  return n;
}

// Whether one loop that may repeat holds every op of the sequence.
static bool shares_repeating_loop(Ctx *c, const Kernel *k, const Seq *sq) {
  int common[32], nc = 0;
  for (int i = 0; i < sq->n; i++) {
    int mine[32], nm = loops_around(c, k, &k->ops.items[sq->ops[i]], mine, 32);
    if (i == 0) {
      for (int j = 0; j < nm; j++) common[nc++] = mine[j];
      continue;
    }
    int kept = 0;
    for (int j = 0; j < nc; j++)
      for (int m = 0; m < nm; m++)
        if (common[j] == mine[m]) {
          common[kept++] = common[j];
          break;
        }
    nc = kept;
  }
  for (int j = 0; j < nc; j++)
    if (may_repeat(c, common[j])) return true;
  return false;
}

static int seq_of(const Kernel *k, const Op *op) {
  return op->region ? (int)(op->region - k->regions.items) : k->regions.len;
}

void check_deadlock(Ctx *c, Kernel *k) {
  int nseq = k->regions.len + 1, nev = k->events.len;
  if (!nev) return;
  Seq *seq = arena_alloc(c->arena, sizeof(Seq) * (size_t)nseq);
  for (int s = 0; s < nseq; s++) seq[s].ops = arena_alloc(c->arena, sizeof(int) * (size_t)(k->ops.len + 1));
  // Whether each event's slots are told apart: every op names a literal slot.
  bool *apart = arena_alloc(c->arena, sizeof(bool) * (size_t)nev);
  for (int e = 0; e < nev; e++) apart[e] = k->events.items[e].slots_text.len > 0;
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind == OP_REGION_SYNC) continue;
    int e = (int)(op->event - k->events.items);
    if (op->literal < 0 || op->literal >= MAX_CHANNELS || op->literal >= op->event->slots) apart[e] = false;
  }
  size_t ncnt = (size_t)nseq * (size_t)nev * MAX_CHANNELS;
  int *trig = arena_alloc(c->arena, sizeof(int) * ncnt);    // triggers done by seq s of channel (e, j)
  int *waits = arena_alloc(c->arena, sizeof(int) * ncnt);   // waits passed
  bool *triggers = arena_alloc(c->arena, sizeof(bool) * ncnt);  // seq s ever triggers (e, j)
#define AT(s, e, j) (((size_t)(s) * (size_t)nev + (size_t)(e)) * MAX_CHANNELS + (size_t)(j))
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind == OP_REGION_SYNC || (op->kind == OP_WAIT && op->has_extra)) continue;
    int s = seq_of(k, op), e = (int)(op->event - k->events.items);
    seq[s].ops[seq[s].n++] = i;
    if (op->kind != OP_WAIT) triggers[AT(s, e, apart[e] ? (int)op->literal : 0)] = true;
  }
  bool *any = arena_alloc(c->arena, sizeof(bool) * (size_t)nev);  // some op triggers the event
  for (int i = 0; i < k->ops.len; i++)
    if (k->ops.items[i].kind == OP_TRIGGER || k->ops.items[i].kind == OP_TRIGGER_BYTES)
      any[k->ops.items[i].event - k->events.items] = true;
  for (int s = 0; s < nseq; s++) seq[s].cyclic = seq[s].n > 0 && shares_repeating_loop(c, k, &seq[s]);
  for (bool moved = true; moved;) {
    moved = false;
    for (int s = 0; s < nseq; s++)
      while (seq[s].pos < seq[s].n) {
        const Op *op = &k->ops.items[seq[s].ops[seq[s].pos]];
        int e = (int)(op->event - k->events.items), j = apart[e] ? (int)op->literal : 0;
        if (op->kind == OP_WAIT) {
          // With slots told apart, a slot nothing triggers never completes a
          // phase (an event nothing triggers at all, or whose triggers failed
          // their own checks, has its own error).
          int done = apart[e] && any[e] ? 0 : 1 << 30;
          for (int t = 0, first = 1; t < nseq; t++)
            if (triggers[AT(t, e, j)] && (first || trig[AT(t, e, j)] < done)) done = trig[AT(t, e, j)], first = 0;
          long long credits = !op->event->ready ? 0 : apart[e] ? 1 : op->event->slots > 0 ? op->event->slots : 1;
          if (done < waits[AT(s, e, j)] + 1 - credits) break;
          waits[AT(s, e, j)]++;
        } else {
          trig[AT(s, e, j)]++;
        }
        seq[s].pos++;
        moved = true;
        if (seq[s].pos == seq[s].n && seq[s].cyclic && seq[s].round + 1 < MAX_ROUNDS) seq[s].pos = 0, seq[s].round++;
      }
  }
  // Whatever is still waiting now waits forever.
  bool reported = false;
  for (int s = 0; s < nseq; s++) {
    if (seq[s].pos == seq[s].n || seq[s].round > 0) continue;
    const Op *op = &k->ops.items[seq[s].ops[seq[s].pos]];
    const Event *ev = op->event;
    const char *who = op->region ? region_label(c, op->region) : "the code outside regions";
    if (!reported) {
      diag_error(c->diag, op->an->start,
                 "deadlock: this wait on '%.*s' never returns: in their first iteration the regions wait for "
                 "each other before anything they wait for is triggered",
                 (int)ev->name.len, ev->name.s);
      reported = true;
    }
    int e = (int)(ev - k->events.items), j = apart[e] ? (int)op->literal : 0;
    for (int t = 0; t < nseq; t++) {
      if (!triggers[AT(t, e, j)]) continue;
      for (int q = 0; q < seq[t].n; q++) {
        const Op *tr = &k->ops.items[seq[t].ops[q]];
        if (tr->event != ev || tr->kind == OP_WAIT || (apart[e] && (int)tr->literal != j)) continue;
        diag_note(c->diag, op->an->start, "'%s' waits here for '%.*s', which is next triggered at line %d%s", who,
                  (int)ev->name.len, ev->name.s, source_line(c->src, tr->an->start),
                  seq[t].pos < seq[t].n && q >= seq[t].pos ? ", after a wait of its own" : "");
        break;
      }
    }
  }
  for (int s = 0; s < nseq && reported; s++)
    if (seq[s].pos < seq[s].n && seq[s].round == 0) {  // the first blocked wait's event lacks its first credits
      const Event *ev = k->ops.items[seq[s].ops[seq[s].pos]].event;
      diag_note(c->diag, ev->an->start,
                "give '%.*s' its first credits: declare it 'ready', or trigger every slot before the loop",
                (int)ev->name.len, ev->name.s);
      break;
    }
}
#undef AT
