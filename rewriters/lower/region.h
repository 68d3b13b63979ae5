// region.h - lowering of the partition and the regions (region.c).
#pragma once
#include "kernel.h"

// The partition index as a warp-uniform const, and __launch_bounds__.
void lower_partition(Ctx *c, Kernel *k);
// The if / else-if chains with setmaxnreg, inthreads' block barrier,
// tirx_region_sync() as its named barrier.
void lower_regions(Ctx *c, Kernel *k);
