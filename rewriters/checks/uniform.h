// uniform.h - the uniformity check of SPEC 2 (uniform.c).
#pragma once
#include "kernel.h"

// Block-wide collectives (and region-wide ones, and turns) reachable by part
// of the block.
void check_uniformity(Ctx *c, Kernel *k, const Stmt *stmts);

// Whether offset `off` is inside a statement under `#pragma tirx uniform`.
bool asserted_uniform(const Ctx *c, const Stmt *stmts, size_t off);
