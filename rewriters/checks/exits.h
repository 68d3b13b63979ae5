// exits.h - exits under conditions the deadlock check cannot evaluate (exits.c).
#pragma once
#include "kernel.h"

// A break, continue or return of an async region, under a condition the
// deadlock check cannot evaluate, that skips the region's operations on
// events another region uses: that region must leave its step the same way,
// under the same condition, skipping its operations on the same events. And
// the waits and triggers of an event in loops of unknown length must come
// to the same count in the regions that wait and trigger, bounds as written.
void check_region_exits(Ctx *c, Kernel *k);
