// concurrency.h - structured concurrency's entry point (concurrency.c).
#pragma once
#include "construct.h"

// Gathers, checks and lowers every partition, region, event, operation and
// turn of the file. `stmts` holds the statement each annotation is attached
// to; `ok` is false for an annotation reported already.
void rewrite_concurrency(Ctx *c, const Stmt *stmts, const bool *ok);
