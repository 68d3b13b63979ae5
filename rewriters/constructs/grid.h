// grid.h - `grid(...)` and `persistent(...)` (grid.c).
#pragma once
#include "construct.h"

void rewrite_grid(Ctx *c, const Annotation *an, Stmt st);
void rewrite_persistent(Ctx *c, const Annotation *an, Stmt st);
// Whether each argument of a grid or persistent annotation names its index
// (`i: 4`), else reported with the way to write it: checked before the
// statement after it is read, since without a name clang's parse of that
// statement fails on the index it uses.
// *meant: the index it meant (`i` of `i = 4`), empty when none is told.
bool loop_indices_named(Ctx *c, const Annotation *an, Span *meant);
// Their parse-view stubs (see stub.h): the loop variables they declare.
const char *grid_stub(Ctx *c, const Annotation *an);
const char *persistent_stub(Ctx *c, const Annotation *an);
// The persistent loop at an's number of the iteration its block runs (0, 1,
// ...) as an expression of the loop's own variables, for the loop's body;
// NULL when its clause is wrong.
const char *persistent_iteration(Ctx *c, const Annotation *an);
// Whether the code that replaces a grid or persistent annotation starts with
// its loop, as nvcc's `#pragma unroll` on the line before needs: a grid of
// integer-literal extents without 'unroll' (a plain nest), a persistent tile
// loop (not one over groups, which starts with their table).
bool grid_output_starts_with_loop(const Annotation *an);
