// gather_regions.h - a kernel's partition and regions (gather_regions.c).
#pragma once
#include "kernel.h"

// warpgroups(wg: N) / warps(w: N): Kernel.part, part_name, nparts, group.
void read_partition(Ctx *c, Kernel *k, const Annotation *an);
// async(PRED) / in_threads(PRED) on the block `st`: appended to Kernel.regions
// (Kernel.failed_regions counts one that could not be read).
void read_region(Ctx *c, Kernel *k, const Annotation *an, Stmt st);
