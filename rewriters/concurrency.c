// concurrency.c - structured concurrency (docs/language.md:
// regions, events, turns), kernel by kernel, in three phases that only look back:
//   gather (gather.c)  the annotations and the node table -> the model (kernel.h)
//   check  (checks.c, barrier.c, uniform.c, elected.c, deadlock.c, cluster.c, wgmma.c)  read it, report, and
//          fill in what the lowering needs (arrival counts, barrier ids)
//   lower  (region.c, event.c, turn.c)                      edits from the model
//          (values.c: a kernel modelled once per value of values(P: ...))
// A kernel with errors is not lowered; the deadlock check runs only on one
// that passed the others and whose annotations were all read.
#include "barrier.h"
#include "checks.h"
#include "counts.h"
#include "exits.h"
#include "cluster.h"
#include "concurrency.h"
#include "deadlock.h"
#include "elected.h"
#include "event.h"
#include "gather.h"
#include "grid_check.h"
#include "grid_lower.h"
#include "region.h"
#include "trace.h"
#include "turn.h"
#include "uniform.h"
#include "values.h"
#include "wgmma.h"

// Whether value j's model (its gathering, its checks) made a message that
// says the same as message i.
static bool said_for(const Diag *d, const KernelValues *kv, int j, int i) {
  for (int m = kv->gather_first[j]; m < kv->gather_first[j] + kv->gathered[j]; m++)
    if (diag_same_message(d, m, i)) return true;
  for (int m = kv->first_message[j]; m < kv->first_message[j] + kv->messages[j]; m++)
    if (diag_same_message(d, m, i)) return true;
  return false;
}

// A kernel modelled once per value of values(P: ...): a message that not
// every value's model made names the values whose models made it; each copy
// gets the same note, so that they stay alike and are written once (diag.c).
// All are compared before the first note changes a message's text.
static void note_values(Ctx *c, const KernelList *kernels) {
  typedef struct {
    int message;
    const KernelValues *kv;
    const char *values;
  } Note;
  VEC(Note) notes = {0};
  for (int i = 0; i < kernels->len; i++) {
    const Kernel *k = &kernels->items[i];
    const KernelValues *kv = k->values;
    if (!kv || !k->at) continue;
    const int j = k->at - 1,
              ranges[2][2] = {{kv->gather_first[j], kv->gathered[j]}, {kv->first_message[j], kv->messages[j]}};
    for (int r = 0; r < 2; r++)
      for (int m = ranges[r][0]; m < ranges[r][0] + ranges[r][1]; m++) {
        Buf b = {0};
        int made = 0;
        for (int v = 0; v < kv->n; v++)
          if (said_for(c->diag, kv, v, m))
            buf_printf(&b, "%s%.*s", made++ ? ", " : "", (int)kv->values[v].len, kv->values[v].s);
        if (made < kv->n) VEC_PUSH(c->arena, notes, ((Note){m, kv, arena_strndup(c->arena, b.data, b.len)}));
        buf_free(&b);
      }
  }
  for (int i = 0; i < notes.len; i++) {
    const KernelValues *kv = notes.items[i].kv;
    diag_note_to(c->diag, notes.items[i].message, kv->part->start,
                 "in the kernel as lowered for %.*s = %s (its partition's values())", (int)kv->param.len, kv->param.s,
                 notes.items[i].values);
  }
}

// The checks of one kernel (in this order: each may use what those before
// it filled in).
static void check_kernel(Ctx *c, Kernel *k, const Stmt *stmts) {
  int errors = c->diag->errors;
  check_regions(c, k);
  check_region_exits(c, k);
  check_launches(c, k, stmts);
  check_jumps(c, k);
  assign_barriers(c, k);
  infer_counts(c, k);
  check_constant_parities(c, k);
  check_mixed_parities(c, k);
  check_lambda_waits(c, k);
  check_wait_sites(c, k);
  check_byte_triggers(c, k, stmts);
  check_wgmma_release(c, k);
  check_copy_barriers(c, k);
  check_cluster(c, k, stmts);
  check_uniformity(c, k, stmts);
  check_elected(c, k, stmts);
  check_grid_events(c, k, stmts);
  if (c->diag->errors == errors && !k->unread) check_deadlock(c, k);
  // Loops the deadlock check cannot count, counted from their bounds.
  if (c->diag->errors == errors) check_event_counts(c, k);
}

static void lower_kernel(Ctx *c, Kernel *k) {
  c->needs_tirx_h = true;
  lower_partition(c, k);
  lower_events(c, k);
  lower_grid_events(c, k);
  lower_regions(c, k);
  lower_turns(c, k);
  lower_trace_names(c, k);
  lower_trace_samples(c, k);
}

void rewrite_concurrency(Ctx *c, const Stmt *stmts, const bool *ok) {
  KernelList kernels = gather_kernels(c, stmts, ok);
  // Before the checks of any kernel: a wrong arrive marks its event triggered,
  // so that the check of triggers does not say it twice.
  for (int i = 0; i < kernels.len; i++) check_cluster_calls(c, &kernels.items[i]);
  for (int i = 0; i < kernels.len; i++) {
    Kernel *k = &kernels.items[i];
    KernelValues *kv = k->values;
    int errors = c->diag->errors, before = c->diag->nmessages;
    if (k->at) kv->variants[k->at - 1] = ++c->edits->nvariants;
    c->edits->variant = k->at ? kv->variants[k->at - 1] : 0;  // its lowering's edits (values.c)
    check_kernel(c, k, stmts);
    // A kernel with errors is not lowered, nor one with an annotation that
    // could not be read: its checks were silent, and the model lacks what the
    // lowering needs.
    bool lower = c->diag->errors == errors && !k->unread &&
                 (k->part || k->regions.len || k->events.len || k->ops.len || k->grid_events.len);
    if (lower) lower_kernel(c, k);
    if (k->at) {
      kv->lowered[k->at - 1] = lower && c->diag->errors == errors;
      kv->first_message[k->at - 1] = before;
      kv->messages[k->at - 1] = c->diag->nmessages - before;
    }
  }
  c->edits->variant = 0;
  note_values(c, &kernels);
  lower_values(c, &kernels);
}
