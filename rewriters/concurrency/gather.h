// gather.h - the first phase of structured concurrency (gather.c).
#pragma once
#include "kernel.h"

// Every kernel of the file with its partition, regions, events, operations
// and turns, read from the annotations (`stmts`: the statement each is
// attached to; `ok`: false for one reported already) and the node table;
// every other function of the file too, with none (the uniformity check
// reads them all).
KernelList gather_kernels(Ctx *c, const Stmt *stmts, const bool *ok);
