// diag.c - message formatting.
#include "diag.h"

#include <stdarg.h>

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

static void print_head(Diag *d, DiagKind kind) {
  if (d->color)
    fprintf(d->out, "%s%s:\033[0m\033[1m ", kind_color(kind), kind_name(kind));
  else
    fprintf(d->out, "%s: ", kind_name(kind));
}

// The source line, then a caret under off (tabs kept so the caret lines up).
static void print_snippet(Diag *d, size_t off, size_t len) {
  const Source *s = d->src;
  int line = source_line(s, off);
  size_t n;
  const char *text = source_line_text(s, line, &n);
  size_t col = off - (size_t)(text - s->data);
  if (col > n) col = n;
  for (size_t i = 0; i < n; i++) fputc(text[i] ? text[i] : ' ', d->out);
  fputc('\n', d->out);
  for (size_t i = 0; i < col; i++) fputc(text[i] == '\t' ? '\t' : ' ', d->out);
  if (d->color) fputs("\033[1;32m", d->out);
  fputc('^', d->out);
  for (size_t i = 1; i < len && col + i < n; i++) fputc('~', d->out);
  if (d->color) fputs("\033[0m", d->out);
  fputc('\n', d->out);
}

void diag_at(Diag *d, DiagKind kind, size_t off, size_t len, const char *fmt, ...) {
  if (kind == DIAG_REMARK && !d->remarks) return;
  kind = count(d, kind);
  if (!d->out) return;
  if (d->color) fputs("\033[1m", d->out);
  fprintf(d->out, "%s:%d:%d: ", d->src->path, source_line(d->src, off), source_col(d->src, off));
  print_head(d, kind);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(d->out, fmt, ap);
  va_end(ap);
  if (d->color) fputs("\033[0m", d->out);
  fputc('\n', d->out);
  print_snippet(d, off, len);
}

void diag_plain(Diag *d, DiagKind kind, const char *fmt, ...) {
  if (kind == DIAG_REMARK && !d->remarks) return;
  kind = count(d, kind);
  if (!d->out) return;
  fputs("tirx-pp: ", d->out);
  print_head(d, kind);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(d->out, fmt, ap);
  va_end(ap);
  if (d->color) fputs("\033[0m", d->out);
  fputc('\n', d->out);
}

bool diag_failed(const Diag *d) { return d->errors > 0; }
