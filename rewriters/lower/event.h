// event.h - lowering of events and their operations (event.c).
#pragma once
#include "kernel.h"

// The mbarrier arrays and their initialization, the phase bits, and every
// wait, trigger and byte trigger.
void lower_events(Ctx *c, Kernel *k);
