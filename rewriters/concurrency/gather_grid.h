// gather_grid.h - grid events and their operations (gather_grid.c,
// docs/regions-and-events.md#grid-events).
#pragma once
#include "kernel.h"

// Whether no event of the kernel (of the block or of the grid) is named
// `name` yet; false, reported ("declared twice"), when one is.
bool event_name_free(Ctx *c, const Kernel *k, Span name);
// The grid event of an `event name[N] grid(COUNTERS) count(C)` declarator
// (decl: its name; count, ready, cluster: its other clauses as read_event
// found them), appended to Kernel.grid_events; false when reported.
bool read_grid_event(Ctx *c, Kernel *k, const Annotation *an, const Clause *decl, const Clause *grid,
                     const Clause *count, bool ready, const Clause *cluster);
// The kernel's grid event of that name, NULL if none.
GridEvent *find_grid_event(Kernel *k, Span name);
// tirx_trigger_last() and tirx_trigger_if_last(): calls only a grid event takes.
bool grid_only_call(const Annotation *an);
// The operation op (read so far by read_op: kind, slot, second argument) on
// `target`, appended to Kernel.grid_ops; false when reported.
bool read_grid_op(Ctx *c, Kernel *k, const Annotation *an, const Stmt *stmts, Op *op, Span target);
// How a message names an operation: `tirx_wait(done[t])`, `#pragma tirx trigger done[t]`.
const char *grid_op_label(Ctx *c, const Annotation *an);
