// grid_check.h - the checks of grid events (grid_check.c,
// docs/regions-and-events.md#grid-events).
#pragma once
#include "kernel.h"

// How a kernel's operations on each grid event fit together (a wait's
// trigger before it, the arrivals a last-arrival test needs) and whether a
// wait's blocks are all resident (the kernel's launches in the file).
void check_grid_events(Ctx *c, Kernel *k, const Stmt *stmts);
