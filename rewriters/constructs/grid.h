// grid.h - `grid(...)` and `persistent(...)` (grid.c).
#pragma once
#include "construct.h"

void rewrite_grid(Ctx *c, const Annotation *an, Stmt st);
void rewrite_persistent(Ctx *c, const Annotation *an, Stmt st);
// Their parse-view stubs (see stub.h): the loop variables they declare.
const char *grid_stub(Ctx *c, const Annotation *an);
const char *persistent_stub(Ctx *c, const Annotation *an);
