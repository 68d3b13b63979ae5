// barrier.c - the named barriers (ids 1..15; 0 is __syncthreads) that the
// lowering uses: one per region that calls tirx_region_sync(), one per
// participant of each turns ring, never an id the kernel names itself
// (tirx_warpgroup_sync(3), tirx_bar_sync(3, ...), tirx_bar_arrive(3, ...)).
#include <string.h>

#include "ast.h"
#include "barrier.h"
#include "kernel.h"

// A call whose barrier id is not a constant: turns and tirx_region_sync() may
// be handed the same id.
static void unknown_id(Ctx *c, size_t at) {
  diag_warning(c->diag, at,
               "tirx-pp cannot tell which named barrier this call uses: the ids it gives to turns and "
               "tirx_region_sync() may be this one; write the id as a constant");
}

static void turn_user_barriers(Ctx *c, const Kernel *k, bool taken[16]) {
  const Node *fn = node_at(c, k->func);
  for (int i = k->func; i <= fn->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_CallExpr) continue;
    CXString s = clang_getCursorSpelling(n->cur);
    const char *callee = clang_getCString(s);
    bool bar = !strcmp(callee, "tirx_bar_sync") || !strcmp(callee, "tirx_bar_arrive") ||
               !strcmp(callee, "tirx_bar_sync_all");
    clang_disposeString(s);
    CXCursor kids[3];  // the callee, then the arguments
    if (!bar || cursor_children(n->cur, kids, 3) < 2) continue;
    long long id;
    bool u;
    if (front_eval_int(kids[1], &id, &u)) {
      if (id > 0 && id < 16) taken[id] = true;
    } else if (k->turns.len) {
      unknown_id(c, n->start);
    }
  }
}

// The lowest id from *next on that is not taken, now taken; 0 when ids
// 1..15 are all in use.
static int take_free_id(bool taken[16], int *next) {
  while (*next < 16 && taken[*next]) (*next)++;
  if (*next == 16) return 0;
  taken[*next] = true;
  return (*next)++;
}

static void allocate_turn_barriers(Ctx *c, Kernel *k, bool taken[16], int *next) {
  for (int i = 0; i < k->turns.len; i++) {
    Turns *t = &k->turns.items[i];
    if (t->nparts < 2) continue;
    for (int j = 0; j < t->nparts; j++) {
      if (!(t->ids[j] = take_free_id(taken, next))) {
        diag_error(c->diag, t->an->start,
                   "no named barrier left for turns '%.*s': it needs %d, one per participant, and ids 1..15 are "
                   "all in use",
                   (int)t->name.len, t->name.s, t->nparts);
        return;
      }
    }
  }
}

void assign_barriers(Ctx *c, Kernel *k) {
  // Named barriers: ids the kernel names itself (tirx_warpgroup_sync(3)) are
  // not handed out again.
  bool taken[16] = {true}, syncs = k->turns.len > 0;
  for (int i = 0; i < k->ops.len; i++) syncs |= k->ops.items[i].kind == OP_REGION_SYNC;
  if (syncs) turn_user_barriers(c, k, taken);  // tirx_bar_sync(3, ...) and tirx_bar_arrive(3, ...)
  const Node *fn = node_at(c, k->func);
  for (int i = 0; syncs && i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->spelling == SPELL_CALL && span_eq(an->name, "tirx_warpgroup_sync") && an->start >= fn->start &&
        an->start < fn->end) {
      // Only a literal is an id we know: strtol would read the 1 of `1 + w` and
      // leave 2 free for a turn that warpgroup 2's barrier then shares.
      Arg *args;
      long long id;
      if (split_args(c->arena, an->args, &args) == 1 && span_int_literal(args[0].expr, &id)) {
        if (id > 0 && id < 16) taken[id] = true;
      } else if (k->turns.len) {
        unknown_id(c, an->start);
      }
    }
  }
  int next = 0;
  for (int i = 0; i < k->ops.len; i++) {
    Op *op = &k->ops.items[i];
    if (op->kind != OP_REGION_SYNC) continue;
    if (!op->region) {
      diag_error(c->diag, op->an->start, "tirx_region_sync() must be inside an async region");
      continue;
    }
    if (!op->region->barrier && !(op->region->barrier = take_free_id(taken, &next)))
      diag_error(c->diag, op->an->start, "no named barrier left for this region: ids 1..15 are all in use");
  }
  allocate_turn_barriers(c, k, taken, &next);
}
