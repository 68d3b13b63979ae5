// source.h - an input file in memory, with its line table (Source and
// source_new: tirx_support.h).
#pragma once
#include <stddef.h>

#include "tirx_support.h"
#include "util.h"

int source_line(const Source *s, size_t off);  // 1-based
int source_col(const Source *s, size_t off);   // 1-based, in bytes, like clang
// The line number and file that the file's own #line directives give
// physical line `line` (what clang calls its presumed location): *file is the
// file name's literal as written (with its quotes), NULL for the file's own.
int source_presumed(const Source *s, int line, const char **file, size_t *file_len);
// The leading blanks of line n.
size_t source_indent(const Source *s, int line, const char **text);
