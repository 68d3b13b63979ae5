// stub.h - the parse-view stubs (stub.c): what clang sees in place of each
// annotation, and what the gathering reads back from an annotation's text
// the same way the stubs did.
#pragma once
#include "construct.h"

enum { MAX_PARTS = 32 };  // partition indices: warps of a 1024-thread block
enum { MAX_VALUES = 8 };  // values(P: ...) of a partition: lowerings of one kernel

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
// Whether a value of values(P: ...) is one tirx-pp takes: an integer literal
// (decimal, hexadecimal, octal or binary; a minus sign, digit separators and
// a suffix allowed), true or false.
bool stub_value_literal(Span v);
// A partition's `values(P: V1, V2, ...)`: P and the values as written (at most
// max); 0 when it has none or it is not of that form (read_partition says so).
int stub_partition_values(const Annotation *part, Span *param, Span *values, int max);
// The `name: count` argument of warpgroups(...) / warps(...).
bool stub_named_arg(const Annotation *an, Span *name, Span *value);
// The name an event declarator gives: its first clause without arguments
// other than `ready`; none when that is not a name.
Span stub_declarator_name(const Directive *d);
// `name` or `name[index]`: an event operation's argument.
bool stub_event_ref(Span s, Span *name, Span *index);
