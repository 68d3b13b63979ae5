// counts.h - waits and triggers counted from the loops' bounds as written (counts.c).
#pragma once
#include "kernel.h"

// Each event's waits in a region and its triggers in the region that
// triggers it, in loops whose bounds the deadlock check cannot evaluate,
// must come to the same count (or a multiple) per persistent tile or per
// run of the region, bounds compared as written.
void check_event_counts(Ctx *c, Kernel *k);
