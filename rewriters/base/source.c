// source.c - line table and position queries.
#include "source.h"

#include <string.h>

// A line ends at \n, or at a \r that no \n follows (as clang reads it).
static bool ends_line(const char *data, size_t len, size_t i) {
  return data[i] == '\n' || (data[i] == '\r' && (i + 1 >= len || data[i + 1] != '\n'));
}

static size_t skip_blanks(const Source *s, size_t i, size_t end) {
  while (i < end && (s->data[i] == ' ' || s->data[i] == '\t')) i++;
  return i;
}

// A `#line N ["FILE"]` or `# N "FILE"` line (a line-based reading: one inside
// a block comment that spans lines would count too).
static bool read_mark(const Source *s, int ln, LineMark *m) {
  size_t i = s->line_start[ln - 1], end = s->line_start[ln] - 1;
  if (end > s->len) end = s->len;
  i = skip_blanks(s, i, end);
  if (i >= end || s->data[i] != '#') return false;
  i = skip_blanks(s, i + 1, end);
  if (end - i > 4 && !strncmp(s->data + i, "line", 4) && (s->data[i + 4] == ' ' || s->data[i + 4] == '\t'))
    i = skip_blanks(s, i + 4, end);
  if (i >= end || s->data[i] < '0' || s->data[i] > '9') return false;
  long v = 0;
  while (i < end && s->data[i] >= '0' && s->data[i] <= '9' && v < 2147483647L) v = v * 10 + (s->data[i++] - '0');
  *m = (LineMark){.after = ln + 1, .line = (int)v};
  i = skip_blanks(s, i, end);
  if (i < end && s->data[i] == '"') {
    size_t e = i + 1;
    while (e < end && s->data[e] != '"') e += s->data[e] == '\\' ? 2 : 1;
    if (e < end) m->file = s->data + i, m->file_len = e + 1 - i;
  }
  return true;
}

static void read_marks(Arena *a, Source *s) {
  int n = 0;
  LineMark m;
  for (int ln = 1; ln < s->nlines; ln++) n += read_mark(s, ln, &m);
  if (!n) return;
  s->marks = arena_alloc(a, sizeof(LineMark) * (size_t)n);
  for (int ln = 1; ln < s->nlines; ln++)
    if (read_mark(s, ln, &m)) {
      if (!m.file && s->nmarks) m.file = s->marks[s->nmarks - 1].file, m.file_len = s->marks[s->nmarks - 1].file_len;
      s->marks[s->nmarks++] = m;
    }
}

int source_presumed(const Source *s, int line, const char **file, size_t *file_len) {
  *file = NULL, *file_len = 0;
  int k = s->nmarks - 1;
  while (k >= 0 && s->marks[k].after > line) k--;
  if (k < 0) return line;
  *file = s->marks[k].file, *file_len = s->marks[k].file_len;
  return s->marks[k].line + (line - s->marks[k].after);
}

Source *source_new(Arena *a, const char *path, const char *data, size_t len) {
  Source *s = arena_alloc(a, sizeof *s);
  s->path = path;
  s->data = data;
  s->len = len;
  int n = 1, crlf = 0, cr = 0;
  for (size_t i = 0; i < len; i++)
    if (ends_line(data, len, i)) {
      n++;
      if (data[i] == '\r') cr++;
      else if (i > 0 && data[i - 1] == '\r') crlf++;
    }
  s->line_start = arena_alloc(a, sizeof(size_t) * (size_t)(n + 1));
  s->nlines = n;
  int k = 0;
  s->line_start[k++] = 0;
  for (size_t i = 0; i < len; i++)
    if (ends_line(data, len, i)) s->line_start[k++] = i + 1;
  s->line_start[n] = len + 1;
  s->eol = (cr > 0 && cr * 2 >= n - 1) ? "\r" : (crlf > 0 && crlf * 2 >= n - 1) ? "\r\n" : "\n";
  read_marks(a, s);
  return s;
}

int source_line(const Source *s, size_t off) {
  int lo = 0, hi = s->nlines - 1;
  while (lo < hi) {
    int mid = (lo + hi + 1) / 2;
    if (s->line_start[mid] <= off)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo + 1;
}

int source_col(const Source *s, size_t off) {
  return (int)(off - s->line_start[source_line(s, off) - 1]) + 1;
}

const char *source_line_text(const Source *s, int line, size_t *len) {
  size_t start = s->line_start[line - 1];
  size_t end = start;
  while (end < s->len && s->data[end] != '\n' && s->data[end] != '\r') end++;
  *len = end - start;
  return s->data + start;
}

size_t source_indent(const Source *s, int line, const char **text) {
  size_t len;
  const char *t = source_line_text(s, line, &len);
  size_t n = 0;
  while (n < len && (t[n] == ' ' || t[n] == '\t')) n++;
  *text = t;
  return n;
}
