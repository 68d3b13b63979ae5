// hint.h - `unroll(N)` and `serial`: nvcc's own loop pragmas (hint.c).
#pragma once
#include "construct.h"

void rewrite_hint(Ctx *c, const Annotation *an, Stmt st);

// What clang sees in place of `unroll` (constructs.def): the factor of
// `unroll(N)` when it is an expression, nothing otherwise.
const char *unroll_factor_stub(Ctx *c, const Annotation *an);
