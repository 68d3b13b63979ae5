// gather_ops.h - the operations on a kernel's events (gather_ops.c).
#pragma once
#include "kernel.h"

// A wait, trigger or tirx_region_sync(), appended to Kernel.ops (one that
// could not be read names its event in Kernel.failed_targets, or counts in
// Kernel.failed_ops). A trigger under an `if` (or switch, ?:) needs its
// event's count(N), unless the `if` is the statement of `#pragma tirx uniform`.
void read_op(Ctx *c, Kernel *k, const Annotation *an, const Stmt *stmts);
