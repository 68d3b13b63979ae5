// gather_turns.h - a kernel's turns rings and turns (gather_turns.c).
#pragma once
#include "kernel.h"

// `#pragma tirx turns NAME`: appended to Kernel.turns (the name of one that
// could not be read to Kernel.broken_turns).
void read_turns(Ctx *c, Kernel *k, const Annotation *an);
// `#pragma tirx turn(NAME) STMT`: appended to Kernel.turn_sites.
void read_turn(Ctx *c, Kernel *k, const Annotation *an, Stmt st);
