// uniform.h - the uniformity check of SPEC 2 (uniform.c).
#pragma once
#include "kernel.h"

// Block-wide collectives (and region-wide ones, and turns) reachable by part
// of the block.
void check_uniformity(Ctx *c, Kernel *k, const Stmt *stmts);
