// source.c - line table and position queries.
#include "source.h"

// A line ends at \n, or at a \r that no \n follows (as clang reads it).
static bool ends_line(const char *data, size_t len, size_t i) {
  return data[i] == '\n' || (data[i] == '\r' && (i + 1 >= len || data[i + 1] != '\n'));
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
