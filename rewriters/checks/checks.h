// checks.h - the region and event checks that need a whole kernel (checks.c).
#pragma once
#include "kernel.h"

// The regions of each if / else-if chain: no overlap, every index covered
// (a warning), the register file.
void check_regions(Ctx *c, Kernel *k);
// Each event's arrivals per phase (Event.inferred), or why they cannot be
// inferred; a wait that nothing triggers.
void infer_counts(Ctx *c, Kernel *k);
// A wait with a constant parity in a loop that may wait on a slot twice.
void check_constant_parities(Ctx *c, Kernel *k);
// A wait with its own parity and one without, on one event by the same threads.
void check_mixed_parities(Ctx *c, Kernel *k);
// A wait in a lambda that does not hold the kernel's phase bits by reference.
void check_lambda_waits(Ctx *c, Kernel *k);
// Waits whose parity comes from the phase bits must be taken by the same
// threads at every visit: not under elect, nor under a condition on the
// thread that can change between visits, nor skipped by such a continue.
void check_wait_sites(Ctx *c, Kernel *k);
// A forward goto past the partition's or an event's declaration to a label
// in its scope (the lowering's initialized variables would be jumped over).
void check_jumps(Ctx *c, Kernel *k);
// A tirx_trigger_bytes under an `if` that whole warps take: each of their
// threads would announce the copy's bytes.
void check_byte_triggers(Ctx *c, Kernel *k, const Stmt *stmts);
// A launch of a partitioned kernel in the same file whose block is a known
// constant other than the partition's threads (a warning).
void check_launches(Ctx *c, Kernel *k, const Stmt *stmts);
// The arrivals one phase of the event gets when each region that triggers it
// runs its triggers of one phase (the sites that arrive in the same phase
// added up, each times the loops that repeat it there); 0 when tirx-pp
// cannot count them. What the inferred count is, and what count(N) is
// checked against.
long long event_arrivals_per_phase(Ctx *c, Kernel *k, Event *ev);
