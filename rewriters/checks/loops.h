// loops.h - the checks across the loop constructs' annotations (loops.c).
#pragma once
#include "construct.h"

// Two annotations (unroll, serial, vectorize) that each transform the same
// loop: the second is an error, and ok[] says it is not to be rewritten.
// stmts and ok are the driver's, one per annotation of c->anns.
void check_loop_conflicts(Ctx *c, const Stmt *stmts, bool *ok);
// An unrolled loop (or grid) inside unrolled loops is rendered the product of
// their counts times: an error where that product passes MAX_COPIES.
void check_copies(Ctx *c);
