// place.h - where an operation on an event stands (place.c).
#pragma once
#include "kernel.h"

// Where op (its an already set) stands: its region (a lambda's, by its
// calls), whether under elect, the innermost data-dependent and asserted
// uniform `if` above it.
void place_op(Ctx *c, Kernel *k, const Annotation *an, const Stmt *stmts, Op *op);
