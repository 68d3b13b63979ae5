// uniform.c - the uniformity check of SPEC 2: a block-wide barrier that only
// part of the block reaches (inside an async region, under elect, under an
// `if` on the thread's identity) deadlocks the block. `#pragma tirx uniform`
// on a statement asserts that it is reached uniformly.
#include <string.h>

#include "kernel.h"

static bool is_block_barrier(const Node *n) {
  if (n->kind != CXCursor_CallExpr) return false;
  CXString s = clang_getCursorSpelling(n->cur);
  const char *name = clang_getCString(s);
  bool yes = !strcmp(name, "__syncthreads") || !strcmp(name, "__syncthreads_count") ||
             !strcmp(name, "__syncthreads_and") || !strcmp(name, "__syncthreads_or");
  clang_disposeString(s);
  return yes;
}

static bool refers_to_thread(const Ctx *c, int node, const CXCursor *tainted, int ntainted) {
  for (int i = node; i <= node_at(c, node)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_DeclRefExpr) continue;
    CXCursor ref = clang_getCursorReferenced(n->cur);
    CXString s = clang_getCursorSpelling(ref);
    bool builtin = !strcmp(clang_getCString(s), "threadIdx");
    clang_disposeString(s);
    if (builtin) return true;
    for (int t = 0; t < ntainted; t++)
      if (clang_equalCursors(ref, tainted[t])) return true;
  }
  return false;
}

// Variables of the function whose values depend on the thread: initialized
// from threadIdx or from such a variable (the partition index among them).
static int tainted_vars(const Ctx *c, const Kernel *k, CXCursor *out, int max) {
  int n = 0;
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = k->func; i <= node_at(c, k->func)->last && n < max; i++) {
      const Node *v = node_at(c, i);
      if (v->kind != CXCursor_VarDecl || v->last == i) continue;
      bool known = false;
      for (int t = 0; t < n; t++) known |= clang_equalCursors(out[t], v->cur);
      if (!known && refers_to_thread(c, i + 1, out, n)) out[n++] = v->cur, grew = true;
    }
  }
  return n;
}

static const char *what(const Ctx *c, int node) {
  for (int i = 0; i < c->anns->len; i++)  // tirx_cta_sync() stood here before the parse
    if (c->anns->items[i].spelling == SPELL_CALL && c->anns->items[i].start == node_at(c, node)->start)
      return arena_printf(c->arena, "%.*s()", (int)c->anns->items[i].name.len, c->anns->items[i].name.s);
  CXString s = clang_getCursorSpelling(node_at(c, node)->cur);
  const char *name = arena_printf(c->arena, "%s()", clang_getCString(s));
  clang_disposeString(s);
  return name;
}

static bool asserted_uniform(const Ctx *c, const Stmt *stmts, size_t off) {
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (!an->skipped && an->spelling != SPELL_CALL && an->dir.kind == DIR_UNIFORM && stmts[i].end &&
        off >= stmts[i].start && off < stmts[i].end)
      return true;
  }
  return false;
}

// One collective: `what` at node i (offset off) must be reached by the block.
static void check_collective(Ctx *c, Kernel *k, const CXCursor *tainted, int ntainted, int i, size_t off,
                             const char *what) {
  const Region *in = NULL;
  for (int r = 0; r < k->regions.len; r++)
    if (off >= k->regions.items[r].body.start && off < k->regions.items[r].body.end) in = &k->regions.items[r];
  if (in) {
    diag_error(c->diag, off,
               "%s inside '%s' is reached only by the region's threads, never by the whole block: use "
               "tirx_region_sync() to synchronize the region",
               what, region_label(c, in));
    diag_note(c->diag, in->an->start, "the region starts here");
    return;
  }
  for (int p = node_at(c, i)->parent; p >= 0 && p != k->func; p = node_at(c, p)->parent) {
    enum CXCursorKind kind = node_at(c, p)->kind;
    if (is_elect_if(c, p)) {
      diag_error(c->diag, off,
                 "%s under 'elect' is reached by one lane of each warp, never by the whole block: move it out of "
                 "the elected statement",
                 what);
      diag_note(c->diag, node_at(c, p)->start, "elect is here");
      return;
    }
    int cond[1];
    if ((kind == CXCursor_IfStmt || kind == CXCursor_WhileStmt || kind == CXCursor_SwitchStmt) &&
        front_children(c->front, p, cond, 1) && cond[0] != i && node_at(c, cond[0])->end <= off &&
        refers_to_thread(c, cond[0], tainted, ntainted)) {
      diag_error(c->diag, off,
                 "%s under a condition on the thread's identity is reached by part of the block only: the rest "
                 "never arrives; move it out, or use tirx_warpgroup_sync(id) / tirx_region_sync() for the part",
                 what);
      diag_note(c->diag, node_at(c, p)->start,
                "the condition; if it is the same for the whole block, say so with '#pragma tirx uniform'");
      return;
    }
  }
}

void check_uniformity(Ctx *c, Kernel *k, const Stmt *stmts) {
  CXCursor tainted[256];
  int ntainted = tainted_vars(c, k, tainted, 256);
  for (int i = k->func; i <= node_at(c, k->func)->last; i++) {
    const Node *n = node_at(c, i);
    if (is_block_barrier(n) && !asserted_uniform(c, stmts, n->start))
      check_collective(c, k, tainted, ntainted, i, n->start, what(c, i));
  }
  // An event's declaration ends in a block barrier too (its init).
  for (int e = 0; e < k->events.len; e++) {
    const Event *ev = &k->events.items[e];
    int node = front_first_at(c->front, ev->an->start);
    if (node < c->front->nnodes && !asserted_uniform(c, stmts, ev->an->start))
      check_collective(c, k, tainted, ntainted, node, ev->an->start,
                       arena_printf(c->arena, "the declaration of event '%.*s'", (int)ev->name.len, ev->name.s));
  }
}
