// edit.c - edit list and rendering with #line bookkeeping.
#include "edit.h"

#include <stdarg.h>
#include <stdlib.h>

// An empty edit would be found again at its own end forever; none is kept.
void edit_add(EditList *l, Edit e) {
  if (!e.variant) e.variant = l->variant;  // (a copied edit keeps its own)
  if (e.start < e.end) VEC_PUSH(l->arena, l->items, e);
}

void edit_replace(EditList *l, size_t start, size_t end, const char *text) {
  edit_add(l, (Edit){.start = start, .end = end, .text = text});
}

static int cmp_edit(const void *a, const void *b) {
  const Edit *x = a, *y = b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  if (x->end != y->end) return x->end > y->end ? -1 : 1;
  return 0;
}

// Whether an edit is rendered while variant v is (0: none) in copy `copy`
// (0 outside a body rendered twice, which shows the traced edits).
static bool shown(const Edit *e, int v, int copy) {
  if (e->copy == EDIT_OUTSIDE ? copy != 0 : e->copy && (e->copy == EDIT_PLAIN) != (copy == EDIT_PLAIN)) return false;
  return e->variant == 0 || e->variant == v || (e->variant == EDIT_NO_VARIANT && v == 0);
}

// Whether the edits rendered with variant v in copy `copy` nest.
static bool nest(const EditList *l, int v, int copy, size_t *stack, Diag *d) {
  int depth = 0;
  for (int i = 0; i < l->items.len; i++) {
    const Edit *e = &l->items.items[i];
    if (!shown(e, v, copy)) continue;
    while (depth && stack[depth - 1] <= e->start) depth--;
    if (depth && e->end > stack[depth - 1]) {
      diag_error(d, e->start, "tirx constructs overlap here; tirx-pp cannot rewrite this nesting");
      return false;
    }
    stack[depth++] = e->end;
  }
  return true;
}

bool edit_finish(EditList *l, Diag *d) {
  if (l->items.len) qsort(l->items.items, (size_t)l->items.len, sizeof(Edit), cmp_edit);
  size_t *stack = arena_alloc(l->arena, sizeof(size_t) * (size_t)(l->items.len + 1));
  for (int v = 0; v <= l->nvariants; v++)
    for (int copy = 0; copy <= EDIT_PLAIN; copy++)
      if (!nest(l, v, copy, stack, d)) return false;
  return true;
}

// Lines end as clang reads them: \n, or a \r that no \n follows.
static void put(Render *r, const char *s, size_t n) {
  if (!n) return;
  size_t before = r->out.len;
  buf_put(&r->out, s, n);
  const char *o = r->out.data;
  for (size_t i = before; i < r->out.len; i++)
    if (o[i] == '\n' || (o[i] == '\r' && i + 1 < r->out.len && o[i + 1] != '\n')) r->line++;
  // A \r at the very end counts once the next byte shows it was not a CRLF.
  if (before > 0 && o[before - 1] == '\r' && o[before] != '\n') r->line++;
  char last = o[r->out.len - 1];
  r->at_bol = last == '\n' || last == '\r';
}

const char *c_string_literal(Arena *a, const char *s, size_t n) {
  Buf b = {0};
  buf_putc(&b, '"');
  for (size_t i = 0; i < n; i++) {
    char ch = s[i] == '\n' || s[i] == '\r' || s[i] == '\t' ? ' ' : s[i];
    if (ch == '"' || ch == '\\') buf_putc(&b, '\\');
    buf_putc(&b, ch);
  }
  buf_putc(&b, '"');
  char *lit = arena_strndup(a, b.data, b.len);
  buf_free(&b);
  return lit;
}

void render_init(Render *r, const Source *src, const EditList *edits, bool no_line) {
  *r = (Render){.src = src, .edits = edits, .no_line = no_line, .line = 1, .at_bol = true};
  r->path_literal = c_string_literal(edits->arena, src->path, strlen(src->path));
}

void render_newline(Render *r) { put(r, r->src->eol, strlen(r->src->eol)); }
void render_text(Render *r, const char *text) { put(r, text, strlen(text)); }

// Makes the next output byte stand for original line `line`.
static bool sync(Render *r, int line) {
  if (r->no_line || r->line == line) return false;
  if (!r->at_bol) render_newline(r);
  const char *file;
  size_t file_len;
  int presumed = source_presumed(r->src, line, &file, &file_len);  // the input's own #line kept
  if (file)
    buf_printf(&r->out, "#line %d %.*s%s", presumed, (int)file_len, file, r->src->eol);
  else
    buf_printf(&r->out, "#line %d %s%s", presumed, r->path_literal, r->src->eol);
  r->line = line;
  r->at_bol = true;
  return true;
}

static void indent(Render *r, int line) {
  const char *text;
  size_t n = source_indent(r->src, line, &text);
  put(r, text, n);
}

void render_line_start(Render *r, int line) {
  if (!r->at_bol) render_newline(r);
  sync(r, line);
  indent(r, line);
}

void render_wrap(Render *r, int line, int extra) {
  render_newline(r);
  indent(r, line);
  for (int i = 0; i < extra; i++) put(r, " ", 1);
}

void render_gen(Render *r, int line, const char *fmt, ...) {
  sync(r, line);
  if (r->at_bol) indent(r, line);
  Buf b = {0};
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  put(r, b.data, b.len);
  buf_free(&b);
}

// Copies original bytes, first re-synchronizing the line when needed.
static void copy(Render *r, size_t from, size_t to) {
  if (from >= to) return;
  int line = source_line(r->src, from);
  if (sync(r, line) && from > r->src->line_start[line - 1]) indent(r, line);
  put(r, r->src->data + from, to - from);
}

// First edit that starts at or after pos.
static int first_edit(const EditList *l, size_t pos) {
  int lo = 0, hi = l->items.len;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (l->items.items[mid].start < pos)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

// First edit at or after pos that the variant being rendered shows.
static int next_edit(const Render *r, size_t pos) {
  const EditList *l = r->edits;
  int k = first_edit(l, pos);
  while (k < l->items.len && !shown(&l->items.items[k], r->variant, r->copy)) k++;
  return k;
}

void render_range(Render *r, size_t from, size_t to) {
  const EditList *l = r->edits;
  size_t pos = from;
  for (int k = next_edit(r, pos); k < l->items.len && l->items.items[k].start < to; k = next_edit(r, pos)) {
    const Edit *e = &l->items.items[k];
    if (e->end > to) break;  // cannot happen once edit_finish passed
    copy(r, pos, e->start);
    if (e->fn)
      e->fn(r, e);
    else
      render_text(r, e->text);
    pos = e->end;
  }
  copy(r, pos, to);
}
