// barrier.h - named barrier ids for tirx_region_sync() and turns (barrier.c).
#pragma once
#include "kernel.h"

// Gives each region that calls tirx_region_sync() (Region.barrier) and each
// participant of a turns ring (Turns.ids) a named barrier, skipping the ids
// the kernel names itself.
void assign_barriers(Ctx *c, Kernel *k);
