// diag.h - diagnostics in clang's format: file:line:col: error: message, then
// the source line and a caret.
#pragma once
#include <stdbool.h>
#include <stdio.h>

#include "source.h"

typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE, DIAG_REMARK } DiagKind;

typedef struct DiagMessage DiagMessage;

typedef struct {
  const Source *src;
  FILE *out;      // where messages go; NULL counts them only
  bool werror;    // warnings count as errors
  bool remarks;   // -Rpass: print remarks
  bool color;
  int errors, warnings;
  DiagMessage *messages;  // kept until diag_flush
  int nmessages, capmessages;
} Diag;

// len > 1 underlines len bytes after the caret with '~'.
void diag_at(Diag *d, DiagKind kind, size_t off, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
#define diag_error(d, off, ...) diag_at((d), DIAG_ERROR, (off), 0, __VA_ARGS__)
#define diag_warning(d, off, ...) diag_at((d), DIAG_WARNING, (off), 0, __VA_ARGS__)
#define diag_note(d, off, ...) diag_at((d), DIAG_NOTE, (off), 0, __VA_ARGS__)
#define diag_remark(d, off, ...) diag_at((d), DIAG_REMARK, (off), 0, __VA_ARGS__)
// A message with no place in the input: "tirx-pp: error: ...".
void diag_plain(Diag *d, DiagKind kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool diag_failed(const Diag *d);  // errors, or warnings under -Werror
// Whether a message (not a note) points into [start, end).
bool diag_has_message(const Diag *d, size_t start, size_t end);
// Writes the messages, in source order, and forgets them.
void diag_flush(Diag *d);
// Moves from's messages (kept, not written) and counts into to, as if made
// there now; from is left empty. (A message held until it is known whether
// to report it: driver.c's annotations, read before the parse.)
void diag_take(Diag *to, Diag *from);
