// construct.h - what every construct rewriter sees: the rewrite's context and
// the statement an annotation is attached to. The helpers they share are in
// ast.h; each construct declares its entry points in a header of its own:
// unroll.h, hint.h (unroll(N), serial), vectorize.h, grid.h (and persistent),
// thread.h (elect, uniform and the tirx_* calls), launch.h, concurrency.h
// (partitions, regions, events, turns), stub.h (what clang sees meanwhile).
#pragma once
#include "edit.h"
#include "front.h"
#include "scan.h"

// 128-bit integers for trip-count arithmetic that cannot overflow (a GCC and
// clang extension, marked as one so that -Wpedantic accepts it).
__extension__ typedef __int128 i128;

// A construct that renders its body n times.
typedef struct {
  size_t start, end;
  long long n;
  size_t at;
} Copies;

typedef struct Ctx {
  Arena *arena;
  Diag *diag;
  const Source *src;
  Front *front;
  EditList *edits;
  const AnnotationList *anns;
  bool needs_tirx_h;  // the output calls a function from tirx.h
  int fell_back;      // annotations left to nvcc's '#pragma unroll' (template-dependent trip counts, ...)
  long long watchdog;  // --watchdog cycles, 0 when off
  int trace;           // --trace: what the lowering records (TIRXPP_TRACE_*, lower/trace.c)
  VEC(Copies) copies;  // constructs that copy their body
  const char *path_literal;  // the input's name as a C string literal
  void *state[DIR_COUNT];  // each construct's own state, by its directive: construct_state()
  struct Ctx *main;        // a header's: the main file's, whose launches its kernels' checks read; else NULL
} Ctx;

// A construct's own state for this rewrite, which no other file sees: a
// struct of `size` bytes that the construct's file defines, zeroed on first
// use. kind is the construct's directive (one slot each).
static inline void *construct_state(Ctx *c, DirKind kind, size_t size) {
  if (!c->state[kind]) c->state[kind] = arena_alloc(c->arena, size);
  return c->state[kind];
}

// The statement an annotation is attached to.
typedef struct {
  int node;
  size_t start, end;  // end includes a trailing ';'
} Stmt;
