// concurrency.c - structured concurrency (docs/language.md:
// regions, events, turns), kernel by kernel, in three phases that only look back:
//   gather (gather.c)  the annotations and the node table -> the model (kernel.h)
//   check  (checks.c, barrier.c, uniform.c, elected.c, deadlock.c, cluster.c, wgmma.c)  read it, report, and
//          fill in what the lowering needs (arrival counts, barrier ids)
//   lower  (region.c, event.c, turn.c)                      edits from the model
// A kernel with errors is not lowered; the deadlock check runs only on one
// that passed the others and whose annotations were all read.
#include "barrier.h"
#include "checks.h"
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
#include "wgmma.h"

void rewrite_concurrency(Ctx *c, const Stmt *stmts, const bool *ok) {
  KernelList kernels = gather_kernels(c, stmts, ok);
  // Before the checks of any kernel: a wrong arrive marks its event triggered,
  // so that the check of triggers does not say it twice.
  for (int i = 0; i < kernels.len; i++) check_cluster_calls(c, &kernels.items[i]);
  for (int i = 0; i < kernels.len; i++) {
    Kernel *k = &kernels.items[i];
    int errors = c->diag->errors;
    check_regions(c, k);
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
    // (Nor one with an annotation that could not be read: its checks were
    // silent, and the model lacks what the lowering needs.)
    if (c->diag->errors != errors || k->unread || !(k->part || k->regions.len || k->events.len || k->ops.len || k->grid_events.len))
      continue;
    c->needs_tirx_h = true;
    lower_partition(c, k);
    lower_events(c, k);
    lower_grid_events(c, k);
    lower_regions(c, k);
    lower_turns(c, k);
    lower_trace_names(c, k);
  }
}
