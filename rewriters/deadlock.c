// deadlock.c - the static deadlock check of SPEC 4. Every region (and the
// code outside regions) is run abstractly: each loop body once per round,
// event operations in program order, slots merged. A phase of an event
// completes when each region that triggers it has triggered once more; a
// wait passes when the phases completed cover the waits this region made (a
// `ready` event starts with a credit in each slot). A region whose event
// operations all sit in loops runs further rounds, as its loops would (a
// consumer that waits twice per tile needs the producer's second K-tile).
// When nothing can move while some region still waits in its first round,
// the waits form the bootstrap cycle.
#include <stdlib.h>

#include "kernel.h"

typedef struct {
  int *ops;  // indices into k->ops, in program order
  int n, pos;
  int round;    // how many times the sequence has run to its end
  bool cyclic;  // every op is in a loop: after the end, it starts again
} Seq;

// Rounds a cyclic sequence may run: enough for any ring to fill, and finite.
enum { MAX_ROUNDS = 70 };

// Whether a loop stands between the op and its region (or function).
static bool in_loop(Ctx *c, const Kernel *k, const Op *op) {
  int node = front_first_at(c->front, op->an->start);
  if (node >= c->front->nnodes) return false;
  for (int p = node_at(c, node)->parent; p >= 0; p = node_at(c, p)->parent) {
    if (p == k->func || (op->region && p == op->region->body.node)) return false;
    enum CXCursorKind kind = node_at(c, p)->kind;
    if (kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt || kind == CXCursor_DoStmt) return true;
  }
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
  int *trig = arena_alloc(c->arena, sizeof(int) * (size_t)(nseq * nev));   // triggers done by seq s of event e
  int *waits = arena_alloc(c->arena, sizeof(int) * (size_t)(nseq * nev));  // waits passed
  bool *triggers = arena_alloc(c->arena, sizeof(bool) * (size_t)(nseq * nev));  // seq s ever triggers e
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind == OP_REGION_SYNC || (op->kind == OP_WAIT && op->has_extra)) continue;
    int s = seq_of(k, op);
    if (!seq[s].n) seq[s].cyclic = true;
    seq[s].cyclic = seq[s].cyclic && in_loop(c, k, op);
    seq[s].ops[seq[s].n++] = i;
    if (op->kind != OP_WAIT) triggers[s * nev + (op->event - k->events.items)] = true;
  }
  for (bool moved = true; moved;) {
    moved = false;
    for (int s = 0; s < nseq; s++)
      while (seq[s].pos < seq[s].n) {
        const Op *op = &k->ops.items[seq[s].ops[seq[s].pos]];
        int e = (int)(op->event - k->events.items);
        if (op->kind == OP_WAIT) {
          int done = 1 << 30;
          for (int t = 0; t < nseq; t++)
            if (triggers[t * nev + e] && trig[t * nev + e] < done) done = trig[t * nev + e];
          // A ready event starts with one credit in each slot.
          long long credits = op->event->ready ? (op->event->slots > 0 ? op->event->slots : 1) : 0;
          if (done < waits[s * nev + e] + 1 - credits) break;
          waits[s * nev + e]++;
        } else {
          trig[s * nev + e]++;
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
    int e = (int)(ev - k->events.items);
    for (int t = 0; t < nseq; t++) {
      if (!triggers[t * nev + e]) continue;
      for (int j = 0; j < seq[t].n; j++) {
        const Op *tr = &k->ops.items[seq[t].ops[j]];
        if (tr->event != ev || tr->kind == OP_WAIT) continue;
        diag_note(c->diag, op->an->start, "'%s' waits here for '%.*s', which is next triggered at line %d%s", who,
                  (int)ev->name.len, ev->name.s, source_line(c->src, tr->an->start),
                  seq[t].pos < seq[t].n && j >= seq[t].pos ? ", after a wait of its own" : "");
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
