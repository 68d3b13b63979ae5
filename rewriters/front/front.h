// front.h - the libclang front end's types, and the node table (front.c):
// parse.c parses a "view" of the file (the original bytes with a few stubs
// spliced in, so that names an annotation declares are declared) as nvcc's
// device pass sees it, and front.c flattens the main file's AST into a table
// of nodes whose offsets are offsets of the original file.
#pragma once
#include "libclang.h"
#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "diag.h"
#include "source.h"

// Text that replaces [start, end) of the original in the parse view.
typedef struct {
  size_t start, end;
  const char *text;
} Stub;

typedef struct {
  CXCursor cur;
  enum CXCursorKind kind;
  size_t start, end;  // original offsets, end exclusive
  int parent;         // -1 at the top
  int last;           // index of its last descendant (itself when a leaf)
  int func;           // enclosing function (or lambda) node, -1 outside
  bool in_template;   // inside a function or class template
  bool from_macro;    // starts or ends inside a macro expansion
} Node;

typedef struct {
  size_t off;  // original offset
  bool in_main;
  char *message;
} ClangError;

// Phase times (TIRX_PP_TIMES=1, bench/pp_speed.sh): each lap prints the
// time since the last one to out; nothing when out is NULL.
typedef struct {
  FILE *out;
  struct timespec last;
} FrontClock;
void front_clock_start(FrontClock *c, FILE *out);
void front_lap(FrontClock *c, const char *phase);

// System headers that the user's headers include past the preamble, which
// the PCH may read too (hoist.c: the rule that keeps that exact).
typedef struct {
  const char *line;  // `#include <name>`
  int ndefined;      // FrontHoist.defined[0, ndefined): the macros the user's text sets before it
  int nwords;        // FrontHoist.words[0, nwords): the identifiers the user's text holds before it
  int ndeclared;     // FrontHoist.declared[0, ndeclared): the names it declares before it
  int nscoped;       // FrontHoist.scoped[0, nscoped): the names its code holds at namespace scope before it
} FrontHoistLine;

typedef struct {
  const FrontHoistLine *lines;  // in the order the preprocessor meets them
  int n;
  const char **defined;  // names of #define and #undef lines, in order
  int ndefined;
  const char **words;  // distinct identifiers, in the order first met
  int nwords;
  const char **rest;  // the names of the other system headers included further on outside
  int nrest;          // conditional blocks (for the prescan: the PCH may have read them)
  const char **guards;  // the include guards of user files the walk took as met (hoisted_ok:
  int nguards;          // nothing the PCH reads may name them)
  const char **assumed;  // user files the walk skipped as read by the preamble (real paths;
  int nassumed;          // hoisted_ok: the PCH's preamble must have read each)
  const char **declared;  // distinct names that the user's code declares at namespace scope, in
  int ndeclared;          // the order first met (hoist_clash: no header read later names one)
  const char **scoped;  // distinct identifiers that the user's code holds
  int nscoped;          // at namespace scope (hoist_clash: no header's macro that may declare)
} FrontHoist;

typedef struct {
  const char **argv;  // compiler flags for clang (CUDA device side)
  int argc;
  const char *cache_dir;  // where to keep the CUDA headers' PCH; NULL: none
  size_t preamble_limit;  // the PCH holds no line of the main file from here on
  size_t cache_max;       // bytes the cache may hold; 0: FRONT_CACHE_MAX
  bool whole_tu;          // the parse reads the preamble's lines again and visits the
                          // PCH's declarations (device.c wants both)
  bool prescan;           // blank host bodies first (blank.c): only the user's
                          // files are read past the PCH's preamble
  const FrontHoist *hoist;  // system headers the PCH may read after the preamble; NULL: none
  bool prescan_hoisted;     // prescan when the PCH that serves holds them (the hoisted headers
                            // are then read once, there)
  bool doubt_blanks;      // for tests (TIRX_PP_DOUBT_BLANKS=1): the proof of the blanked host
                          // bodies fails, so the parse runs again without blanks
  FrontClock *clock;      // phase times; may be NULL
} FrontOptions;

#define FRONT_CACHE_MAX ((size_t)256 << 20)  // 256 MiB

// One file of the translation unit with the stubs its view gets.
typedef struct {
  const Source *src;
  const Stub *stubs;
  int nstubs;
} FrontFile;

typedef struct Front Front;
struct Front {
  Arena *arena;
  const Source *src;
  CXIndex index;
  CXTranslationUnit tu;
  CXFile main_file;
  Node *nodes;
  int nnodes;
  Range *skipped;  // blocks the preprocessor skipped
  int nskipped;
  Range *macros;  // macro expansions in the main file, in order
  int nmacros;
  int *by_start;  // node indices sorted by (start, index)
  ClangError *errors;
  int nerrors;
  // the view
  const Stub *stubs;
  int nstubs;
  size_t *view_start;
  const char **pch_deps;  // files read into the PCH this parse loaded
  int npch_deps;
  bool owns_tu;  // the first file's Front frees the parse
  const char **pch_errors;  // clang's errors in the headers of that PCH
  int npch_errors;
};

// Frees the parse that out[0] of front_parse_files (parse.c) owns.
void front_free(Front *f);
// The file's view (the original with its stubs spliced in), its length in
// *len; sets f->view_start.
char *front_build_view(Front *f, size_t *len);
// The original offset of an offset in the view.
size_t front_view_to_orig(const Front *f, size_t v);
// The offset in the view of a location in the main file (where a macro is
// expanded); false elsewhere.
bool front_view_offset(const Front *f, CXSourceLocation loc, size_t *off);
// Fills f's node table, errors and skipped blocks from its parse f->tu.
void front_index_file(Front *f, FrontClock *clock);
// An implicit instantiation of a template listed beside the top-level
// declarations, where its template is: not code of the file.
bool front_is_instantiation(CXCursor cur);
// The files a parse read (clang_getInclusions' visitor, its data a FrontDeps).
typedef struct {
  Arena *arena;
  VEC(const char *) files;
} FrontDeps;
void front_add_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data);
bool front_is_skipped(const Front *f, size_t off);
bool front_in_macro(const Front *f, size_t off);
// First node that starts at or after off (outermost first); nnodes if none.
int front_first_at(const Front *f, size_t off);
// Its position in by_start (the nodes from there on start at off or later).
int front_first_pos(const Front *f, size_t off);
// Children of node i, in order.
int front_children(const Front *f, int i, int *out, int max);
// A function with a body of its own: a function, method, function template,
// constructor, destructor, conversion function or lambda (Node.func is the
// innermost of these).
bool front_is_function(enum CXCursorKind k);
bool front_is_loop(enum CXCursorKind k);
// break, continue, return, goto: a statement that leaves where it stands.
bool front_is_jump(enum CXCursorKind k);
bool front_is_kernel(const Front *f, int func);
// Where a declaration lives, from its CUDA attributes: FRONT_DEVICE for
// __device__, __global__, __constant__ and __shared__, FRONT_GLOBAL for
// __global__ too, FRONT_HOST for an explicit __host__; 0 for none.
enum { FRONT_DEVICE = 1, FRONT_HOST = 2, FRONT_GLOBAL = 4 };
unsigned front_space(CXCursor decl);
// Every file the parse read (the main file first), as absolute or given
// paths, for a depfile.
int front_dependencies(const Front *f, const char ***out);
// The original offset of a location in the main file; false elsewhere.
bool front_offset(const Front *f, CXSourceLocation loc, size_t *off);
// Strips parentheses and implicit casts.
CXCursor front_strip(CXCursor c);
// Evaluates an integer constant expression; false when it is not one.
bool front_eval_int(CXCursor c, long long *value, bool *is_unsigned);
