// deadlock.h - the static deadlock check (deadlock.c; docs/language.md#the-deadlock-check).
#pragma once
#include "kernel.h"

// The first-iteration simulation of the kernel's waits, triggers and turns.
void check_deadlock(Ctx *c, Kernel *k);
