// hint.h - `unroll(N)` and `serial`: nvcc's own loop pragmas (hint.c).
#pragma once
#include "construct.h"

void rewrite_hint(Ctx *c, const Annotation *an, Stmt st);

