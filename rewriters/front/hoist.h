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
// identifiers it holds and the names it declares, for hoisted_ok and
// hoist_clash
// (hoisted_ok, hoist_clash); the include guards and the preamble's files that
// the walk took for granted (hoisted_ok checks them); and the other system
// headers met later outside conditional blocks (FrontHoist.rest). NULL when
// there is none.
const FrontHoist *tu_hoist(Arena *a, const Tu *tu, size_t preamble, const bool *in_pch);
// The macros that the headers of a PCH define, and those that a use before a
// hoisted line must not make (hoisted_ok): `!NAME`, with a pragma
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

typedef VEC(const char *) Messages;

// What rules 2 to 4 read of a PCH with hoisted headers (pch.c's Pch).
typedef struct {
  const char *header;       // the name its text is parsed under
  const char *preamble;     // the text
  const FrontHoist *hoist;  // the hoisted lines
  size_t hoist_at;          // where their lines start in the text
  const size_t *line_at;    // where each starts
} HoistPch;
// Rule 2, on the PCH's parse tu (hoist.c says it); fills *names with what
// rules 3 and 4 read each run (KEY.pch.names); *why: what failed.
bool hoisted_ok(Arena *a, CXTranslationUnit tu, const HoistPch *p, Messages *names, const char **why);
// Rules 3 and 4: whether the user's text before a hoisted line of h holds a
// name that a header read under it brings, from KEY.pch.names' lines[0, n)
// (n < 0: there is none, and the answer is yes).
bool hoist_clash(Front *f, const FrontOptions *opt, const FrontHoist *h, const char **lines, int n);

// The front end's options that come from the translation unit: the PCH's
// preamble, the system headers it may hoist (tu_hoist), whether the prescan
// of host bodies pays with them and without.
void hoist_front_options(Arena *a, const Tu *tu, bool whole_tu, FrontOptions *fo);
// Whether the prescan pays with the PCH that serves, which hoists `hoisted`
// (NULL: none) and read the files read[0, nread).
bool hoist_prescan_pays(const FrontOptions *opt, const FrontHoist *hoisted, const char *const *read, int nread);
