// computed.h - the headers a computed #include (`#include MACRO`, `#include
// MACRO(args)`) may name, read without libclang from its macro's #define
// lines in the translation unit's user files and from the -D options (a -U
// of it leaves no answer: a header's definition may stand after it).
//
// The text does not say which #if branch the preprocessor takes, so every
// definition found counts, and the answer is the set of names they give.
// There is an answer only when every definition (followed through macros
// that name another macro, 8 deep) gives a header name outright: `<a/b>` or
// `"a/b"`, with parameters put in and `#x` stringized; a `##`, a variadic
// macro, a count of arguments that does not match, an argument put in that
// holds a macro (the preprocessor would replace it first), a name with a
// blank in it or a word of it that is itself defined leaves the include
// unsettled, as do flags the options do not show (opt->flags_hidden) and
// -imacros (a file of definitions that is not read here).
// CUTLASS's `#include CUDA_STD_HEADER(cassert)` (defined as
// `<cuda/std/header>` or `<cccl/cuda/std/header>`) has an answer.
#pragma once
#include <stdbool.h>

#include "scan.h"
#include "tirxpp.h"

typedef struct {
  const char *name;  // without its quotes or angle brackets
  bool angled;
} HeaderName;

// What the definitions in files[0..nfiles) (one translation unit's) and in
// opt's -D options tell; each name's are read once, for all its includes.
typedef struct Settle Settle;
Settle *computed_begin(Arena *a, const TirxOptions *opt, const Source *const *files, int nfiles);
// The header names include line inc of src may name: true with them in
// *names (*n of them, none twice); false when there is no answer.
bool computed_names(Settle *s, const Source *src, const IncludeLine *inc, HeaderName **names, int *n);
