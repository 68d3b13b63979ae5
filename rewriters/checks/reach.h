// reach.h - how many threads of a partition index reach a site under
// conditions on the thread (reach.c), for the arrivals of a trigger there.
#pragma once
#include "kernel.h"

// The threads of partition index v that reach offset `off` under node i,
// from `top` (its region's body, or the kernel): each condition between them
// evaluated for each of v's threads (`threadIdx.x % 32 == 0`, `lane < 2`
// with `lane` a local initialized from threadIdx.x, `w == 1`, and the parts
// of `n > 1 && lane == 0`). A condition that reads neither the thread nor
// the partition index is taken to hold (all of the block's threads pass it
// or none does). -1 when a condition on the thread cannot be evaluated, a
// return, break, continue or goto under one comes before the site, or the
// site is in a lambda.
int threads_reaching(Ctx *c, const Kernel *k, int i, int top, size_t off, int v);
