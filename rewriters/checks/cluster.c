// cluster.c - distributed shared memory and cluster triggers. A trigger of a
// cluster event arrives at CTA scope (tirx_mbar_arrive_remote, as CUTLASS):
// it hands back ring slots and needs no cluster-scope release for data that
// TMA brings, but ordinary stores into another block's shared memory are not
// published by it. A kernel that writes there must call tirx_fence_cluster()
// (fence.acq_rel.cluster) before the trigger; without any such fence in the
// kernel, a warning (docs/clusters.md, "Triggers"). And a cluster event's
// declaration under a condition on the block, or after a return under one:
// a block that skips it leaves the init's and the exit's cluster barriers
// unmatched while the others arrive on its barriers (a warning; "Exit").
// And the headers' helpers that arrive on or copy into an event's barrier
// (tirx_mbar_arrive, the multicast copies), which must agree with its scope.
#include <string.h>

#include "ast.h"
#include "barrier.h"
#include "cluster.h"
#include "kernel.h"
#include "stubvar.h"
#include "uniform.h"

// Whether node i is inside one of the functions the kernel reaches.
static bool in_kernel(const Ctx *c, const bool *reached, int i) {
  for (; i >= 0; i = node_at(c, i)->parent)
    if (reached[i]) return true;
  return false;
}

// Whether the asm statement's text holds one of the words.
static bool asm_has(const Ctx *c, const Node *n, const char *const *words) {
  size_t len = n->end > n->start ? n->end - n->start : 0;
  for (; *words; words++) {
    size_t w = strlen(*words);
    for (size_t at = 0; at + w <= len; at++)
      if (!memcmp(c->src->data + n->start + at, *words, w)) return true;
  }
  return false;
}

// A map_shared_rank() whose result initializes a pointer to const: reads only.
static bool mapped_for_reading(const Ctx *c, int call) {
  int p = node_at(c, call)->parent;
  while (p >= 0 && node_at(c, p)->kind == CXCursor_UnexposedExpr) p = node_at(c, p)->parent;
  if (p < 0 || node_at(c, p)->kind != CXCursor_VarDecl) return false;
  return points_to_const(clang_getCursorType(node_at(c, p)->cur));  // const float *, not float *const
}

// `cluster.sync()` of cooperative groups (barrier.cluster.arrive.release +
// wait.acquire): it publishes the stores before it as a fence does.
static bool on_cluster_group(const Ctx *c, int call) {
  CXCursor cur[1];
  if (cursor_children(node_at(c, call)->cur, cur, 1) < 1) return false;
  for (int depth = 0; depth < 8 && clang_getCursorKind(cur[0]) == CXCursor_UnexposedExpr; depth++)
    if (cursor_children(cur[0], cur, 1) < 1) return false;
  if (clang_getCursorKind(cur[0]) != CXCursor_MemberRefExpr || cursor_children(cur[0], cur, 1) < 1) return false;
  const char *group = cg_class_name(c->arena, clang_getCursorType(cur[0]));  // the object's type
  return group && !strcmp(group, "cluster_group");
}

static void check_stores(Ctx *c, Kernel *k, const Event *cluster) {
  static const char *const stores[] = {"st.shared::cluster", "red.shared::cluster", "atom.shared::cluster", NULL};
  static const char *const fences[] = {"fence.acq_rel.cluster", "fence.sc.cluster", NULL};
  const bool *reached = kernel_reached_functions(c, k);
  int site = -1;
  const char *how = NULL;
  for (int i = 0; i < c->front->nnodes; i++) {
    const Node *n = node_at(c, i);
    bool call = n->kind == CXCursor_CallExpr, inline_asm = n->kind == CXCursor_AsmStmt;
    if ((!call && !inline_asm) || !in_kernel(c, reached, i)) continue;
    if (inline_asm) {
      if (asm_has(c, n, fences)) return;
      if (site < 0 && asm_has(c, n, stores)) site = i, how = "an asm store into shared::cluster";
      continue;
    }
    CXString sp = clang_getCursorSpelling(n->cur);
    const char *name = clang_getCString(sp);
    bool fence = !strcmp(name, "tirx_fence_cluster") || !strcmp(name, "__threadfence") ||
                 !strcmp(name, "tirx_cluster_sync") || (!strcmp(name, "sync") && on_cluster_group(c, i));
    const char *map = !strcmp(name, "map_shared_rank") ? "map_shared_rank()"
                      : !strcmp(name, "tirx_mapa")     ? "tirx_mapa()"
                                                       : NULL;
    clang_disposeString(sp);
    if (fence) return;
    if (site < 0 && map && !mapped_for_reading(c, i)) site = i, how = map;
  }
  if (site < 0) return;
  diag_warning(c->diag, node_at(c, site)->start,
               "this kernel writes another block's shared memory (%s), and the triggers of its cluster events "
               "arrive at CTA scope, which does not publish those stores to the block they tell; call "
               "tirx_fence_cluster() between the stores and the trigger",
               how);
  diag_note(c->diag, cluster->an->start, "'%.*s' is a cluster event of this kernel", (int)cluster->name.len,
            cluster->name.s);
}

// What differs between the blocks of a cluster.
static const char *const block_identity[] = {"blockIdx",           "tirx_cluster_rank",   "tirx_cluster_ctaid_x",
                                             "tirx_cluster_ctaid_y", "tirx_cluster_ctaid_z", NULL};

static const char *const uniform_note =
    "the condition; if it is the same for every block of a cluster, say so with '#pragma tirx uniform'";

// The first cluster event's declaration under a condition on the block, or
// after a return that only some blocks take: a block that skips it leaves
// the cluster's barriers unmatched.
static void check_block_conditions(Ctx *c, Kernel *k, const Event *cluster, const Stmt *stmts) {
  Names vars = {0};
  dependent_vars(c, k, block_identity, clang_getNullCursor(), &vars);
  size_t off = cluster->an->start;
  int decl = front_first_at(c->front, off), p;
  if (decl < c->front->nnodes && !asserted_uniform(c, stmts, off) &&
      (p = dependent_condition(c, decl, k->func, off, block_identity, &vars)) >= 0) {
    diag_warning(c->diag, off,
                 "the declaration of cluster event '%.*s' under a condition on the block: its initialization and "
                 "the exit barrier are cluster barriers, which a block of the cluster that skips them leaves "
                 "unmatched, and the other blocks arrive on barriers it never initialized; make the condition "
                 "the same for every block of a cluster (on the cluster's index, with a grid of whole clusters)",
                 (int)cluster->name.len, cluster->name.s);
    diag_note(c->diag, node_at(c, p)->start, "%s", uniform_note);
    return;
  }
  for (int i = k->func; i <= node_at(c, k->func)->last && node_at(c, i)->start < off; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_ReturnStmt || n->func != k->func || asserted_uniform(c, stmts, n->start) ||
        (p = dependent_condition(c, i, k->func, n->start, block_identity, &vars)) < 0)
      continue;
    diag_warning(c->diag, n->start,
                 "a return before the declaration of cluster event '%.*s' under a condition on the block: a "
                 "block that takes it exits without waiting at the cluster's exit barrier, while the other "
                 "blocks of its cluster still arrive on its barriers and wait for its arrivals; make the "
                 "condition the same for every block of a cluster (on the cluster's index, with a grid of whole "
                 "clusters)",
                 (int)cluster->name.len, cluster->name.s);
    diag_note(c->diag, node_at(c, p)->start, "%s", uniform_note);
    return;
  }
}

// A cluster event declared in a persistent loop: every tile initializes it
// with a cluster barrier and leaves it through the exit barrier, and the
// blocks of a cluster take different numbers of tiles whenever the tiles
// are not a multiple of the grid, so one block's barriers wait for a block
// that has left the loop. True when reported.
static bool check_persistent(Ctx *c, const Event *cluster, const Stmt *stmts) {
  const Annotation *loop = directive_around(c, stmts, DIR_PERSISTENT, cluster->an->start);
  if (!loop) return false;
  diag_error(c->diag, cluster->an->start,
             "cluster event '%.*s' declared inside the persistent loop: every tile initializes it with a cluster "
             "barrier and leaves it through another, and the blocks of a cluster take different numbers of tiles "
             "when the tiles are not a multiple of the grid, so the others wait for a block that has left the "
             "loop; declare it before the loop",
             (int)cluster->name.len, cluster->name.s);
  diag_note(c->diag, loop->start, "the persistent loop");
  return true;
}

// A cluster event declared in a loop (`for`, `while`, or written with a goto
// back) whose trips depend on the block, such as a hand-written walk over
// tiles: the same as in a persistent loop, unless the trips are the same in
// the blocks of one cluster (a loop over blockIdx.y's rows in clusters along
// x), which tirx-pp does not know: a warning. (One whose trips are the same
// in every block meets the cluster's barriers alike.) True when reported.
static bool check_loop(Ctx *c, Kernel *k, const Event *cluster, const Stmt *stmts) {
  int decl = front_first_at(c->front, cluster->an->start);
  int loop = decl < c->front->nnodes ? repeats_around(c, k, decl) : -1;
  if (loop < 0) return false;
  Names vars = {0};
  dependent_vars(c, k, block_identity, clang_getNullCursor(), &vars);
  const Node *l = node_at(c, loop);
  int cond = l->kind == CXCursor_GotoStmt ? dependent_condition(c, loop, k->func, l->start, block_identity, &vars)
                                          : deciding_condition(c, loop, node_at(c, decl)->start);
  if (cond < 0 || asserted_uniform(c, stmts, l->start) ||
      (l->kind != CXCursor_GotoStmt && !depends_on(c, cond, block_identity, &vars)))
    return false;
  diag_warning(c->diag, cluster->an->start,
               "cluster event '%.*s' declared inside a loop whose trips depend on the block: every pass "
               "initializes it with a cluster barrier and leaves it through another, and a block of the cluster "
               "that takes fewer passes leaves the others waiting for it; declare it before the loop",
               (int)cluster->name.len, cluster->name.s);
  diag_note(c->diag, l->start,
            "%s; if its trips are the same in every block of a cluster, say so with '#pragma "
            "tirx uniform' on it",
            l->kind == CXCursor_GotoStmt ? "the goto that jumps back over it" : "the loop");
  return true;
}

void check_cluster(Ctx *c, Kernel *k, const Stmt *stmts) {
  const Event *cluster = NULL;
  for (int e = 0; e < k->events.len && !cluster; e++)
    if (k->events.items[e].cluster) cluster = &k->events.items[e];
  if (!cluster || check_persistent(c, cluster, stmts) || check_loop(c, k, cluster, stmts)) return;
  check_block_conditions(c, k, cluster, stmts);
  check_stores(c, k, cluster);
}

// The event whose stub variable the subtree of node refers to, directly or
// through a local of the kernel initialized from it (`uint64_t *bars = full;`,
// one step); NULL if none.
static Event *event_in(Ctx *c, Kernel *k, int node, int depth) {
  for (int e = 0; e < k->events.len; e++) {
    Event *ev = &k->events.items[e];
    int var = stub_var(c, ev->an, ev->name.s, ev->name.len);
    if (var >= 0 && refers_to(c, node, node_at(c, var)->cur)) return ev;
  }
  if (depth > 0) return NULL;
  const Node *f = node_at(c, k->func);
  for (int i = k->func + 1; i <= f->last; i++) {
    const Node *v = node_at(c, i);
    if (v->kind != CXCursor_VarDecl || v->last == i || !refers_to(c, node, v->cur)) continue;
    Event *ev = event_in(c, k, i, depth + 1);  // its initializer
    if (ev) return ev;
  }
  return NULL;
}

// Argument n (from 0) of the call at node call, -1 if it has fewer.
static int call_arg(const Ctx *c, int call, int n) {
  int seen = -1;  // the children: the callee, then the arguments
  for (int j = call + 1; j <= node_at(c, call)->last; j++)
    if (node_at(c, j)->parent == call && seen++ == n) return j;
  return -1;
}

// Which argument of a multicast copy is its barrier, -1 for another call.
static int multicast_barrier_arg(const char *name) {
  return !strcmp(name, "tirx_tma_load_2d_multicast") ? 4 : !strcmp(name, "tirx_tma_load_3d_multicast") ? 5 : -1;
}

// A helper of this file, called at node call, that hands one of its
// parameters to a multicast copy as the barrier: the parameter's index, with
// *copy the copy's node and *decl the parameter's; -1 if none.
static int multicast_parameter(const Ctx *c, int call, int *copy, int *decl) {
  CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(node_at(c, call)->cur));
  int f = node_of_cursor(c, def);
  if (f < 0 || !front_is_function(node_at(c, f)->kind)) return -1;
  for (int i = f + 1; i <= node_at(c, f)->last; i++) {
    if (node_at(c, i)->kind != CXCursor_CallExpr) continue;
    CXString sp = clang_getCursorSpelling(node_at(c, i)->cur);
    int bar = multicast_barrier_arg(clang_getCString(sp));
    clang_disposeString(sp);
    int arg = bar >= 0 ? call_arg(c, i, bar) : -1;
    for (int j = f + 1, param = 0; arg >= 0 && j <= node_at(c, f)->last; j = node_at(c, j)->last + 1) {
      if (node_at(c, j)->kind != CXCursor_ParmDecl) continue;
      if (refers_to(c, arg, node_at(c, j)->cur)) return *copy = i, *decl = j, param;
      param++;
    }
  }
  return -1;
}

static const char *spelling(Ctx *c, CXCursor cur) {
  CXString sp = clang_getCursorSpelling(cur);
  const char *s = arena_printf(c->arena, "%s", clang_getCString(sp));
  clang_disposeString(sp);
  return s;
}

// A block's own event handed to a helper that multicasts with it (the rule
// of check_cluster_calls, one call deep).
static void check_multicast_helper(Ctx *c, Kernel *k, int call) {
  int copy, decl, param = multicast_parameter(c, call, &copy, &decl);
  int arg = param >= 0 ? call_arg(c, call, param) : -1;
  Event *ev = arg >= 0 ? event_in(c, k, arg, 0) : NULL;
  if (!ev || ev->cluster) return;
  const char *helper = spelling(c, node_at(c, call)->cur), *name = spelling(c, node_at(c, decl)->cur);
  diag_error(c->diag, node_at(c, arg)->start,
             "'%.*s' is the barrier of a multicast copy in '%s' (its parameter '%s') and must be a cluster "
             "event: the copy completes on the barrier at this offset in every block of its mask, which must be "
             "initialized and published to the cluster before any block issues the copy",
             (int)ev->name.len, ev->name.s, helper, name);
  diag_note(c->diag, node_at(c, copy)->start, "the copy in '%s', with '%s' as its barrier", helper, name);
  diag_note(c->diag, ev->an->start, "'%.*s' is declared here: declare it '%.*s[N] cluster'", (int)ev->name.len,
            ev->name.s, (int)ev->name.len, ev->name.s);
}

// The calls of the headers' helpers that must agree with an event's scope: a
// multicast copy completes on the barrier at the same offset in every
// destination block, so its barrier is a cluster event; a block-scope arrive
// (tirx_mbar_arrive) on a cluster event gives one arrival where the count
// expects one from each block the event reaches.
void check_cluster_calls(Ctx *c, Kernel *k) {
  if (!k->events.len) return;
  const Node *f = node_at(c, k->func);
  for (int i = k->func + 1; i <= f->last; i++) {
    if (node_at(c, i)->kind != CXCursor_CallExpr) continue;
    CXString sp = clang_getCursorSpelling(node_at(c, i)->cur);
    const char *name = clang_getCString(sp);
    int bar = multicast_barrier_arg(name);
    bool arrive = !strcmp(name, "tirx_mbar_arrive") || !strcmp(name, "tirx_mbar_arrive_cnt") ||
                  !strcmp(name, "tirx_mbar_arrive_token");
    char *fn = arena_printf(c->arena, "%s", name);
    clang_disposeString(sp);
    if (bar < 0 && !arrive) {
      check_multicast_helper(c, k, i);
      continue;
    }
    int arg = call_arg(c, i, arrive ? 0 : bar);
    Event *ev = arg >= 0 ? event_in(c, k, arg, 0) : NULL;
    if (!ev) continue;
    if (bar >= 0 && !ev->cluster) {
      diag_error(c->diag, node_at(c, arg)->start,
                 "the barrier of %s() must be a cluster event: the copy completes on the barrier at this offset in "
                 "every block of its mask, which must be initialized and published to the cluster before any block "
                 "issues the copy",
                 fn);
      diag_note(c->diag, ev->an->start, "'%.*s' is declared here: declare it '%.*s[N] cluster'", (int)ev->name.len,
                ev->name.s, (int)ev->name.len, ev->name.s);
    } else if (arrive && ev->cluster) {
      ev->triggered = true;  // wrongly, and said so: not "nothing triggers it" as well
      diag_error(c->diag, node_at(c, i)->start,
                 "%s() on cluster event '%.*s' arrives in this block only, at block scope: its count expects an "
                 "arrival from each block of the cluster that the event reaches; use tirx_trigger(%.*s[...]), which "
                 "arrives in each of them",
                 fn, (int)ev->name.len, ev->name.s, (int)ev->name.len, ev->name.s);
      diag_note(c->diag, ev->an->start, "'%.*s' is declared here", (int)ev->name.len, ev->name.s);
    }
  }
}
