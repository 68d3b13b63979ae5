// grid_check.h - the checks of grid events (grid_check.c,
// docs/regions-and-events.md#grid-events).
#pragma once
#include "kernel.h"

// How a kernel's operations on each grid event fit together (a wait's
// trigger before it, the arrivals a last-arrival test needs, a
// tirx_trigger_last() after a tirx_trigger_if_last()), whether a wait's
// blocks are all resident (the kernel's launches in the file), and whether
// every block makes them once per phase (no if, no loop on one slot) with
// every thread (no return before them).
void check_grid_events(Ctx *c, Kernel *k, const Stmt *stmts);
