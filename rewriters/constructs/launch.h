// launch.h - `#pragma tirx launch` before a kernel launch in host code (launch.c).
#pragma once
#include "construct.h"

void rewrite_launch(Ctx *c, const Annotation *an, Stmt st);
// launch's stub: the clauses the rewrite passes on (smem, stream, status),
// each as the type it is passed as, for clang to check.
const char *launch_stub(Ctx *c, const Annotation *an);
