// barrier.c - the named barriers (ids 1..15; 0 is __syncthreads) that the
// lowering uses: one per region that calls tirx_region_sync(), one per
// participant of each turns ring, never an id the kernel names itself
// (tirx_warpgroup_sync(3), tirx_bar_sync(3, ...), tirx_bar_arrive(3, ...)).
#include <string.h>

#include "ast.h"
#include "barrier.h"
#include "kernel.h"

enum { MAX_CALL_DEPTH = 4 };  // helpers calling helpers (as uniform.c follows them)

// A call whose barrier id is not a constant: turns and tirx_region_sync() may
// be handed the same id.
static void unknown_id(Ctx *c, size_t at) {
  diag_warning(c->diag, at,
               "tirx-pp cannot tell which named barrier this call uses: the ids it gives to turns and "
               "tirx_region_sync() may be this one; write the id as a constant");
}

static void mark_reachable(const Ctx *c, int func, bool *reached, int depth);

// The functions of this file a call may run: its callee, or for a call in a
// template that the parse left unresolved, every candidate it names.
static void mark_callees(const Ctx *c, int call, bool *reached, int depth) {
  int defs[64];  // (an overload set of more is not followed past the 64th)
  int n = call_definitions(c, call, defs, 64);
  for (int i = 0; i < n; i++) mark_reachable(c, defs[i], reached, depth);
}

// `func` and what it calls, MAX_CALL_DEPTH deep: its named-barrier calls run
// in the kernel too.
static void mark_reachable(const Ctx *c, int func, bool *reached, int depth) {
  if (func < 0 || reached[func] || depth > MAX_CALL_DEPTH) return;
  reached[func] = true;
  for (int i = func + 1; i <= node_at(c, func)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind == CXCursor_CallExpr || n->kind == CXCursor_UnexposedExpr) mark_callees(c, i, reached, depth + 1);
  }
}

const bool *kernel_reached_functions(Ctx *c, Kernel *k) {
  if (!k->reached) {
    bool *reached = arena_alloc(c->arena, (size_t)c->front->nnodes + 1);
    mark_reachable(c, k->func, reached, 0);
    k->reached = reached;
  }
  return k->reached;
}

// Whether byte offset `at` is inside a function the kernel reaches.
static bool in_reached(const Ctx *c, const bool *reached, size_t at) {
  for (int i = 0; i < c->front->nnodes; i++)
    if (reached[i] && at >= node_at(c, i)->start && at < node_at(c, i)->end) return true;
  return false;
}

static void turn_user_barriers(Ctx *c, const bool *reached, bool taken[16]) {
  for (int f = 0; f < c->front->nnodes; f++) {
    if (!reached[f]) continue;
    for (int i = f + 1; i <= node_at(c, f)->last; i++) {
      const Node *n = node_at(c, i);
      if (n->kind != CXCursor_CallExpr || n->func != f) continue;  // each call once, in its own function
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
      } else {
        unknown_id(c, n->start);
      }
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

// The named-barrier calls of tirx.h with a constant id above 15 or a
// constant thread count that is not a positive multiple of 32: bar.sync has
// barriers 0..15 and counts whole warps (PTX ISA, bar.sync), and anything
// else is undefined, a hang or a fault on the GPU.
static void check_barrier_calls(Ctx *c, const Kernel *k) {
  for (int i = k->func + 1; i <= node_at(c, k->func)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_CallExpr || n->func != k->func) continue;
    CXString s = clang_getCursorSpelling(n->cur);
    const char *callee = arena_printf(c->arena, "%s", clang_getCString(s));
    clang_disposeString(s);
    bool counted = !strcmp(callee, "tirx_bar_sync") || !strcmp(callee, "tirx_bar_arrive");
    CXCursor kids[3];  // the callee, then the arguments
    int nk = 0;        // all of them counted: the thread count is kids[2] when nk is 3 exactly
    if (counted || !strcmp(callee, "tirx_bar_sync_all")) {
      nk = cursor_child_count(n->cur);
      cursor_children(n->cur, kids, 3);
    }
    long long v;
    bool u;
    size_t at;
    if (nk >= 2 && front_eval_int(kids[1], &v, &u) && (v < 0 || v > 15) &&
        front_offset(c->front, clang_getRangeStart(clang_getCursorExtent(kids[1])), &at))
      diag_error(c->diag, at, "%s() with barrier id %lld: there are 16 named barriers, 0 to 15 (0 is "
                 "__syncthreads()'s)", callee, v);
    else if (counted && nk == 3 && front_eval_int(kids[2], &v, &u) && (v <= 0 || v % 32) &&
             front_offset(c->front, clang_getRangeStart(clang_getCursorExtent(kids[2])), &at))
      diag_error(c->diag, at, "%s() for %lld threads: a named barrier counts whole warps, so the count must "
                 "be a multiple of 32 (the threads of every warp that arrives)", callee, v);
  }
}

void assign_barriers(Ctx *c, Kernel *k) {
  check_barrier_calls(c, k);
  // Named barriers: ids the kernel names itself (tirx_warpgroup_sync(3)),
  // or a function of this file that it calls, are not handed out again.
  bool taken[16] = {true}, syncs = k->turns.len > 0;
  for (int i = 0; i < k->ops.len; i++) syncs |= k->ops.items[i].kind == OP_REGION_SYNC;
  if (!syncs) return;
  const bool *reached = kernel_reached_functions(c, k);
  turn_user_barriers(c, reached, taken);  // tirx_bar_sync(3, ...) and tirx_bar_arrive(3, ...)
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->spelling == SPELL_CALL && span_eq(an->name, "tirx_warpgroup_sync") && in_reached(c, reached, an->start)) {
      // Only a literal is an id we know: strtol would read the 1 of `1 + w` and
      // leave 2 free for a turn that warpgroup 2's barrier then shares.
      Arg *args;
      long long id;
      if (split_args(c->arena, an->args, &args) != 1) continue;  // its own error (thread.c)
      if (span_int_literal(args[0].expr, &id)) {
        if (id > 0 && id < 16) taken[id] = true;
      } else {
        unknown_id(c, an->start);
      }
    }
  }
  int next = 0;
  for (int i = 0; i < k->ops.len; i++) {
    Op *op = &k->ops.items[i];
    if (op->kind != OP_REGION_SYNC) continue;
    if (!op->region) {  // (in a region that could not be read: said already)
      if (!k->failed_regions && !k->failed_part)
        diag_error(c->diag, op->an->start, "tirx_region_sync() must be inside an async region");
      continue;
    }
    if (!op->region->barrier && !(op->region->barrier = take_free_id(taken, &next)))
      diag_error(c->diag, op->an->start, "no named barrier left for this region: ids 1..15 are all in use");
  }
  allocate_turn_barriers(c, k, taken, &next);
}
