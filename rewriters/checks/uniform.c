// uniform.c - the uniformity check (docs/language.md#uniformity): a block-wide barrier that only
// part of the block reaches (inside an async region, under elect, under a
// condition on the thread's identity - an `if`, a loop's condition, `?:`,
// `&&`/`||` - also through a helper or lambda that the code calls) deadlocks
// the block; an event declared after a return that only part of the block
// takes may lose the thread that initializes it. The
// same holds within a region for tirx_region_sync(), and a
// tirx_warpgroup_sync(id) waits for 128 threads. `#pragma tirx uniform` on a
// statement asserts that it is reached uniformly.
#include <string.h>

#include "ast.h"
#include "kernel.h"
#include "lanes.h"
#include "place.h"
#include "uniform.h"

enum { MAX_HELPER_DEPTH = 4 };  // helpers calling helpers that hold a barrier

// The cooperative groups whose sync() waits for every thread of the block
// (or of the cluster, or the grid): a warp tile's is not one of them.
static bool is_block_group(CXType t) {
  CXString s = clang_getCursorSpelling(clang_getTypeDeclaration(clang_getCanonicalType(t)));
  const char *name = clang_getCString(s);
  bool yes = !strcmp(name, "thread_block") || !strcmp(name, "cluster_group") || !strcmp(name, "grid_group") ||
             !strcmp(name, "multi_grid_group");
  clang_disposeString(s);
  return yes;
}

// `g.sync()` or `cg::sync(g)` on such a group.
static bool is_group_sync(const Node *n) {
  CXCursor kids[2];  // the callee, then the argument
  int nk = cursor_child_count(n->cur);  // all of them: one argument exactly
  if (cursor_children(n->cur, kids, 2) < 1) return false;
  CXCursor callee = kids[0];
  while (clang_getCursorKind(callee) == CXCursor_UnexposedExpr && cursor_child_count(callee) == 1)
    cursor_children(callee, &callee, 1);
  if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr) {
    CXCursor object;
    return nk == 1 && cursor_child_count(callee) == 1 && cursor_children(callee, &object, 1) &&
           is_block_group(clang_getCursorType(object));
  }
  return nk == 2 && is_block_group(clang_getCursorType(kids[1]));
}

// A barrier of the whole block: __syncthreads() and its kin, the cluster's
// (tirx_cluster_sync(), which every thread of every block of the cluster
// reaches) and the sync() of a block-wide cooperative group.
static bool is_block_barrier(const Node *n) {
  if (n->kind != CXCursor_CallExpr) return false;
  CXString s = clang_getCursorSpelling(n->cur);
  const char *name = clang_getCString(s);
  bool yes = !strcmp(name, "__syncthreads") || !strcmp(name, "__syncthreads_count") ||
             !strcmp(name, "__syncthreads_and") || !strcmp(name, "__syncthreads_or") ||
             !strcmp(name, "tirx_cluster_sync") || !strcmp(name, "tirx_bar_sync_all");
  bool group = !strcmp(name, "sync");
  clang_disposeString(s);
  return yes || (group && is_group_sync(n));
}

// What differs between the threads of a block.
static const char *const thread_identity[] = {"threadIdx", NULL};

static enum CXVisitorResult count_field(CXCursor field, CXClientData n) {
  (void)field;
  ++*(int *)n;
  return CXVisit_Break;
}

static enum CXChildVisitResult find_filled_base(CXCursor cur, CXCursor parent, CXClientData filled);

// Whether a class holds no data: no field, in it or in a base (CuTe's
// C<4>, which size(f) returns: its value is its type).
static bool holds_no_data(CXType t) {
  int fields = 0;
  clang_Type_visitFields(t, count_field, &fields);
  if (fields) return false;
  bool filled = false;
  clang_visitChildren(clang_getTypeDeclaration(t), find_filled_base, &filled);
  return !filled;
}

static enum CXChildVisitResult find_filled_base(CXCursor cur, CXCursor parent, CXClientData filled) {
  (void)parent;
  if (clang_getCursorKind(cur) != CXCursor_CXXBaseSpecifier) return CXChildVisit_Continue;
  CXType base = clang_getCanonicalType(clang_getCursorType(cur));
  if (base.kind != CXType_Record || !holds_no_data(base)) {
    *(bool *)filled = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

// Whether node i is an expression whose value its type alone gives: of a
// class that holds no data, so that every thread's is the same whatever it
// reads (`size(f)` of a thread's own CuTe tensor, a local set from it). Not
// one of CUDA's threadIdx, blockIdx, blockDim and gridDim, whose classes
// (__cuda_builtin_*) hold no data either and whose members read the
// hardware, under any name (`const auto &tid = threadIdx;`), nor a lambda.
static bool value_of_type(const Ctx *c, int i) {
  const Node *n = node_at(c, i);
  if (!clang_isExpression(n->kind) || n->kind == CXCursor_LambdaExpr) return false;
  CXType t = clang_getCanonicalType(clang_getCursorType(n->cur));
  if (t.kind != CXType_Record || clang_Type_getSizeOf(t) != 1 || !holds_no_data(t)) return false;
  // A lambda's closure holds no data when it captures nothing, but calling
  // it runs its body (`auto tid = [] { return threadIdx.x; };`).
  CXString sp = clang_getTypeSpelling(t);
  const char *name = clang_getCString(sp);
  bool other = strstr(name, "__cuda_builtin_") != NULL || strstr(name, "(lambda at ") != NULL;
  clang_disposeString(sp);
  return !other;
}

bool depends_on(const Ctx *c, int node, const char *const *identity, const Names *vars) {
  for (int i = node; i <= node_at(c, node)->last; i++) {
    if (value_of_type(c, i)) {
      i = node_at(c, i)->last;
      continue;
    }
    if (node_at(c, i)->kind != CXCursor_DeclRefExpr) continue;
    for (int d = 0; identity[d]; d++)
      if (refers_to_any(c, i, d ? NULL : vars->items, d ? 0 : vars->len, identity[d])) return true;
  }
  return false;
}

static bool known_name(const Names *t, CXCursor var) {
  for (int i = 0; i < t->len; i++)
    if (clang_equalCursors(t->items[i], var)) return true;
  return false;
}

void dependent_vars(Ctx *c, const Kernel *k, const char *const *identity, CXCursor skip, Names *out) {
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = k->func; i <= node_at(c, k->func)->last; i++) {
      const Node *v = node_at(c, i);
      CXCursor var;
      int from;
      // ++ and -- keep what it depends on
      if (v->kind == CXCursor_UnaryOperator || !assignment_at(c, i, skip, &var, &from)) continue;
      bool tainted = false;  // the initializer: the VarDecl's children
      for (int j = from; j <= v->last && !tainted; j = node_at(c, j)->last + 1)
        tainted = depends_on(c, j, identity, out);
      if (tainted && !known_name(out, var)) {
        VEC_PUSH(c->arena, *out, var);
        grew = true;
      }
    }
  }
}

static const char *what(const Ctx *c, int node) {
  for (int i = 0; i < c->anns->len; i++)  // tirx_cta_sync() stood here before the parse
    if (c->anns->items[i].spelling == SPELL_CALL && c->anns->items[i].start == node_at(c, node)->start)
      return arena_printf(c->arena, "%.*s()", (int)c->anns->items[i].name.len, c->anns->items[i].name.s);
  const Node *n = node_at(c, node);
  size_t paren = n->end;  // the '(' of the arguments: `cg::this_grid().sync()` is a sync()
  for (int depth = 0; paren > n->start;) {
    char ch = c->src->data[--paren];
    depth += ch == ')' ? 1 : ch == '(' ? -1 : 0;
    if (!depth) break;
  }
  if (paren < n->end && paren > n->start && c->src->data[paren] == '(')  // as written: a lambda's call is `f()`
    return arena_printf(c->arena, "%.*s()", (int)(paren - n->start), c->src->data + n->start);
  CXString s = clang_getCursorSpelling(node_at(c, node)->cur);
  const char *name = arena_printf(c->arena, "%s()", clang_getCString(s));
  clang_disposeString(s);
  return name;
}

int deciding_condition(const Ctx *c, int p, size_t off) {
  int kids[3];
  int nk = front_children(c->front, p, kids, 3);
  switch (node_at(c, p)->kind) {
  case CXCursor_IfStmt:
  case CXCursor_WhileStmt:
  case CXCursor_SwitchStmt:
  case CXCursor_ConditionalOperator:
    return nk >= 2 && node_at(c, kids[0])->end <= off ? kids[0] : -1;
  case CXCursor_ForStmt: {
    ForParts fp;
    return for_parts(c, p, &fp) && fp.cond >= 0 && off >= fp.rparen ? fp.cond : -1;
  }
  case CXCursor_DoStmt:  // the body runs again for the threads whose condition holds
    return nk == 2 && off < node_at(c, kids[1])->start ? kids[1] : -1;
  case CXCursor_BinaryOperator: {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(node_at(c, p)->cur);
    return (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) && nk == 2 && node_at(c, kids[0])->end <= off
               ? kids[0]
               : -1;
  }
  default: return -1;
  }
}

int dependent_condition(const Ctx *c, int i, int top, size_t off, const char *const *identity, const Names *vars) {
  for (int p = node_at(c, i)->parent; p >= 0 && p != top; p = node_at(c, p)->parent) {
    int cond = deciding_condition(c, p, off);
    if (cond >= 0 && depends_on(c, cond, identity, vars)) return p;
  }
  return -1;
}

bool thread_dependent_condition(Ctx *c, const Kernel *k, int p, size_t off) {
  int cond = deciding_condition(c, p, off);
  if (cond < 0) return false;
  Names tainted = {0};
  dependent_vars(c, k, thread_identity, clang_getNullCursor(), &tainted);
  return depends_on(c, cond, thread_identity, &tainted);
}

// The thread-dependent condition above node i (up to `top`), -1 if none.
static int thread_condition(const Ctx *c, int i, int top, size_t off, const Names *tainted) {
  return dependent_condition(c, i, top, off, thread_identity, tainted);
}

// A return before off that only the threads of a thread-dependent condition
// take (the rest of the block then never reaches off); -1 if none.
static int divergent_return(const Ctx *c, const Kernel *k, size_t off, const Names *tainted, int *cond) {
  for (int i = k->func; i <= node_at(c, k->func)->last && node_at(c, i)->start < off; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_ReturnStmt || n->func != k->func) continue;
    int p = thread_condition(c, i, k->func, n->start, tainted);
    if (p >= 0 && node_at(c, p)->end <= off) return *cond = p, i;
  }
  return -1;
}

// A break (or a continue before off) under a thread-dependent condition out
// of a loop around node i, below `top` (-1: the function): the threads that
// take it reach the barrier at off fewer times than the rest. Its node, with
// *loop and *cond; -1 if none.
static int divergent_jump(const Ctx *c, const Stmt *stmts, int i, int top, size_t off, const Names *tainted,
                          int *loop, int *cond) {
  for (int l = node_at(c, i)->parent; l >= 0 && l != top && !front_is_function(node_at(c, l)->kind);
       l = node_at(c, l)->parent) {
    if (!front_is_loop(node_at(c, l)->kind)) continue;
    for (int j = l + 1; j <= node_at(c, l)->last; j++) {
      const Node *n = node_at(c, j);
      bool is_break = n->kind == CXCursor_BreakStmt;
      if ((!is_break && !(n->kind == CXCursor_ContinueStmt && n->start < off)) || jump_target(c, j) != l ||
          asserted_uniform(c, stmts, n->start))
        continue;
      int p = thread_condition(c, j, l, n->start, tainted);
      if (p >= 0) return *loop = l, *cond = p, j;
    }
  }
  return -1;
}

// `what` at node i (offset off), a barrier of `whom`, in a loop that a
// divergent_jump leaves: reported, true.
static bool report_divergent_jump(Ctx *c, const Stmt *stmts, int i, int top, size_t off, const Names *tainted,
                                  const char *what, const char *whom) {
  int loop, cond, jump = divergent_jump(c, stmts, i, top, off, tainted, &loop, &cond);
  if (jump < 0) return false;
  bool is_break = node_at(c, jump)->kind == CXCursor_BreakStmt;
  diag_error(c->diag, off,
             "%s in a loop that some threads %s early: the '%s' at line %d is under a condition on the thread's "
             "identity, and the threads that take it %s, while the rest wait for them; make the condition the "
             "same for %s, or move the barrier out of the loop",
             what, is_break ? "leave" : "skip the rest of an iteration of", is_break ? "break" : "continue",
             source_line(c->src, node_at(c, jump)->start),
             is_break ? "never reach this barrier again" : "skip this barrier in that iteration", whom);
  diag_note(c->diag, node_at(c, cond)->start,
            "the condition; if it is the same for %s, say so with '#pragma tirx uniform'", whom);
  diag_note(c->diag, node_at(c, loop)->start, "the loop");
  return true;
}

// One collective: `what` at node i (offset off) must be reached by the block.
// A thread-dependent `return` before a barrier of the whole block is fine:
// the returning threads exit, and exited threads never hold up such a barrier
// (PTX ISA, `exit` and `barrier`): llm.c's `if (i >= n) return; ...
// __syncthreads();`. An event's declaration is different: thread 0 initializes
// its mbarriers (tirx_event_init), and thread 0 may be among those that left.
static void check_collective(Ctx *c, Kernel *k, const Stmt *stmts, const Names *tainted, int i, size_t off,
                             const char *what, bool initializes) {
  const Region *in = NULL;
  for (int r = 0; r < k->regions.len; r++)
    if (off >= k->regions.items[r].body.start && off < k->regions.items[r].body.end) in = &k->regions.items[r];
  if (in) {
    diag_error(c->diag, off,
               "%s inside '%s' is reached only by the region's threads, never by the whole block: %s",
               what, region_label(c, in),
               initializes ? "declare the event before the async region (its initialization ends in a block barrier)"
                           : "use tirx_region_sync() to synchronize the region");
    diag_note(c->diag, in->an->start, "the region starts here");
    return;
  }
  for (int p = node_at(c, i)->parent; p >= 0 && p != k->func; p = node_at(c, p)->parent)
    if (is_elect_if(c, p)) {
      diag_error(c->diag, off,
                 "%s under 'elect' is reached by one lane of each warp, never by the whole block: move it out of "
                 "the elected statement",
                 what);
      diag_note(c->diag, node_at(c, p)->start, "elect is here");
      return;
    }
  int p = thread_condition(c, i, k->func, off, tainted), cond;
  if (p >= 0) {
    diag_error(c->diag, off,
               "%s under a condition on the thread's identity is reached by part of the block only: the rest "
               "never arrives; move it out, or use tirx_warpgroup_sync(id) / tirx_region_sync() for the part",
               what);
    diag_note(c->diag, node_at(c, p)->start,
              "the condition; if it is the same for the whole block, say so with '#pragma tirx uniform'");
    return;
  }
  if (report_divergent_jump(c, stmts, i, -1, off, tainted, what, "the whole block")) return;
  int ret = initializes ? divergent_return(c, k, off, tainted, &cond) : -1;
  if (ret >= 0) {
    diag_error(c->diag, off,
               "%s after a return that part of the block takes: thread 0 initializes the event, and it may have "
               "returned; declare the event before the return",
               what);
    diag_note(c->diag, node_at(c, ret)->start, "this return depends on the thread's identity");
  }
}

// The body of what a call runs, when it is in this file: a function, or a
// lambda (called directly, or through the variable that holds it).
static int callee_body(const Ctx *c, int call) {
  CXCursor callee = clang_getCursorReferenced(node_at(c, call)->cur);
  CXCursor ref = clang_getCursorDefinition(callee);
  CXString name = clang_getCursorSpelling(callee);
  bool through_object = !strcmp(clang_getCString(name), "operator()");  // a lambda's call: the object is an operand
  clang_disposeString(name);
  for (int i = call + 1; through_object && i <= node_at(c, call)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind == CXCursor_LambdaExpr) return i;
    if (n->kind == CXCursor_DeclRefExpr && clang_getCursorKind(clang_getCursorReferenced(n->cur)) == CXCursor_VarDecl) {
      ref = clang_getCursorReferenced(n->cur);
      break;
    }
  }
  int i = node_of_cursor(c, ref);
  if (i < 0 || node_at(c, i)->kind != CXCursor_VarDecl) return i;
  for (int l = i + 1; l <= node_at(c, i)->last; l++)
    if (node_at(c, l)->kind == CXCursor_LambdaExpr) return l;
  return -1;
}

// The node that `is` picks (a block barrier, an elect) that a call reaches
// through helpers and lambdas; -1 if none.
static int reached_through(const Ctx *c, int call, int depth, bool (*is)(const Ctx *, int)) {
  int body = depth < MAX_HELPER_DEPTH ? callee_body(c, call) : -1;
  if (body < 0 || (call >= body && call <= node_at(c, body)->last)) return -1;  // recursion
  for (int i = body; i <= node_at(c, body)->last; i++) {
    if (is(c, i)) return i;
    int via = node_at(c, i)->kind == CXCursor_CallExpr ? reached_through(c, i, depth + 1, is) : -1;
    if (via >= 0) return via;
  }
  return -1;
}

static bool is_barrier_node(const Ctx *c, int i) { return is_block_barrier(node_at(c, i)); }

// The turn (of a ring of two or more participants, in the region of op)
// whose statement holds op, NULL if none: the region's barrier waits there
// for the other participants, which wait for their turn, which this one
// passes on only after its statement.
static const Turn *turn_around(const Kernel *k, const Op *op) {
  for (int i = 0; i < k->turn_sites.len; i++) {
    const Turn *t = &k->turn_sites.items[i];
    const Turns *ring = &k->turns.items[t->ring];
    if (ring->nparts >= 2 && &k->regions.items[ring->region] == op->region && op->an->start >= t->st.start &&
        op->an->start < t->st.end)
      return t;
  }
  return NULL;
}

// tirx_region_sync() must be reached by every thread of its region, and
// tirx_warpgroup_sync(id) by 128 threads.
static void check_region_barriers(Ctx *c, Kernel *k, const Stmt *stmts, const Names *tainted) {
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    int node = front_first_at(c->front, op->an->start);
    if (op->kind != OP_REGION_SYNC || !op->region || node >= c->front->nnodes) continue;
    int top = op->region->body.node;
    const Turn *turn = turn_around(k, op);
    if (turn) {
      const Turns *ring = &k->turns.items[turn->ring];
      diag_error(c->diag, op->an->start,
                 "tirx_region_sync() inside a turn of '%.*s' waits for every thread of '%s', and the other "
                 "participants of '%.*s' wait for their turn, which this one passes on only when the turn ends: "
                 "neither goes on; move it out of the turn",
                 (int)ring->name.len, ring->name.s, region_label(c, op->region), (int)ring->name.len, ring->name.s);
      diag_note(c->diag, turn->an->start, "the turn");
      continue;
    }
    for (int p = node_at(c, node)->parent; p >= 0 && p != top; p = node_at(c, p)->parent)
      if (is_elect_if(c, p)) {
        diag_error(c->diag, op->an->start,
                   "tirx_region_sync() under 'elect' is reached by one lane of each warp, never by the whole "
                   "region '%s': move it out of the elected statement",
                   region_label(c, op->region));
        diag_note(c->diag, node_at(c, p)->start, "elect is here");
        goto next;
      }
    int p = thread_condition(c, node, top, op->an->start, tainted);
    if (p >= 0) {
      diag_error(c->diag, op->an->start,
                 "tirx_region_sync() under a condition on the thread's identity is reached by part of '%s' only: "
                 "the rest never arrives; move it out of the condition",
                 region_label(c, op->region));
      diag_note(c->diag, node_at(c, p)->start, "the condition");
    } else {
      report_divergent_jump(c, stmts, node, top, op->an->start, tainted, "tirx_region_sync()",
                            arena_printf(c->arena, "the whole region '%s'", region_label(c, op->region)));
    }
  next:;
  }
  const Node *fn = node_at(c, k->func);
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->skipped || an->spelling != SPELL_CALL || !span_eq(an->name, "tirx_warpgroup_sync") ||
        an->start < fn->start || an->start >= fn->end)
      continue;
    for (int r = 0; r < k->regions.len; r++) {
      const Region *in = &k->regions.items[r];
      if (an->start >= in->body.start && an->start < in->body.end && in->threads < 128) {
        diag_error(c->diag, an->start,
                   "tirx_warpgroup_sync() waits for 128 threads, and '%s' has %d: it never completes; use "
                   "tirx_region_sync()",
                   region_label(c, in), in->threads);
        diag_note(c->diag, in->an->start, "the region starts here");
      }
    }
  }
}

// A turn, and a turns declaration, must be reached by every thread of each
// participant: the named barrier waits for all of them. A condition on the
// partition index alone is uniform within a partition (whether a participant
// takes as many turns as the others is the deadlock check's question); one on
// the thread within its partition, or elect, is an error.
static void check_turns(Ctx *c, Kernel *k, const Stmt *stmts) {
  if (!k->turns.len) return;
  Names within = {0};  // values that differ between the threads of one partition index
  dependent_vars(c, k, thread_identity, kernel_partition_var(c, k), &within);
  for (int i = 0; i < k->turns.len + k->turn_sites.len; i++) {
    bool decl = i < k->turns.len;
    const Turns *t = decl ? &k->turns.items[i] : &k->turns.items[k->turn_sites.items[i - k->turns.len].ring];
    const Annotation *an = decl ? t->an : k->turn_sites.items[i - k->turns.len].an;
    int node = decl ? t->node : k->turn_sites.items[i - k->turns.len].st.node;
    int top = k->regions.items[t->region].body.node;
    const char *what = decl ? arena_printf(c->arena, "the declaration of turns '%.*s'", (int)t->name.len, t->name.s)
                            : arena_printf(c->arena, "a turn of '%.*s'", (int)t->name.len, t->name.s);
    bool elect = false;
    for (int p = node_at(c, node)->parent; p >= 0 && p != top && !elect; p = node_at(c, p)->parent)
      if (is_elect_if(c, p)) {
        diag_error(c->diag, an->start,
                   "%s under 'elect' is reached by one lane of each warp: the named barrier waits for every thread "
                   "of the participant, and the rest never arrive; move it out of the elected statement",
                   what);
        diag_note(c->diag, node_at(c, p)->start, "elect is here");
        elect = true;
      }
    if (elect) continue;
    int p = thread_condition(c, node, top, node_at(c, node)->start, &within);
    if (p >= 0) {
      diag_error(c->diag, an->start,
                 "%s under a condition on the thread's identity within its %s: the named barrier waits for every "
                 "thread of the participant, and the rest never arrive; move it out of the condition",
                 what, k->group == 32 ? "warp" : "warpgroup");
      diag_note(c->diag, node_at(c, p)->start,
                "the condition; one on '%.*s' alone is fine (every thread of the participant agrees on it)",
                (int)k->part_name.len, k->part_name.s);
    } else {
      report_divergent_jump(c, stmts, node, top, an->start, &within, what, "every thread of the participant");
    }
  }
}

void warn_turn_loops(Ctx *c, const Kernel *k, int ring) {
  const Turns *t = &k->turns.items[ring];
  const char *part = arena_printf(c->arena, "%.*s", (int)k->part_name.len, k->part_name.s);
  const char *const identity[] = {part, NULL};
  Names vars = {0};
  dependent_vars(c, k, identity, kernel_partition_var(c, k), &vars);
  int top = k->regions.items[t->region].body.node;
  for (int i = 0; i < k->turn_sites.len; i++) {
    const Turn *site = &k->turn_sites.items[i];
    if (site->ring != ring) continue;
    for (int l = node_at(c, site->st.node)->parent; l >= 0 && l != top; l = node_at(c, l)->parent) {
      int cond = front_is_loop(node_at(c, l)->kind) ? deciding_condition(c, l, site->st.start) : -1;
      if (cond < 0 || !depends_on(c, cond, identity, &vars)) continue;
      diag_warning(c->diag, node_at(c, l)->start,
                   "the participants of '%.*s' may take different numbers of turns: this loop's condition depends "
                   "on '%s', and tirx-pp cannot tell how many times it runs; if one participant takes fewer "
                   "turns than another, that one waits for its turn forever; give the loop the same trip count "
                   "in every participant",
                   (int)t->name.len, t->name.s, part);
      diag_note(c->diag, site->an->start, "a turn of '%.*s' in the loop", (int)t->name.len, t->name.s);
      diag_note(c->diag, t->an->start, "'%.*s' is declared here: its participants are the values of '%s' that run '%s'",
                (int)t->name.len, t->name.s, part, region_label(c, &k->regions.items[t->region]));
      return;
    }
  }
}

// The elect annotation of an elect `if` (is_elect_if): how messages name it.
const char *elect_spelling(const Ctx *c, int node) {
  const Node *n = node_at(c, node);
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (!an->skipped && an->spelling != SPELL_CALL && an->dir.kind == DIR_ELECT && an->start == n->start)
      return arena_printf(c->arena, "'%s'", spelling_of(an));
  }
  return "'tirx_elect_sync()'";
}

// How the note names what differs between the lanes: `why` (a part of the
// condition) when it lies inside the condition, else the condition and,
// when it is in this file, where its value comes from.
static const char *quoted(Ctx *c, int cond, CXCursor why) {
  CXSourceRange r = clang_getCursorExtent(why);
  size_t a = 0, b = 0;
  const Node *n = node_at(c, cond);
  bool here = !clang_Cursor_isNull(why) && front_offset(c->front, clang_getRangeStart(r), &a) &&
              front_offset(c->front, clang_getRangeEnd(r), &b) && b > a && b - a <= 80;
  if (here && a >= n->start && b <= n->end) return arena_printf(c->arena, "'%.*s'", (int)(b - a), c->src->data + a);
  const char *text = n->end - n->start <= 80
                         ? arena_printf(c->arena, "'%.*s'", (int)(n->end - n->start), c->src->data + n->start)
                         : "it";
  if (!here) return text;
  return arena_printf(c->arena, "%s (through '%.*s' at line %d)", text, (int)(b - a), c->src->data + a,
                      source_line(c->src, a));
}

// The innermost condition between node i (at off) and `top` (exclusive) that
// may differ between the lanes of a warp under env (*v its value; an elect
// above i is WARP_LANE with a null why; *cond the condition's node), up to
// a statement under `#pragma tirx uniform`; the node that it decides (an if,
// a loop, ...), -1 if none.
static int lane_condition_at(Ctx *c, const Stmt *stmts, WarpEnv *env, int i, int top, size_t off, WarpValue *v,
                          int *cond, bool past_uniform) {
  for (int p = i; p >= 0 && p != top; p = node_at(c, p)->parent) {
    if (uniform_statement(c, stmts, p)) {
      if (!past_uniform) return -1;
      continue;  // its own condition is vouched for, not those around it
    }
    *cond = p == i ? -1 : deciding_condition(c, p, off);  // (a stub's condition collapses to its start)
    if (*cond < 0) continue;
    *v = is_elect_if(c, p) ? (WarpValue){WARP_LANE, false, clang_getNullCursor()}
                           : warp_value(c, env, node_at(c, *cond)->cur);
    // A thread index taken for its truth (`if (threadIdx.x % 32)`, `if
    // (threadIdx.x)`) differs between the lanes, as its comparisons do.
    if (v->kind == WARP_THREAD) *v = (WarpValue){WARP_LANE, false, node_at(c, *cond)->cur};
    if (v->kind >= WARP_UNKNOWN) return p;
  }
  return -1;
}

static int lane_condition(Ctx *c, const Stmt *stmts, WarpEnv *env, int i, int top, size_t off, WarpValue *v,
                          int *cond) {
  return lane_condition_at(c, stmts, env, i, top, off, v, cond, false);
}

bool whole_warps_reach(Ctx *c, const Kernel *k, const Stmt *stmts, int i, int top, size_t off) {
  WarpValue v;
  int cond;
  WarpEnv *env = warp_env(c, k->func, NULL, 0, 0);
  // In a lambda, the conditions around its one call stand around the site too.
  for (;;) {
    int lambda = -1;
    for (int p = node_at(c, i)->parent; p >= 0 && p != top && lambda < 0; p = node_at(c, p)->parent)
      if (node_at(c, p)->kind == CXCursor_LambdaExpr) lambda = p;
    if (lane_condition_at(c, stmts, env, i, lambda >= 0 ? lambda : top, off, &v, &cond, true) >= 0) return false;
    int call = lambda >= 0 ? run_parent(c, k, lambda) : -1;
    if (lambda < 0 || call < 0) return lambda < 0;  // (a lambda run elsewhere: not known)
    i = call, off = node_at(c, call)->start;
  }
}

// `what` at off stands under condition `cond` of node p, whose value is v
// (lane_condition); `args` says that the callee's parameters make it so.
static void report_elect(Ctx *c, size_t off, const char *what, int p, int cond, WarpValue v, bool args) {
  if (is_elect_if(c, p)) {
    diag_error(c->diag, off,
               "%s under elect is reached by one lane of each warp: elect.sync waits for all 32 lanes, and the "
               "others never arrive; move it out of the elected statement",
               what);
    diag_note(c->diag, node_at(c, p)->start, "elect is here");
  } else if (v.kind == WARP_LANE) {
    diag_error(c->diag, off,
               "%s under a condition that can differ between the lanes of a warp: elect.sync waits for all 32 "
               "lanes of the warp, and those the condition leaves out never arrive (undefined in PTX); keep a "
               "lane test ('if (lane == 0)'), pick the first lane that is there "
               "('if (lane == __ffs(__activemask()) - 1)'), or move the elect out of the condition",
               what);
    diag_note(c->diag, node_at(c, p)->start,
              "the condition: %s can differ between the lanes of a warp%s; if every lane of a warp takes the same "
              "branch, say so with '#pragma tirx uniform'",
              quoted(c, cond, v.why), args ? " with the arguments of this call" : "");
  } else {
    diag_warning(c->diag, off,
                 "%s under a condition that tirx-pp cannot prove the same in all 32 lanes of a warp: elect.sync "
                 "waits for all of them, and a lane that the condition leaves out never arrives",
                 what);
    diag_note(c->diag, node_at(c, p)->start,
              "the condition: %s may differ between the lanes of a warp (threadIdx.y and .z do when blockDim.x "
              "is not a multiple of 32); if every lane of a warp takes the same branch, say so with '#pragma tirx "
              "uniform'",
              quoted(c, cond, v.why));
  }
}

// One elect (node i, at off; `what` names it, or the call that reaches it):
// `#pragma tirx elect` and tirx_elect_sync() are elect.sync with the full
// mask, which waits for all 32 lanes of the warp and is undefined for a lane
// outside the mask (PTX ISA, elect.sync). Every condition above it up to the
// function (or up to a statement under `#pragma tirx uniform`) must then be
// the same in every lane: one that may differ is an error, one that
// tirx-pp cannot prove either way (threadIdx.y) a warning.
static void check_elect(Ctx *c, Kernel *k, const Stmt *stmts, WarpEnv **env, int i, size_t off, const char *what) {
  if (!*env) *env = warp_env(c, k->func, NULL, 0, 0);
  WarpValue v;
  int cond;  // up to the function, or the lambda the elect is in (its calls are checked too)
  int p = lane_condition(c, stmts, *env, i, node_at(c, i)->func, off, &v, &cond);
  if (p >= 0) report_elect(c, off, what, p, cond, v, false);
}

// A call that reaches an elect in its callee directly (node via, in function
// `body`): a condition there on the callee's parameters, the same in every
// lane for warp-uniform arguments (the callee's own check passed it), may
// differ with this call's arguments. Every elect of the callee is checked so;
// `what` names the call with via, `call_name` the call alone (for another
// elect). True when reported.
static bool check_elect_arguments(Ctx *c, Kernel *k, const Stmt *stmts, WarpEnv **env, int call, int via,
                                  const char *what, const char *call_name) {
  int body = callee_body(c, call);
  if (body < 0 || !front_is_function(node_at(c, body)->kind) || node_at(c, via)->func != body) return false;
  bool reported = false;
  for (int e = body; e <= node_at(c, body)->last && !reported; e++) {  // every elect of the callee
    if (!is_elect_if(c, e) || node_at(c, e)->func != body) continue;
    WarpValue v;
    int cond;
    size_t at = node_at(c, e)->start;
    if (lane_condition(c, stmts, warp_env(c, body, NULL, 0, 0), e, body, at, &v, &cond) >= 0) continue;
    if (!*env) *env = warp_env(c, k->func, NULL, 0, 0);
    int p = lane_condition(c, stmts, warp_env_of_call(c, *env, node_at(c, call)->cur, body), e, body, at, &v, &cond);
    if (p < 0) continue;
    const char *named = e == via ? what
                                 : arena_printf(c->arena, "%s (which reaches %s at line %d)", call_name,
                                                elect_spelling(c, e), source_line(c->src, node_at(c, e)->start));
    report_elect(c, node_at(c, call)->start, named, p, cond, v, true);
    reported = true;
  }
  return reported;
}

// A kernel launch (`#pragma tirx launch` in host code): it starts warps and
// a block of its own, so the kernel's barriers and elects are the kernel's
// to check, not its caller's.
static bool is_launch(const Node *n) {
  return n->kind == CXCursor_CallExpr && (front_space(clang_getCursorReferenced(n->cur)) & FRONT_GLOBAL);
}

// The elects of this function, and its calls that reach one through helpers.
static void check_elects(Ctx *c, Kernel *k, const Stmt *stmts) {
  bool any = false;  // a file with no elect pays nothing
  for (int a = 0; a < c->anns->len && !any; a++) {
    const Annotation *an = &c->anns->items[a];
    any = !an->skipped &&
          (an->spelling == SPELL_CALL ? span_eq(an->name, "tirx_elect_sync") : an->dir.kind == DIR_ELECT);
  }
  if (!any) return;
  WarpEnv *env = NULL;  // the function's locals, at the first elect
  const Node *fn = node_at(c, k->func);
  for (int i = k->func; i <= fn->last; i++) {
    const Node *n = node_at(c, i);
    if (n->func != k->func && (n->func < 0 || node_at(c, n->func)->kind != CXCursor_LambdaExpr)) continue;
    if (is_elect_if(c, i)) {  // in a lambda: up to the lambda; its calls are the next loop's
      // The elect itself: the `if` of the pragma, or tirx_elect_sync() (the
      // walk from the call sees `x && tirx_elect_sync()` too).
      int at = i;
      for (int a = 0; a < c->anns->len; a++) {
        const Annotation *an = &c->anns->items[a];
        if (!an->skipped && an->spelling == SPELL_CALL && span_eq(an->name, "tirx_elect_sync") &&
            an->start > n->start && an->start < n->end) {
          int stub = front_first_at(c->front, an->start);
          if (stub < c->front->nnodes && stub <= n->last) at = stub;
          break;
        }
      }
      check_elect(c, k, stmts, &env, at, node_at(c, at)->start, elect_spelling(c, i));
    }
    int via = n->kind == CXCursor_CallExpr && n->func == k->func && !is_launch(n)
                  ? reached_through(c, i, 0, is_elect_if)
                  : -1;
    if (via < 0) continue;
    const char *w = arena_printf(c->arena, "%s (which reaches %s at line %d)", what(c, i), elect_spelling(c, via),
                                 source_line(c->src, node_at(c, via)->start));
    if (!check_elect_arguments(c, k, stmts, &env, i, via, w, what(c, i)))
      check_elect(c, k, stmts, &env, i, n->start, w);
  }
}

void check_uniformity(Ctx *c, Kernel *k, const Stmt *stmts) {
  Names tainted = {0};
  dependent_vars(c, k, thread_identity, clang_getNullCursor(), &tainted);
  for (int i = k->func; i <= node_at(c, k->func)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->func != k->func || asserted_uniform(c, stmts, n->start)) continue;  // a lambda's: checked where called
    if (is_block_barrier(n)) {
      check_collective(c, k, stmts, &tainted, i, n->start, what(c, i), false);
      continue;
    }
    int via = n->kind == CXCursor_CallExpr && !is_launch(n) ? reached_through(c, i, 0, is_barrier_node) : -1;
    if (via >= 0)
      check_collective(c, k, stmts, &tainted, i, n->start,
                       arena_printf(c->arena, "%s (which reaches %s at line %d)", what(c, i), what(c, via),
                                    source_line(c->src, node_at(c, via)->start)),
                       false);
  }
  // An event's declaration ends in a block barrier too (its init).
  for (int e = 0; e < k->events.len; e++) {
    const Event *ev = &k->events.items[e];
    int node = front_first_at(c->front, ev->an->start);
    if (node < c->front->nnodes && !asserted_uniform(c, stmts, ev->an->start))
      check_collective(c, k, stmts, &tainted, node, ev->an->start,
                       arena_printf(c->arena, "the declaration of event '%.*s'", (int)ev->name.len, ev->name.s), true);
  }
  for (int e = 0; e < k->grid_events.len; e++) {  // (its regions' barrier pairs: the same init)
    const GridEvent *ev = &k->grid_events.items[e];
    int node = front_first_at(c->front, ev->an->start);
    if (node < c->front->nnodes && !asserted_uniform(c, stmts, ev->an->start))
      check_collective(c, k, stmts, &tainted, node, ev->an->start,
                       arena_printf(c->arena, "the declaration of event '%.*s'", (int)ev->name.len, ev->name.s), true);
  }
  check_region_barriers(c, k, stmts, &tainted);
  check_turns(c, k, stmts);
  check_elects(c, k, stmts);
}
