// deadlock.h - the static deadlock check of SPEC 4 (deadlock.c).
#pragma once
#include "kernel.h"

// The first-iteration simulation of the kernel's waits, triggers and turns.
void check_deadlock(Ctx *c, Kernel *k);
