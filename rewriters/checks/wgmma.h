// wgmma.h - the asynchronous copies and reads of a ring's slots (wgmma.c):
// a slot handed back while wgmma may still read it, a copy that completes
// on another barrier than the one its bytes were announced on.
#pragma once
#include "kernel.h"

// After `tirx_wait(full[s])`, a wgmma group committed (tirx_wgmma_commit(),
// written in the region or in a helper it calls) reads the slot's shared
// memory until tirx_wgmma_wait<0>() (or a wait that leaves fewer groups in
// flight than were committed since) returns. A trigger of the same slot
// (`tirx_trigger(empty[s])`) with such a group still in flight hands the slot
// to the producer mid-read: an error.
void check_wgmma_release(Ctx *c, Kernel *k);

// A TMA copy (tirx_tma_load_*, or a helper of the file that issues one) whose
// barrier argument is an event (`&full[s]`): the event must have its bytes
// announced by a tirx_trigger_bytes somewhere, and the nearest announcement
// before the copy on that event, in the same loop, must name the same slot
// the same way. Otherwise the bytes arrive on a phase that expects none.
void check_copy_barriers(Ctx *c, Kernel *k);
