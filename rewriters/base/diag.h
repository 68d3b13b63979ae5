// diag.h - diagnostics in clang's format: file:line:col: error: message, then
// the source line and a caret (Diag, diag_at, diag_plain and diag_flush:
// tirx_support.h).
#pragma once
#include <stdbool.h>
#include <stdio.h>

#include "source.h"
#include "tirx_support.h"

#define diag_error(d, off, ...) diag_at((d), DIAG_ERROR, (off), 0, __VA_ARGS__)
#define diag_warning(d, off, ...) diag_at((d), DIAG_WARNING, (off), 0, __VA_ARGS__)
#define diag_note(d, off, ...) diag_at((d), DIAG_NOTE, (off), 0, __VA_ARGS__)
#define diag_remark(d, off, ...) diag_at((d), DIAG_REMARK, (off), 0, __VA_ARGS__)
bool diag_failed(const Diag *d);  // errors, or warnings under -Werror
// Whether a message (not a note) points into [start, end).
bool diag_has_message(const Diag *d, size_t start, size_t end);
// A note for message number `message` (an index below nmessages, in the order
// made) instead of the last one.
void diag_note_to(Diag *d, int message, size_t off, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
// Whether messages i and j are at one place with one text (notes included).
bool diag_same_message(const Diag *d, int i, int j);
// Moves from's messages (kept, not written) and counts into to, as if made
// there now; from is left empty. (A message held until it is known whether
// to report it: driver.c's annotations, read before the parse.)
void diag_take(Diag *to, Diag *from);
