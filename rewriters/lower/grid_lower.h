// grid_lower.h - lowering of grid events and their operations (grid_lower.c).
#pragma once
#include "kernel.h"

// The counters' pointer, each region's barrier pair, and every operation.
void lower_grid_events(Ctx *c, Kernel *k);
