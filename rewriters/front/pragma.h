// pragma.h - the annotation language's lexer and parser: the text of a
// `#pragma tirx ...` line, a `_Pragma("tirx ...")` string or a TIRX_* macro's
// arguments, turned into one Directive.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "util.h"

// A slice of annotation text; off is where its first byte stands in the file.
typedef struct {
  const char *s;
  size_t len;
  size_t off;
} Span;

// One argument: `expr`, or `name: expr` (grid, warpgroups, persistent).
typedef struct {
  Span name;  // len 0 when unnamed
  Span expr;
} Arg;

// `name`, `name(args)`, `name[index]` or `name[index](args)`.
typedef struct {
  Span name;
  Span index;  // len 0 when no brackets
  bool has_index, has_args;
  Arg *args;
  int nargs;
} Clause;

// The directives, in the order of constructs.def (the registry).
typedef enum {
  DIR_UNKNOWN,
#define TIRX_DIRECTIVE(NAME, KIND, ...) KIND,
#include "constructs.def"
  DIR_COUNT
} DirKind;

// What a directive annotates (constructs.def explains each).
typedef enum { CLASS_NONE, CLASS_LOOP, CLASS_STATEMENT, CLASS_REGION, CLASS_DECLARATION } DirClass;

// How a TIRX_* macro's arguments give the directive's (constructs.def).
typedef enum { MACRO_BARE, MACRO_ARGS, MACRO_PAIRS } MacroForm;

typedef struct Directive {
  DirKind kind;
  Clause head;      // the directive's own name and arguments
  Clause *clauses;  // what follows: `unroll`, `regs(40)`, `full[STAGES]`, ...
  int nclauses;
  // `event full[S], empty[S] ready`: several declarators, each a Directive of
  // the same kind and head whose clauses are the name and the clauses that
  // follow it up to the next top-level comma (`clauses` above holds them all,
  // in order). ndecls is 0 for a directive without such commas: it is its one
  // declarator. Read them through dir_ndecls / dir_decl.
  struct Directive *decls;
  int ndecls;
} Directive;

// Parses directive text (what follows `tirx`). Reports syntax errors through d
// and returns false on error.
bool pragma_parse(Arena *a, Diag *d, Span text, Directive *out);
// Builds the Directive of a TIRX_* macro use from its name and argument text
// (the inside of its parentheses, or len 0).
bool pragma_from_macro(Arena *a, Diag *d, Span name, Span args, bool has_args, Directive *out);
const char *dir_name(DirKind k);
// A directive's class; CLASS_NONE for DIR_UNKNOWN.
DirClass dir_class(DirKind k);
// The declarators of a directive (see Directive.decls): 1 and the directive
// itself when it has no list.
int dir_ndecls(const Directive *dir);
const Directive *dir_decl(const Directive *dir, int i);
// Finds a clause by name; NULL when absent.
const Clause *dir_clause(const Directive *dir, const char *name);
bool span_eq(Span s, const char *lit);
Span span_trim(Span s);
// Reports integer literals too large for any type and string literals in
// the arguments of a directive; false when there were any.
bool pragma_check_literals(Diag *d, const Directive *dir);
// The value of a decimal, octal or hex integer literal (`4`, `-8`, `4u`,
// `0x10`, `1'000`); false for anything else (names and expressions too).
bool span_int_literal(Span s, long long *v);
// Splits s at top-level commas into args, each `name: expr` or `expr`.
int split_args(Arena *a, Span s, Arg **out);
bool pragma_is_macro(Span name);
