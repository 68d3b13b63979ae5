// elected.h - what the statement under `elect` may do (elected.c): no warp
// collective, and nothing that depends on which lane is elected.
#pragma once
#include "kernel.h"

// Every elect of the kernel's function (and of its lambdas).
void check_elected(Ctx *c, Kernel *k, const Stmt *stmts);
