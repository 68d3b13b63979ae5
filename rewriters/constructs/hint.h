// hint.h - `unroll(N)` and `serial`: nvcc's own loop pragmas (hint.c).
#pragma once
#include "construct.h"

void rewrite_hint(Ctx *c, const Annotation *an, Stmt st);
// unroll(N)'s stub (the row of `unroll`): the factor N, when it is not a
// number as written, as a condition's variable that rewrite_hint reads back.
const char *unroll_factor_stub(Ctx *c, const Annotation *an);
