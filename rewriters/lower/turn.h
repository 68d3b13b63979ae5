// turn.h - lowering of turns rings and turns (turn.c).
#pragma once
#include "kernel.h"

// The bootstrap arrive at each ring's declaration, and the named barriers
// around each turn.
void lower_turns(Ctx *c, Kernel *k);
