// trace.h - the lowering under --trace (trace.c, docs/trace.md).
#pragma once
#include "kernel.h"

enum { TRACE_MAX_REGIONS = 8 };  // rings per block: TIRX_TRACE_REGIONS in headers/tirx/trace.h

// The recorder that a wait, trigger or turn of region r passes to its hook
// (`__tirx_trace_2`), or NULL when it is not traced: --trace is off or
// =regions, the operation is outside every region, or its region is past
// the eighth.
const char *trace_recorder(Ctx *c, const Kernel *k, const Region *r);
// What opens region i's body under --trace: its recorder, declared after
// `{` and after `prefix` (setmaxnreg); "" when the region is not traced.
const char *trace_region_open(Ctx *c, const Kernel *k, int i);
// The kernel's names (regions, events, turns rings) for the host that
// writes the trace, registered after the kernel.
void lower_trace_names(Ctx *c, Kernel *k);
// Under --trace, the body of each persistent loop of a traced region twice:
// `{ if (REC.detail()) BODY else BODY }`, the first copy with the hooks, the
// second as without --trace, so that the iterations the recorder does not
// record (tirx/trace.h: one in TIRX_TRACE_EVERY) cost what they cost plain.
// Not for a body with a label, a static or a __shared__ variable.
void lower_trace_samples(Ctx *c, Kernel *k);
