// place.h - where an operation on an event stands (place.c).
#pragma once
#include "kernel.h"

// Where op (its an already set) stands: its region (a lambda's, by its
// calls), whether under elect, the innermost data-dependent and asserted
// uniform `if` above it.
void place_op(Ctx *c, Kernel *k, const Annotation *an, const Stmt *stmts, Op *op);

// Whether node i is in the first child of node p (an if's, a ?:'s or a
// `&&`'s condition: what runs whenever p runs).
bool in_first_child(const Ctx *c, int p, int i);
// The node above p where what p holds runs: its parent; for a lambda that a
// variable holds and one call runs, that call (an elect or an `if` around the
// call is around the lambda's operations); -1 at the top; RUNS_ELSEWHERE when
// the lambda runs at several calls or where tirx-pp cannot follow it (passed
// to a function).
enum { RUNS_ELSEWHERE = -2 };
int run_parent(const Ctx *c, const Kernel *k, int p);
// Whether p, which the walk up from an operation reached through below,
// runs it for some threads only: an if or a switch around it (not in its
// condition), a ?:, or the right side of && or ||.
bool conditional_on_path(const Ctx *c, int p, int below);
