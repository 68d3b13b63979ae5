// thread.h - `elect`, `uniform` and the tirx_* calls (thread.c).
#pragma once
#include "construct.h"

void rewrite_elect(Ctx *c, const Annotation *an, Stmt st);
void rewrite_uniform(Ctx *c, const Annotation *an, Stmt st);
void rewrite_call(Ctx *c, const Annotation *an);
// Rejects arguments on a directive that takes none.
bool no_head_args(Ctx *c, const Annotation *an);
