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
// The watchdog of op, the `Watch` of tirx/hook.h's hooks:
// `tirx_watch_at(__tirx_watch, ROW, REGION, EVENT, WHO, CYCLESll, "name")` in
// a kernel with the table, else `tirx_watch_alone{CYCLESll, "name", FILE}`;
// NULL without --watchdog.
const char *watch_policy(Ctx *c, const Kernel *k, const Op *op);
