// stubvar.h - the stub variables (stubvar.c): the ID in their names, and
// reading them back from the node table after the parse (the gathering, and
// the constructs whose stub evaluates a clause: hint.c, launch.c).
#pragma once
#include "construct.h"

// The ID in an annotation's stub variables (`__tirx_parts_ID`, ...).
int stub_id(const Ctx *c, const Annotation *an);
// The VarDecl named `name` among the nodes of an annotation's stub, -1 if none.
int stub_var(const Ctx *c, const Annotation *an, const char *name, size_t len);
// Evaluates the stub variable `name` that an annotation's stub declared;
// false when it is not an integer constant expression (or not an integer:
// regs(24.5) would silently become 24).
bool stub_value(const Ctx *c, const Annotation *an, const char *name, long long *v);
// A clause with one constant argument as a message names it: as written, and
// its value when the text is not that value ("regs(2 * N) is 20"); a
// value past LLONG_MAX as written only. With no clause, the argument alone
// ("2 * N, which is 20").
const char *stub_clause_shown(Ctx *c, const char *clause, Span expr, long long v);
// Whether the stub variable `name` is initialized by a non-integer (2.5).
bool stub_not_integer(const Ctx *c, const Annotation *an, const char *name);

// Whether clang reported an error in the annotation's stub that nothing has
// reported yet (the driver reports a declaration's after the gathering, when
// tirx-pp said nothing there): its own message about a value it could not
// read would hide the cause. prefix: only an error that begins so (NULL: any).
bool stub_clang_failed(const Ctx *c, const Annotation *an, const char *prefix);
