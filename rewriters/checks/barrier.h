// barrier.h - named barrier ids for tirx_region_sync() and turns (barrier.c).
#pragma once
#include "kernel.h"

// Gives each region that calls tirx_region_sync() (Region.barrier) and each
// participant of a turns ring (Turns.ids) a named barrier, skipping the ids
// the kernel names itself.
void assign_barriers(Ctx *c, Kernel *k);
// The function nodes (bit per node, arena-allocated) that the kernel is made
// of: itself and the functions of this file it calls, a few calls deep
// (template calls through every candidate). Computed on the first call and
// kept in Kernel.reached for the checks after it.
const bool *kernel_reached_functions(Ctx *c, Kernel *k);
