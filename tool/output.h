// output.h - reading the input, writing the outputs all or nothing, and
// make depfiles.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "tirxpp.h"
#include "tirx_support.h"


typedef struct {
  const char *path;  // NULL for standard output (to_stdout)
  bool to_stdout;    // written to standard output, directly
  const char *data;
  size_t len;
  bool make_dirs;  // create missing parent directories (header copies)
  // private to write_outputs: where the file goes (path, or where its
  // symbolic links lead), whether it is written directly (a device, a pipe,
  // a /proc link such as /dev/stdout), the temporary beside dst, the old
  // file's second name where names cannot be swapped, whether a file was
  // there, and how the temporary went into place
  char *dst;
  bool direct;
  char *tmp;
  char *old;
  bool existed;
  enum { NOT_PLACED, PLACED_NEW, PLACED_SWAPPED, PLACED_ASIDE } placed;
} OutFile;

// Writes every file or none: each to a temporary beside it (devices, pipes
// and standard output directly, before any rename; a symbolic link's target, the link
// kept), then all put in place, each old file kept (swapped with its
// temporary, else under a second name) until every one is. On failure
// reports "cannot write", puts back the files it replaced (an old file that
// cannot be put back stays where the message says) and leaves no new file or
// directory (the window that remains: output.c, write_outputs). TIRX_OK or
// TIRX_IO_ERROR.
int write_outputs(OutFile *files, int n);
// Writes all of data to standard output; false with errno set.
bool write_stdout(const char *data, size_t len);
// Whether path is written directly rather than replaced (a device, a pipe, or
// a /proc link such as /dev/stdout that names an open file): no file to name
// another after (-MD's OUT.d).
bool is_stream_path(const char *path);

// A path in make syntax: spaces, '#' and '$' escaped.
void put_make_path(Buf *b, const char *p);
// The files a depfile lists: each of r's dependencies once (by real path),
// in the order read (standard input, deps[0] when from_stdin, is no file).
// out has room for r->ndeps. Returns how many.
int unique_deps(const TirxResult *r, bool from_stdin, const char **out);
// Whether two paths name the same file (by device and inode, else by text).
bool same_path(const char *x, const char *y);
