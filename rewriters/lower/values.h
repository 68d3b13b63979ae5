// values.h - a kernel lowered once per value of a template parameter
// (warpgroups(...) values(P: ...), docs/language.md#partitions-and-async-regions): each value's lowering
// rendered under `if constexpr ((P) == (V))` (values.c).
#pragma once
#include "kernel.h"

// After every kernel of the file was lowered (or refused): for each kernel
// with values(), when all of its values were lowered, one edit that renders
// its body once per value, each under its `if constexpr`, and an instance
// with another value stopped by a static_assert. The edits of its lowerings
// outside the body (launch bounds, a trace registration) must be the same
// for every value: they are kept once.
void lower_values(Ctx *c, KernelList *kernels);
