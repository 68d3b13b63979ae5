// grid_check.c - the checks of grid events (docs/regions-and-events.md#grid-events)
// that need the whole kernel. A grid event is safe by construction where no
// block waits for another: tirx_trigger_last() and tirx_trigger_if_last()
// never spin. A wait spins until other blocks arrive, which the hardware
// guarantees only if they are running or have run: the kernel must be
// launched persistent (every block resident), and the blocks that wait must
// be those that arrive, so that the last to leave can reset the counter.
#include <string.h>

#include "ast.h"
#include "gather_grid.h"
#include "grid_check.h"

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
             "once)%s",
             label(c, w), (int)g->name.len, g->name.s, name,
             bad ? "" : arena_printf(c->arena, "; tirx-pp sees no launch of '%s' in this file", name));
  if (bad) diag_note(c->diag, bad, "this launch of '%s' is not persistent", name);
  return false;
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
    for (int i = 0; i < k->grid_ops.len; i++)
      if (k->grid_ops.items[i].event == g && k->grid_ops.items[i].kind == GRID_WAIT &&
          !check_wait(c, k, stmts, &k->grid_ops.items[i]))
        break;
  }
}
