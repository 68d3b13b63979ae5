// watchdog.h - under --watchdog, the per-block table of tirx/watchdog.h
// (watchdog.c): what each region waits for and each event's last trigger,
// printed by the wait that gives up.
#pragma once
#include "kernel.h"

// A C expression true on the thread that stands for op's region: its first
// thread; under elect, the elected lane of its first warp; under a
// data-dependent `if`, any thread that reaches op. Outside regions, thread 0.
const char *region_leader_test(Ctx *c, const Kernel *k, const Op *op);
// Whether kernel k keeps the table: --watchdog is on, the kernel waits, and
// the scope of its first event declaration holds every event and operation.
bool watch_table(Ctx *c, const Kernel *k);
// The table's declaration and initialization, to put before event e's
// declaration; "" unless e is where the table goes.
const char *watch_table_decl(Ctx *c, const Kernel *k, const Event *e);
// The arguments a watched wait starts with: "__tirx_watch, REGION, EVENT, WHO, ".
const char *watch_wait_args(Ctx *c, const Kernel *k, const Op *op);
// A trigger's address `addr` of `bars` as the recording call that returns it.
const char *watch_trigger_address(Ctx *c, const Kernel *k, const Op *op, const char *bars, const char *addr);
