// tu.h - the translation unit's user files (docs/language.md#headers-and-existing-builds): the input and every
// header it reaches through #include lines that resolve outside the system
// and toolkit directories, each with its annotations; which of them the
// rewrite writes out, where, and what each of their #include lines must name
// so that it finds, from there, what it found in the original.
//
// All of it comes from the text, before and without libclang: this is the
// fast path's test (an unannotated file whose headers hold no annotation
// either is copied as it is) and the slow path's list of files to give stubs.
#pragma once
#include <stdbool.h>
#include <sys/stat.h>

#include "diag.h"
#include "scan.h"
#include "tirxpp.h"

typedef struct {
  const char *path;   // as the preprocessor names it (the input: as given), for
                      // messages and #line (relative to where tirx-pp runs, as nvcc's)
  const char *real;   // absolute, symbolic links resolved: the file's identity
  const Source *src;  // NULL when the file could not be read
  AnnotationList anns;
  int *targets;       // per include line: the user file it reaches, -1 for none
  bool system;        // found through the user's -isystem: never rewritten
  bool forced;        // read through -include FILE: no #include line to redirect
  bool written;       // it is the input, or it (or a header it reaches) is annotated
  const char *out;    // absolute path where its output goes (standard output: beside the input)
} TuFile;

// One of tirx-pp's own headers found in the user's tree (a copy kept so that
// the project builds without tirx-pp): never rewritten.
typedef struct {
  const char *path;     // as the preprocessor names it
  const char *real;
  const char *version;  // its marker's version; NULL: from before the marker
  bool annotated;       // holds tirx annotations: not tirx-pp's after all (an error)
} OwnHeader;

// Every path the header search looked at, found or not: what a later run
// checks to know that the same search finds the same files (pass.c).
typedef struct {
  const char *path;
  bool found;
  struct stat st;  // when found
} Probe;
typedef VEC(Probe) Probes;

typedef struct {
  TuFile *files;  // [0] is the input
  int n;
  bool computed;  // a user file has `#include MACRO`: only a parse can tell what it reaches
  const char **quote_dirs, **user_dirs, **system_dirs;  // -iquote, -I, -isystem
  int nquote, nuser, nsystem;
  const char *tirx_dir, *cuda_dir;  // not the user's: tirx.h's and the toolkit's
  OwnHeader *own;  // tirx-pp's headers met outside tirx_dir
  int nown;
  Arena *arena;    // the probes'
  Probes *probes;  // where tu_read records its probes; NULL: not recorded
} Tu;

// Reads the input's user headers (transitively) and scans each; with probes,
// records every path the search looked at there.
void tu_read(Arena *a, const TirxOptions *opt, const Source *main, AnnotationList anns, Tu *tu);
void tu_read_probed(Arena *a, const TirxOptions *opt, const Source *main, AnnotationList anns, Tu *tu,
                    Probes *probes);
// A file's bytes, named by its path; NULL when it cannot be read.
const Source *tu_read_source(Arena *a, const char *path);
// Whether a file is the user's: not tirx's own headers, not the toolkit's.
bool tu_is_user_file(const Tu *tu, const char *real);
// Whether a header is one of tirx-pp's own (any version, anywhere): its
// marker line `// TIRX_PP_OWN_HEADER VERSION`, or, in a tirx.h from before
// the marker, its definitions. *version: the marker's, NULL without one.
bool tu_is_own_header(Arena *a, const Source *src, const char **version);
// Whether any user file holds an annotation.
bool tu_annotated(const Tu *tu);
// The index of the user file whose real path is real; -1 if none.
int tu_find(const Tu *tu, const char *real);
// Marks the files that are written out and chooses where each goes.
// TIRX_OK; after an error, TIRX_INPUT_ERROR when the files cannot be
// rewritten as they are (an annotated header read through -include, or
// marked as tirx-pp's own), TIRX_USAGE when rewritten headers need a place
// the options do not give.
int tu_place(Arena *a, const TirxOptions *opt, Tu *tu, Diag *d);
// The header name (with its quotes) that include line k of written file f
// must name from where f is written; NULL: keep it as it is.
const char *tu_include_name(Arena *a, const Tu *tu, int f, int k);
// The end of the input's preamble that a cached parse may hold: before the
// first include line that reaches an annotated header (those must be parsed
// with their stubs) or a computed #include; (size_t)-1 when there is none.
size_t tu_preamble_limit(Arena *a, const Tu *tu);
