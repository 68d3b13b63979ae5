// reach.h - how many threads of a partition index reach a site under
// conditions on the thread (reach.c), for the arrivals of a trigger there.
#pragma once
#include "kernel.h"

// The threads of partition index v that reach offset `off` under node i,
// from `top` (the kernel, so that an `if` around the region counts): each
// condition between them evaluated for each of v's threads, in the types
// the program computes in (`threadIdx.x % 32 == 0`, `lane < 2` with `lane` a
// local initialized from threadIdx.x, `w == 1`, `tirx_elect_one_sync()` as
// each warp's first lane, and the parts of `n > 1 && lane == 0`). A part
// that is the same in every thread of the block (no thread or partition
// index, no call, locals only through their one initializer) is taken to
// hold. -1 when a condition cannot be evaluated otherwise, a return, break,
// continue or goto under a condition on the thread comes before the site,
// or the site is in a lambda.
int threads_reaching(Ctx *c, const Kernel *k, int i, int top, size_t off, int v);

// What the deadlock check's walk knows where it reaches the site: the value
// of a local of the kernel it tracks (a loop counter, `for (h = 0; h < 2;
// ++h) if (lane == h) ...`), asked through value(); `used` is set when an
// answer was used, so that the count holds for that visit only. scratch is
// reach.c's, kept from one call to the next (NULL at first).
typedef struct {
  bool (*value)(void *ctx, CXCursor var, long long *v);
  void *ctx;
  bool used;
  void *scratch;
} ReachWalk;

// threads_reaching where the walk stands: the locals it knows read as it knows them.
int threads_reaching_at(Ctx *c, const Kernel *k, int i, int top, size_t off, int v, ReachWalk *walk);

// Whether thread `thread` of the block reaches the site (threads_reaching's
// conditions, without the walk's locals): 1, 0, or -1 when not told.
int thread_reaches(Ctx *c, const Kernel *k, int i, int top, size_t off, int thread);
