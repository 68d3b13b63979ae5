// hoist.h - the system headers that the user's headers include past the
// input's preamble, which the PCH may read as well (hoist.c), and a set of
// words for the checks that keep that exact.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "front.h"
#include "tu.h"

// Words (identifiers) with a value each, in an arena.
typedef struct {
  Arena *a;
  const char **keys;
  int *vals;
  size_t cap, n;
} WordSet;
void wordset_init(WordSet *s, Arena *a, size_t expect);
// The value of the word w[0, n); NULL when absent.
int *wordset_get(const WordSet *s, const char *w, size_t n);
// Adds the word with value v unless it is there; true when added.
bool wordset_add(WordSet *s, const char *w, size_t n, int v);

// Whether the file is include-guarded (#ifndef/#define/#endif around it all)
// or says #pragma once: included again, it reads nothing.
bool hoist_guarded(const Source *src);

// The #include lines of system headers that the input's user headers reach
// past its preamble (which ends at `preamble`; in_pch: the user files the
// preamble reaches), which a PCH may read after the preamble: each met
// outside every conditional block of its file (its include guard aside), at
// namespace scope between declarations, and no other system header, #pragma
// (but once, tirx and unroll), #line, _Pragma, __COUNTER__ or using-directive
// before it in what the preprocessor reads after the preamble (hoist.c: rule
// 1). With each, the macros that text defines or undefines before it, the
// identifiers it holds and the names it declares, for the checks of pch.c
// (hoisted_ok, hoist_clash); the include guards and the preamble's files that
// the walk took for granted (hoisted_ok checks them); and the other system
// headers met later outside conditional blocks (FrontHoist.rest). NULL when
// there is none.
const FrontHoist *tu_hoist(Arena *a, const Tu *tu, size_t preamble, const bool *in_pch);
// The macros that the headers of a PCH define, and those that a use before a
// hoisted line must not make (pch.c hoisted_ok): `!NAME`, with a pragma
// operator that rule 1 does not allow or __COUNTER__ in its body, or a macro
// that is so (it would act before headers that it acted after); `?NAME`, one that may declare a name (a
// function-like macro, or one whose body holds a name that is not a keyword
// or reserved; for a reserved NAME, a function-like macro whose body declares
// a parameter), used at namespace scope (rule 4 does not see it).
typedef struct {
  const char *name;
  const char **words;  // the identifiers of its body
  int nwords;
  bool declares;
} HeaderMacro;
typedef struct {
  Arena *a;
  VEC(HeaderMacro) all;
  WordSet bad;
} HeaderMacros;
void header_macros_init(HeaderMacros *m, Arena *a);
// Adds the #define lines of a header's text.
void header_macros_add(HeaderMacros *m, const char *text, size_t size);
// `!NAME` and `?NAME` lines (*n of them).
const char **header_macros_lines(HeaderMacros *m, int *n);
