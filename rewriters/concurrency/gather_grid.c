// gather_grid.c - the gathering of grid events (`event done[N] grid(COUNTERS)
// count(C)`, docs/regions-and-events.md#grid-events) and of their operations:
// tirx_trigger, tirx_trigger_last, tirx_trigger_if_last and tirx_wait. What
// one annotation and its place tell is reported here; what needs the whole
// kernel (a wait's trigger, its launch) is checks/grid.c's.
#include <string.h>

#include "ast.h"
#include "gather_grid.h"
#include "place.h"
#include "stub.h"
#include "stubvar.h"

// Whether no event of the kernel, of the block or of the grid, has that
// name yet; reported when one has.
bool event_name_free(Ctx *c, const Kernel *k, Span name) {
  Span first = {0};
  for (int i = 0; i < k->events.len && !first.len; i++)
    if (span_same(k->events.items[i].name, name)) first = k->events.items[i].name;
  for (int i = 0; i < k->grid_events.len && !first.len; i++)
    if (span_same(k->grid_events.items[i].name, name)) first = k->grid_events.items[i].name;
  if (!first.len) return true;
  diag_error(c->diag, name.off, "event '%.*s' is declared twice", (int)name.len, name.s);
  diag_note(c->diag, first.off, "first declared here");
  return false;
}

bool read_grid_event(Ctx *c, Kernel *k, const Annotation *an, const Clause *decl, const Clause *grid,
                     const Clause *count, bool ready, const Clause *cluster) {
  if (grid->has_index || !grid->has_args || grid->nargs != 1 || grid->args[0].name.len) {
    diag_at(c->diag, DIAG_ERROR, grid->name.off, grid->name.len,
            "'grid' takes one argument, the counters in global memory: 'event %.*s[N] grid(counters) count(C)'",
            (int)decl->name.len, decl->name.s);
    return false;
  }
  // A counter counts blocks, which tirx-pp cannot count: how many blocks
  // arrive at one index is the schedule's (the splits of a tile).
  if (!count || count->nargs != 1) {
    diag_at(c->diag, DIAG_ERROR, decl->name.off, decl->name.len,
            "grid event '%.*s' needs count(C): the number of blocks that arrive at one of its counters in a phase "
            "(tirx-pp cannot infer it: it is the grid's schedule)",
            (int)decl->name.len, decl->name.s);
    return false;
  }
  if (ready || cluster) {
    diag_error(c->diag, decl->name.off, "grid event '%.*s' cannot be %s: %s", (int)decl->name.len, decl->name.s,
               ready ? "'ready'" : "a cluster event",
               ready ? "its counters start at zero arrivals, and the last arrival of a phase sets them back to zero"
                     : "its counters are in global memory, where every block of the grid reaches them");
    return false;
  }
  // Its lowering replaces the whole line (a pointer and barriers, where an
  // mbarrier event's is an array).
  if (dir_ndecls(&an->dir) > 1) {
    diag_error(c->diag, decl->name.off,
               "grid event '%.*s' must be declared on a line of its own, not in a list with other events",
               (int)decl->name.len, decl->name.s);
    return false;
  }
  if (!event_name_free(c, k, decl->name)) return false;
  GridEvent g = {.an = an,
                 .name = decl->name,
                 .slots_text = decl->has_index ? decl->index : (Span){0},
                 .counters = span_trim(grid->args[0].expr),
                 .count = span_trim(count->args[0].expr)};
  VEC_PUSH(c->arena, k->grid_events, g);
  return true;
}

GridEvent *find_grid_event(Kernel *k, Span name) {
  for (int i = 0; i < k->grid_events.len; i++)
    if (span_same(k->grid_events.items[i].name, name)) return &k->grid_events.items[i];
  return NULL;
}

bool grid_only_call(const Annotation *an) {
  return an->spelling == SPELL_CALL && (span_eq(an->name, "tirx_trigger_last") || span_eq(an->name, "tirx_trigger_if_last"));
}

// After the declaration, in the block that holds it (as an mbarrier event's).
static bool grid_in_scope(Ctx *c, const Annotation *an, const GridEvent *g, Span target) {
  int var = stub_var(c, g->an, g->name.s, g->name.len);
  int decl = var >= 0 ? node_at(c, var)->parent : -1;
  int scope = decl >= 0 && node_at(c, decl)->kind == CXCursor_DeclStmt ? node_at(c, decl)->parent : -1;
  bool out = scope >= 0 && (an->start < node_at(c, scope)->start || an->start >= node_at(c, scope)->end);
  if (!out && an->start > g->an->start) return true;
  if (out)
    diag_at(c->diag, DIAG_ERROR, target.off, target.len,
            "event '%.*s' is used out of its scope: it is declared in a block that ends at line %d", (int)target.len,
            target.s, source_line(c->src, node_at(c, scope)->end - 1));
  else
    diag_at(c->diag, DIAG_ERROR, target.off, target.len, "event '%.*s' is used before its declaration",
            (int)target.len, target.s);
  diag_note(c->diag, g->name.off, "'%.*s' is declared here", (int)target.len, target.s);
  return false;
}

const char *grid_op_label(Ctx *c, const Annotation *an) {
  if (an->spelling == SPELL_CALL)
    return arena_printf(c->arena, "%.*s(%.*s)", (int)an->name.len, an->name.s, (int)an->args.len, an->args.s);
  const Clause *e = an->dir.nclauses == 1 ? &an->dir.clauses[0] : NULL;  // `wait done[i]`: the event slot
  if (!e) return spelling_of(an);
  return arena_printf(c->arena, "%s %.*s%s%.*s%s", spelling_of(an), (int)e->name.len, e->name.s, e->has_index ? "[" : "",
                      (int)e->index.len, e->index.s, e->has_index ? "]" : "");
}

// The innermost node between the operation and its region (or the kernel's
// body) that runs it for some threads only: an if or a switch around it
// (not in its condition, and not the statement of `#pragma tirx uniform`),
// a ?:, or the right side of && or ||; -1 if none. (The answer of
// tirx_trigger_last() is the test of an `if`.)
static int conditional_above(Ctx *c, const Kernel *k, const Stmt *stmts, const Op *op) {
  int node = front_first_at(c->front, op->an->start);
  if (node >= c->front->nnodes) return -1;
  for (int below = node, p = node_at(c, node)->parent; p >= 0; below = p, p = run_parent(c, k, p)) {
    if (p == k->func || (op->region && p == op->region->body.node)) break;
    if (!conditional_on_path(c, p, below)) continue;
    if (node_at(c, p)->kind != CXCursor_IfStmt && node_at(c, p)->kind != CXCursor_SwitchStmt) return p;
    if (!uniform_statement(c, stmts, p)) return p;
  }
  return -1;
}

bool read_grid_op(Ctx *c, Kernel *k, const Annotation *an, const Stmt *stmts, Op *op, Span target) {
  GridEvent *g = find_grid_event(k, target);
  if (!g) {  // tirx_trigger_last() on an mbarrier event, or on no event at all
    bool mbar = false;
    for (int i = 0; i < k->events.len; i++) mbar |= span_same(k->events.items[i].name, target);
    for (int i = 0; i < k->broken.len && !mbar; i++)  // said already
      if (!k->broken.items[i].len || span_same(k->broken.items[i], target)) return true;
    if (mbar)
      diag_at(c->diag, DIAG_ERROR, target.off, target.len,
              "%.*s() takes a grid event ('event %.*s[N] grid(counters) count(C)'): '%.*s' is an event of the block, "
              "whose last arrival nobody is told of",
              (int)an->name.len, an->name.s, (int)target.len, target.s, (int)target.len, target.s);
    else
      diag_at(c->diag, DIAG_ERROR, target.off, target.len, "'%.*s' is not an event declared in this kernel",
              (int)target.len, target.s);
    return false;
  }
  if (!grid_in_scope(c, an, g, target)) return false;
  if (op->kind == OP_TRIGGER_BYTES || op->has_extra) {
    diag_at(c->diag, DIAG_ERROR, op->extra.off, op->extra.len,
            "%s: grid event '%.*s' counts blocks, %s", grid_op_label(c, an), (int)target.len, target.s,
            op->kind == OP_TRIGGER_BYTES ? "not bytes (tirx_trigger_bytes is for TMA copies into shared memory)"
                                         : "without phases to name: a wait takes the event's slot alone");
    return false;
  }
  if ((g->slots_text.len > 0) != (op->slot.len > 0)) {
    if (op->slot.len)
      diag_error(c->diag, target.off, "event '%.*s' is a single event, not an array", (int)target.len, target.s);
    else
      diag_error(c->diag, target.off, "event '%.*s' is an array: name a slot, '%.*s[i]'", (int)target.len, target.s,
                 (int)target.len, target.s);
    return false;
  }
  GridOp go = {.event = g};
  go.kind = span_eq(an->name, "tirx_trigger_last")      ? GRID_TRIGGER_LAST
            : span_eq(an->name, "tirx_trigger_if_last") ? GRID_TRIGGER_IF_LAST
            : op->kind == OP_WAIT                       ? GRID_WAIT
                                                        : GRID_TRIGGER;
  place_op(c, k, an, stmts, op);
  op->data_if = conditional_above(c, k, stmts, op);
  if (op->runs_elsewhere) {
    diag_error(c->diag, an->start,
               "%s is in a lambda that runs at more than one call, or is passed to a function: an operation on a grid "
               "event is made by the whole %s, and tirx-pp cannot see that every thread of it reaches each call",
               grid_op_label(c, an), op->region ? "region" : "block");
    diag_note(c->diag, node_at(c, op->lambda)->start, "the lambda");
    return false;
  }
  // The operation gathers its region on a barrier before one thread acts
  // for the block: every thread of the region must reach it.
  if (op->under_elect || op->data_if >= 0) {
    diag_error(c->diag, an->start,
               "%s is under %s: an operation on a grid event is made by the whole %s (its threads meet on a barrier, "
               "then one arrives or waits for the block), so every thread of it must reach it",
               grid_op_label(c, an), op->under_elect ? "elect" : "a condition that not every thread may take alike",
               op->region ? "region" : "block");
    int cond = op->data_if;
    bool statement = cond >= 0 && (node_at(c, cond)->kind == CXCursor_IfStmt || node_at(c, cond)->kind == CXCursor_SwitchStmt);
    if (statement && op->under_elect && is_elect_if(c, cond))
      diag_note(c->diag, node_at(c, cond)->start,
                "elect is here: move the operation out of the elected statement (the operation elects its thread "
                "itself)");
    else if (statement)
      diag_note(c->diag, node_at(c, cond)->start,
                "this condition; if every thread of the %s takes it alike, say so with '#pragma tirx uniform'",
                op->region ? "region" : "block");
    else if (cond >= 0)
      diag_note(c->diag, node_at(c, cond)->start,
                "the call runs only when this expression's left side lets it: make it a statement of its own "
                "('bool last = %.*s(...);') and test its answer",
                (int)an->name.len, an->name.s);
    return false;
  }
  go.at = *op;
  VEC_PUSH(c->arena, k->grid_ops, go);
  return true;
}
