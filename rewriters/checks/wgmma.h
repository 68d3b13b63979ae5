// wgmma.h - the asynchronous copies and reads of a ring's slots (wgmma.c):
// a slot handed back while wgmma may still read it, a copy that completes
// on another barrier than the one its bytes were announced on.
#pragma once
#include "kernel.h"

// After `tirx_wait(full[s])`, the first wgmma group committed
// (tirx_wgmma_commit(), in the region or in a helper of the file it calls)
// reads the slot's shared memory until a tirx_wgmma_wait<N>() returns with
// more than N groups committed after it. A trigger of the same slot
// (`tirx_trigger(empty[s])`) before that hands the slot to the producer
// mid-read: an error.
void check_wgmma_release(Ctx *c, Kernel *k);

// A TMA copy (tirx_tma_load_*, or a helper of the file that issues one) with
// an argument that is an event (`&full[s]`, its barrier): the event must have
// its bytes announced by a tirx_trigger_bytes somewhere (an error), and the
// nearest announcement before the copy on that event, in the same loop,
// should name the same slot the same way (a warning).
void check_copy_barriers(Ctx *c, Kernel *k);
