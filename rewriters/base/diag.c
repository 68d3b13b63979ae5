// diag.c - message formatting. Messages are kept and written in source
// order when the run ends (diag_flush), each with the notes that follow it,
// so that the order does not depend on which check found what first.
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct DiagMessage {
  size_t off;  // where it points; messages with no place come first
  int seq;     // the order it was made in, for equal places
  Buf text;    // the message and its notes
};

static const char *kind_name(DiagKind k) {
  switch (k) {
  case DIAG_ERROR: return "error";
  case DIAG_WARNING: return "warning";
  case DIAG_NOTE: return "note";
  case DIAG_REMARK: return "remark";
  }
  return "error";
}

static const char *kind_color(DiagKind k) {
  switch (k) {
  case DIAG_ERROR: return "\033[1;31m";
  case DIAG_WARNING: return "\033[1;35m";
  case DIAG_NOTE: return "\033[1;30m";
  case DIAG_REMARK: return "\033[1;34m";
  }
  return "";
}

// Counts the message; -Werror turns a warning into an error.
static DiagKind count(Diag *d, DiagKind kind) {
  if (kind == DIAG_WARNING && d->werror) kind = DIAG_ERROR;
  if (kind == DIAG_ERROR) d->errors++;
  if (kind == DIAG_WARNING) d->warnings++;
  return kind;
}

static void put_head(const Diag *d, Buf *b, DiagKind kind) {
  if (d->color)
    buf_printf(b, "%s%s:\033[0m\033[1m ", kind_color(kind), kind_name(kind));
  else
    buf_printf(b, "%s: ", kind_name(kind));
}

// The source line, then a caret under off (tabs kept so the caret lines up).
static void put_snippet(const Diag *d, Buf *b, size_t off, size_t len) {
  const Source *s = d->src;
  int line = source_line(s, off);
  size_t n;
  const char *text = source_line_text(s, line, &n);
  size_t col = off - (size_t)(text - s->data);
  if (col > n) col = n;
  for (size_t i = 0; i < n; i++) buf_putc(b, text[i] ? text[i] : ' ');
  buf_putc(b, '\n');
  for (size_t i = 0; i < col; i++) buf_putc(b, text[i] == '\t' ? '\t' : ' ');
  if (d->color) buf_puts(b, "\033[1;32m");
  buf_putc(b, '^');
  for (size_t i = 1; i < len && col + i < n; i++) buf_putc(b, '~');
  if (d->color) buf_puts(b, "\033[0m");
  buf_putc(b, '\n');
}

// A new message, or (for a note) the message it belongs to: the last, or
// d->note_to's.
static Buf *message(Diag *d, DiagKind kind, size_t off) {
  if (kind == DIAG_NOTE && d->note_to > 0 && d->note_to <= d->nmessages) return &d->messages[d->note_to - 1].text;
  if (kind == DIAG_NOTE && d->nmessages) return &d->messages[d->nmessages - 1].text;
  if (d->nmessages == d->capmessages) {
    d->capmessages = d->capmessages ? d->capmessages * 2 : 16;
    d->messages = xrealloc(d->messages, sizeof(DiagMessage) * (size_t)d->capmessages);
  }
  DiagMessage *m = &d->messages[d->nmessages];
  *m = (DiagMessage){.off = off, .seq = d->nmessages};
  d->nmessages++;
  return &m->text;
}

static void vat(Diag *d, DiagKind kind, size_t off, size_t len, const char *fmt, va_list ap) {
  if (kind == DIAG_REMARK && !d->remarks) return;
  kind = count(d, kind);
  if (!d->out) return;
  Buf *b = message(d, kind, off);
  if (d->color) buf_puts(b, "\033[1m");
  const char *file;
  size_t file_len;
  int line = source_presumed(d->src, source_line(d->src, off), &file, &file_len);  // as clang names it
  if (file)
    buf_printf(b, "%.*s:%d:%d: ", (int)(file_len - 2), file + 1, line, source_col(d->src, off));
  else
    buf_printf(b, "%s:%d:%d: ", d->src->path, line, source_col(d->src, off));
  put_head(d, b, kind);
  buf_vprintf(b, fmt, ap);
  if (d->color) buf_puts(b, "\033[0m");
  buf_putc(b, '\n');
  put_snippet(d, b, off, len);
}

void diag_at(Diag *d, DiagKind kind, size_t off, size_t len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vat(d, kind, off, len, fmt, ap);
  va_end(ap);
}

void diag_note_to(Diag *d, int message, size_t off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  d->note_to = message + 1;
  vat(d, DIAG_NOTE, off, 0, fmt, ap);
  d->note_to = 0;
  va_end(ap);
}

bool diag_same_message(const Diag *d, int i, int j) {
  const Buf *a = &d->messages[i].text, *b = &d->messages[j].text;
  return d->messages[i].off == d->messages[j].off && a->len == b->len && !memcmp(a->data, b->data, a->len);
}

void diag_plain(Diag *d, DiagKind kind, const char *fmt, ...) {
  if (kind == DIAG_REMARK && !d->remarks) return;
  kind = count(d, kind);
  if (!d->out) return;
  Buf *b = message(d, kind, 0);
  buf_puts(b, "tirx-pp: ");
  put_head(d, b, kind);
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(b, fmt, ap);
  va_end(ap);
  if (d->color) buf_puts(b, "\033[0m");
  buf_putc(b, '\n');
}

static int by_place(const void *a, const void *b) {
  const DiagMessage *x = a, *y = b;
  if (x->off != y->off) return x->off < y->off ? -1 : 1;
  return x->seq - y->seq;
}

// Whether an earlier message at the same place says the same (a kernel
// checked once per value of values(P: ...) finds the same mistake in each).
static bool said_before(const Diag *d, int i) {
  for (int j = i - 1; j >= 0 && d->messages[j].off == d->messages[i].off; j--)
    if (diag_same_message(d, i, j)) return true;
  return false;
}

void diag_flush(Diag *d) {
  if (d->nmessages) qsort(d->messages, (size_t)d->nmessages, sizeof(DiagMessage), by_place);
  for (int i = 0; i < d->nmessages; i++)
    if (d->out && d->messages[i].text.len && !said_before(d, i))
      fwrite(d->messages[i].text.data, 1, d->messages[i].text.len, d->out);
  for (int i = 0; i < d->nmessages; i++) buf_free(&d->messages[i].text);
  free(d->messages);
  d->messages = NULL;
  d->nmessages = d->capmessages = 0;
  if (d->out) fflush(d->out);
}

void diag_take(Diag *to, Diag *from) {
  to->errors += from->errors;
  to->warnings += from->warnings;
  for (int i = 0; i < from->nmessages; i++) {
    if (!to->out) {
      buf_free(&from->messages[i].text);
      continue;
    }
    Buf *b = message(to, DIAG_ERROR, from->messages[i].off);  // made now, in to's order
    *b = from->messages[i].text;
  }
  free(from->messages);
  from->messages = NULL;
  from->nmessages = from->capmessages = from->errors = from->warnings = 0;
}

bool diag_failed(const Diag *d) { return d->errors > 0; }

bool diag_has_message(const Diag *d, size_t start, size_t end) {
  for (int i = 0; i < d->nmessages; i++)
    if (d->messages[i].off >= start && d->messages[i].off < end) return true;
  return false;
}
