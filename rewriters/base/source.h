// source.h - an input file in memory, with its line table.
#pragma once
#include <stddef.h>

#include "util.h"

// The input's own `#line N ["FILE"]` (or `# N "FILE"`): from physical line
// `after` on, lines are numbered from `line` in `file` (the literal as written,
// quotes included; NULL: the file's own name).
typedef struct {
  int after, line;
  const char *file;
  size_t file_len;
} LineMark;

typedef struct {
  const char *path;  // as given on the command line; used in messages and #line
  const char *data;  // the bytes, NUL-terminated (the file may hold NULs too)
  size_t len;
  size_t *line_start;  // offset of the first byte of each line
  int nlines;
  const char *eol;  // "\r\n" when most lines end so, else "\n"
  LineMark *marks;  // the file's own #line directives, in order
  int nmarks;
} Source;

// Takes the bytes as they are; the arena owns the line table.
Source *source_new(Arena *a, const char *path, const char *data, size_t len);
int source_line(const Source *s, size_t off);  // 1-based
int source_col(const Source *s, size_t off);   // 1-based, in bytes, like clang
// The line number and file that the file's own #line directives give
// physical line `line` (what clang calls its presumed location): *file is the
// file name's literal as written (with its quotes), NULL for the file's own.
int source_presumed(const Source *s, int line, const char **file, size_t *file_len);
// The text of line n (1-based) without its end-of-line bytes.
const char *source_line_text(const Source *s, int line, size_t *len);
// The leading blanks of line n.
size_t source_indent(const Source *s, int line, const char **text);
