// gather_events.h - a kernel's event declarations (gather_events.c).
#pragma once
#include "kernel.h"

// Each declarator of an event declaration, appended to Kernel.events (the
// name of one that could not be read to Kernel.broken).
void read_event(Ctx *c, Kernel *k, const Annotation *an);
// The names an event declaration gives, even when the rest did not parse,
// into *names (in the arena); a name that cannot be told whole is an empty
// span. Returns how many.
int event_names_in(Arena *a, const Annotation *an, Span **names);
