// grid_check.c - the checks of grid events (docs/regions-and-events.md#grid-events)
// that need the whole kernel. A grid event is safe by construction where no
// block waits for another: tirx_trigger_last() and tirx_trigger_if_last()
// never spin. A wait spins until other blocks arrive, which the hardware
// guarantees only if they are running or have run: the kernel must be
// launched persistent (every block resident), and the blocks that wait must
// be those that arrive, so that the last to leave can reset the counter:
// every block, unconditionally, once per counter and phase (a loop needs a
// slot per iteration). Every operation gathers its region on a barrier, so
// no thread may have returned before it.
#include <string.h>

#include "ast.h"
#include "gather_grid.h"
#include "grid_check.h"
#include "uniform.h"

static const char *label(Ctx *c, const GridOp *op) { return grid_op_label(c, op->at.an); }

static bool is_last_form(const GridOp *op) {
  return op->kind == GRID_TRIGGER_LAST || op->kind == GRID_TRIGGER_IF_LAST;
}

// The first operation on g that `pick` accepts, NULL if none.
static const GridOp *first_op(const Kernel *k, const GridEvent *g, bool (*pick)(const GridOp *)) {
  for (int i = 0; i < k->grid_ops.len; i++)
    if (k->grid_ops.items[i].event == g && pick(&k->grid_ops.items[i])) return &k->grid_ops.items[i];
  return NULL;
}

static bool is_plain_trigger(const GridOp *op) { return op->kind == GRID_TRIGGER; }
static bool is_wait(const GridOp *op) { return op->kind == GRID_WAIT; }

// The kernel's name, as its launches spell it.
static const char *kernel_name(Ctx *c, const Kernel *k) {
  CXString s = clang_getCursorSpelling(node_at(c, k->func)->cur);
  const char *name = arena_printf(c->arena, "%s", clang_getCString(s));
  clang_disposeString(s);
  return name;
}

// After `name` at off: its template arguments, if any (`k<T, 2>`), skipped;
// where `<<<` would stand.
static size_t past_template_args(const Source *src, size_t off) {
  off = lex_skip_blank(src, off);
  if (off >= src->len || src->data[off] != '<' || (off + 2 < src->len && !strncmp(src->data + off, "<<<", 3)))
    return off;
  int depth = 0;
  for (size_t i = off; i < src->len; i++) {
    char ch = src->data[i];
    if (ch == '<') depth++;
    if (ch == '>' && --depth == 0) return lex_skip_blank(src, i + 1);
    if (ch == ';' || ch == '{' || ch == '}') break;
  }
  return off;
}

// Whether every launch of the kernel in the file (`name<<<...>>>`, or
// `name<T><<<...>>>`) is under `#pragma tirx launch grid(persistent)`, and
// there is one; *bad: the first that is not (0 when none is seen).
static bool launched_persistent(Ctx *c, const Kernel *k, const Stmt *stmts, size_t *bad) {
  const char *name = kernel_name(c, k);
  const Source *src = c->src;
  size_t len = strlen(name);
  LexText lt = {src->data, src->len};
  bool line_start = true, directive = false, seen = false;
  LexTok tok;
  *bad = 0;
  for (size_t i = 0; len && lex_next(lt, &i, &line_start, &tok);) {
    if (tok.first) directive = tok.kind == LEX_PUNCT && src->data[tok.start] == '#';
    if (directive || tok.kind != LEX_IDENT || tok.end - tok.start != len || memcmp(src->data + tok.start, name, len))
      continue;
    size_t open = past_template_args(src, tok.end);
    if (open + 3 > src->len || strncmp(src->data + open, "<<<", 3) || front_is_skipped(c->front, tok.start)) continue;
    seen = true;
    const Annotation *launch = directive_around(c, stmts, DIR_LAUNCH, tok.start);
    const Clause *grid = launch ? dir_clause(&launch->dir, "grid") : NULL;
    bool persistent = grid && grid->nargs == 1 && span_eq(span_trim(grid->args[0].expr), "persistent");
    if (!persistent) {
      *bad = tok.start;
      return false;
    }
  }
  return seen;
}

// Whether the kernel walks its work items with `#pragma tirx persistent`:
// grid(persistent) caps the grid at the blocks that fit, and a kernel
// indexed by blockIdx alone would leave the rest of its items undone.
static bool has_persistent_loop(Ctx *c, const Kernel *k) {
  const Node *f = node_at(c, k->func);
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->spelling != SPELL_CALL && an->dir.kind == DIR_PERSISTENT && an->start >= f->start && an->start < f->end)
      return true;
  }
  return false;
}

// A wait: after a plain trigger of its event in its region, and in a kernel
// whose blocks are all resident; false when reported.
static bool check_wait(Ctx *c, Kernel *k, const Stmt *stmts, const GridOp *w) {
  const GridEvent *g = w->event;
  const GridOp *last = first_op(k, g, is_last_form);
  if (last) {
    diag_error(c->diag, w->at.an->start,
               "%s waits on grid event '%.*s', whose phases %s ends and resets at its last arrival (line %d): the "
               "wait could see the counter back at zero and spin for ever; wait on a grid event of its own",
               label(c, w), (int)g->name.len, g->name.s, label(c, last), source_line(c->src, last->at.an->start));
    return false;
  }
  bool triggered = false;
  for (int i = 0; i < k->grid_ops.len && !triggered; i++) {
    const GridOp *t = &k->grid_ops.items[i];
    triggered = t->event == g && t->kind == GRID_TRIGGER && t->at.region == w->at.region && t->at.an->start < w->at.an->start;
  }
  if (!triggered) {
    diag_error(c->diag, w->at.an->start,
               "%s before this %s has triggered '%.*s': on a grid event the blocks that wait are the ones that arrived "
               "(the last of them to leave resets the counter for the next phase); trigger '%.*s' first here, or, "
               "where a block only needs to know that it is the last, use tirx_trigger_last()",
               label(c, w), w->at.region ? "region" : "block", (int)g->name.len, g->name.s, (int)g->name.len,
               g->name.s);
    return false;
  }
  size_t bad;
  if (launched_persistent(c, k, stmts, &bad)) return true;
  const char *name = kernel_name(c, k);
  diag_error(c->diag, w->at.an->start,
             "%s spins until other blocks arrive at '%.*s', which they can only do if they are resident: launch '%s' "
             "with '#pragma tirx launch grid(persistent)' (one block per free slot of the GPU, every block running at "
             "once)%s%s",
             label(c, w), (int)g->name.len, g->name.s, name,
             has_persistent_loop(c, k) ? ""
                                       : ", which launches no more blocks than fit at once: walk the work items with "
                                         "'#pragma tirx persistent(item: N)', or the items of the blocks it leaves out "
                                         "are never done",
             bad ? "" : arena_printf(c->arena, "; tirx-pp sees no launch of '%s' in this file", name));
  if (bad) diag_note(c->diag, bad, "this launch of '%s' is not persistent", name);
  return false;
}

static bool is_loop(const Node *n) {
  return n->kind == CXCursor_ForStmt || n->kind == CXCursor_WhileStmt || n->kind == CXCursor_DoStmt ||
         n->kind == CXCursor_CXXForRangeStmt;
}

// The innermost loop between the operation and the kernel's body (a
// `#pragma tirx persistent` is one), -1 if none.
static int loop_above(Ctx *c, const Kernel *k, const GridOp *op) {
  int node = front_first_at(c->front, op->at.an->start);
  if (node >= c->front->nnodes) return -1;
  for (int p = node_at(c, node)->parent; p >= 0 && p != k->func; p = node_at(c, p)->parent)
    if (is_loop(node_at(c, p))) return p;
  return -1;
}

static bool names_varying(Ctx *c, int loop, const char *text, size_t len, size_t before, int depth);

// Whether `name` is a variable that takes a new value in each iteration of
// loop: declared in its header (the loop's variable, a persistent loop's
// work item), or in its body before `before` from such a variable.
static bool varies_in_loop(Ctx *c, int loop, const char *name, size_t len, size_t before, int depth) {
  const Node *l = node_at(c, loop);
  for (int i = loop + 1; i <= l->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_VarDecl || n->start >= before) continue;
    CXString sp = clang_getCursorSpelling(n->cur);
    bool same = strlen(clang_getCString(sp)) == len && !memcmp(clang_getCString(sp), name, len);
    clang_disposeString(sp);
    if (!same) continue;
    int stmt = n->parent;
    if (stmt == loop + 1 && node_at(c, stmt)->parent == loop && l->kind == CXCursor_ForStmt) return true;
    if (depth > 0 && n->end > n->start && n->end <= c->src->len) {
      // its initializer: the text after its name
      const char *t = c->src->data + n->start;
      size_t tl = n->end - n->start;
      size_t at = text_find_word((LexText){t, tl}, 0, name, len);
      if (at < tl && names_varying(c, loop, t + at + len, tl - at - len, n->start, depth - 1)) return true;
    }
  }
  return false;
}

// Whether the text names a variable that changes with each iteration of loop.
static bool names_varying(Ctx *c, int loop, const char *text, size_t len, size_t before, int depth) {
  LexText lt = {text, len};
  bool line_start = false;
  LexTok tok;
  for (size_t i = 0; lex_next(lt, &i, &line_start, &tok);)
    if (tok.kind == LEX_IDENT && varies_in_loop(c, loop, text + tok.start, tok.end - tok.start, before, depth))
      return true;
  return false;
}

// An event that is waited on counts the blocks out of each phase: in a loop,
// a fast block that leaves the wait arrives for the next iteration while
// slower ones still wait, and they count that arrival as theirs (the counter
// is never reset). Its operations in a loop need a slot per iteration.
static bool check_in_loop(Ctx *c, const Kernel *k, const GridOp *op) {
  int loop = loop_above(c, k, op);
  if (loop < 0) return true;
  Span slot = op->at.slot;
  if (slot.len && names_varying(c, loop, slot.s, slot.len, op->at.an->start, 3)) return true;
  const GridEvent *g = op->event;
  diag_error(c->diag, op->at.an->start,
             "%s is in a loop and its %s does not change with the loop's iterations: '%.*s' is waited on, and a block "
             "that leaves the wait can arrive for the next iteration while slower blocks still wait, which then count "
             "that arrival as theirs (the counter is never set back to zero); index '%.*s' by the loop's variable or "
             "the persistent loop's work item (a counter per iteration), or move the operation out of the loop",
             label(c, op), slot.len ? "slot" : "event (a single counter)", (int)g->name.len, g->name.s,
             (int)g->name.len, g->name.s);
  diag_note(c->diag, node_at(c, loop)->start, "the loop");
  return false;
}

// The if or switch between the operation and its region (or the kernel's
// body) that decides whether it runs, -1 if none. read_grid_op() let it
// pass only under `#pragma tirx uniform`, which vouches for the threads of
// one block, not for the blocks of the grid.
static int if_above(Ctx *c, const Kernel *k, const GridOp *op) {
  int node = front_first_at(c->front, op->at.an->start);
  if (node >= c->front->nnodes) return -1;
  for (int p = node_at(c, node)->parent; p >= 0 && p != k->func; p = node_at(c, p)->parent) {
    if (op->at.region && p == op->at.region->body.node) break;
    const Node *n = node_at(c, p);
    bool in_cond = p + 1 <= n->last && node >= p + 1 && node <= node_at(c, p + 1)->last;
    if ((n->kind == CXCursor_IfStmt || n->kind == CXCursor_SwitchStmt) && !in_cond) return p;
  }
  return -1;
}

// On an event that is waited on, the blocks that wait are those that arrive,
// all count(C) of them, and the last to leave resets the counter: a block
// that skips its trigger or its wait leaves the counter off zero.
static bool check_unconditional(Ctx *c, const Kernel *k, const GridOp *op) {
  int cond = if_above(c, k, op);
  if (cond < 0) return true;
  const GridEvent *g = op->event;
  diag_error(c->diag, op->at.an->start,
             "%s is under an 'if' that some blocks may skip ('#pragma tirx uniform' says every thread of one block "
             "takes it alike, not every block of the grid): '%.*s' is waited on, and its counter goes back to zero "
             "only when all the blocks that arrive have also waited; make every trigger and wait of '%.*s' "
             "unconditional, or, where one block only needs to know that it is the last, use tirx_trigger_last() on "
             "an event that is not waited on",
             label(c, op), (int)g->name.len, g->name.s, (int)g->name.len, g->name.s);
  diag_note(c->diag, node_at(c, cond)->start, "the condition");
  return false;
}

static const char *const thread_identity[] = {"threadIdx", NULL};

// A return before the operation that only the threads of a thread-dependent
// condition take, in the operation's region or before the regions: the
// operation gathers the region (or the block) on a barrier before one thread
// acts for it, and the threads that returned never come.
static bool check_no_return_before(Ctx *c, const Kernel *k, const Names *tainted, const GridOp *op) {
  size_t off = op->at.an->start;
  for (int i = k->func; i <= node_at(c, k->func)->last && node_at(c, i)->start < off; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_ReturnStmt || n->func != k->func) continue;
    const Region *r = enclosing_region(k, n->start);
    if (r && r != op->at.region) continue;
    int p = dependent_condition(c, i, k->func, n->start, thread_identity, tainted);
    if (p < 0 || node_at(c, p)->end > off) continue;
    const char *whole = op->at.region ? "region" : "block";
    diag_error(c->diag, off,
               "%s after a return that part of the %s takes: its threads meet on a barrier before one of them acts "
               "for the block, and the threads that returned never come; let them skip their work under an 'if' "
               "instead of returning, so that every thread of the %s reaches the operation",
               label(c, op), whole, whole);
    diag_note(c->diag, n->start, "this return depends on the thread's identity");
    return false;
  }
  return true;
}

// A tirx_trigger_if_last() arrives only for the last block of a phase: the
// others must arrive later, with a tirx_trigger_last() of the event after it
// in the same region, or no block is ever the last; false when reported.
static bool check_if_last(Ctx *c, const Kernel *k, const GridOp *op) {
  for (int i = 0; i < k->grid_ops.len; i++) {
    const GridOp *t = &k->grid_ops.items[i];
    if (t->event == op->event && t->kind == GRID_TRIGGER_LAST && t->at.region == op->at.region &&
        t->at.an->start > op->at.an->start)
      return true;
  }
  const GridEvent *g = op->event;
  diag_error(c->diag, op->at.an->start,
             "%s arrives at grid event '%.*s' only when it is the last arrival of the phase, and no tirx_trigger_last() "
             "of '%.*s' follows it in this %s: the blocks it answers false to never arrive, so no block is ever the "
             "last; where it answers false, arrive with tirx_trigger_last(), or use tirx_trigger_last() alone",
             label(c, op), (int)g->name.len, g->name.s, (int)g->name.len, g->name.s,
             op->at.region ? "region" : "block");
  return false;
}

void check_grid_events(Ctx *c, Kernel *k, const Stmt *stmts) {
  Names tainted = {0};
  dependent_vars(c, k, thread_identity, clang_getNullCursor(), &tainted);
  bool returned = false;
  for (int i = 0; i < k->grid_ops.len && !returned; i++)
    returned = !check_no_return_before(c, k, &tainted, &k->grid_ops.items[i]);
  if (returned) return;
  for (int e = 0; e < k->grid_events.len; e++) {
    const GridEvent *g = &k->grid_events.items[e];
    const GridOp *last = first_op(k, g, is_last_form), *plain = first_op(k, g, is_plain_trigger);
    // A plain arrival may be the count-th: nobody would reduce, nobody reset.
    if (last && plain) {
      diag_error(c->diag, plain->at.an->start,
                 "%s arrives at grid event '%.*s' without asking whether it is the last, but %s at line %d does: the "
                 "last arrival of a phase may be this one, and then no block learns that the phase is complete and "
                 "the counter is not reset; arrive with tirx_trigger_last() here too",
                 label(c, plain), (int)g->name.len, g->name.s, label(c, last), source_line(c->src, last->at.an->start));
      continue;
    }
    bool alone = false;
    for (int i = 0; i < k->grid_ops.len && !alone; i++)
      if (k->grid_ops.items[i].event == g && k->grid_ops.items[i].kind == GRID_TRIGGER_IF_LAST)
        alone = !check_if_last(c, k, &k->grid_ops.items[i]);
    if (alone) continue;
    // Every wait (each region's waits are their own), one message per event.
    bool waits_ok = true;
    for (int i = 0; i < k->grid_ops.len && waits_ok; i++)
      if (k->grid_ops.items[i].event == g && k->grid_ops.items[i].kind == GRID_WAIT)
        waits_ok = check_wait(c, k, stmts, &k->grid_ops.items[i]);
    bool waited = first_op(k, g, is_wait) != NULL, looped = false;
    for (int i = 0; i < k->grid_ops.len && waited && waits_ok && !looped; i++)
      if (k->grid_ops.items[i].event == g) looped = !check_in_loop(c, k, &k->grid_ops.items[i]);
    for (int i = 0; i < k->grid_ops.len && waited && waits_ok && !looped; i++)
      if (k->grid_ops.items[i].event == g && !check_unconditional(c, k, &k->grid_ops.items[i])) break;
  }
}
