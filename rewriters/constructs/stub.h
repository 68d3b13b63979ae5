// stub.h - the parse-view stubs (stub.c): what clang sees in place of each
// annotation, and what the gathering reads back from an annotation's text
// the same way the stubs did.
#pragma once
#include "construct.h"

enum { MAX_PARTS = 32 };  // partition indices: warps of a 1024-thread block

// Which annotations are structured concurrency's (their stubs are
// concurrency_stub's; the gathering reads them, kernel by kernel).
bool is_concurrency_annotation(const Annotation *an);
// Whether a statement annotation stands alone (declares) instead of
// annotating the statement after it.
bool is_declaration_annotation(const Annotation *an);
// A statement annotation's stub: what it declares, and the stub variables
// that the gathering evaluates (stub_value).
const char *stub_directive(Ctx *c, const Annotation *an);
// What a tirx_* call stands for while clang parses (tirx.h may not be
// included). A tirx_wait/tirx_trigger/tirx_trigger_bytes call becomes its
// slot and its second argument as expressions, `((void)(SLOT), (void)(X))`,
// so that clang checks what they name and the deadlock check can evaluate them.
const char *stub_call(Ctx *c, const Annotation *an);
// The ID in an annotation's stub variables (`__tirx_parts_ID`, ...).
int stub_id(const Ctx *c, const Annotation *an);
// The `name: count` argument of warpgroups(...) / warps(...).
bool stub_named_arg(const Annotation *an, Span *name, Span *value);
// The name an event declarator gives: its first clause without arguments
// other than `ready`; none when that is not a name.
Span stub_declarator_name(const Directive *d);
// `name` or `name[index]`: an event operation's argument.
bool stub_event_ref(Span s, Span *name, Span *index);

// Reading the stubs back from the node table (the gathering):
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
