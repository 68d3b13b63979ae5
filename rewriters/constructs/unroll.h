// unroll.h - `#pragma tirx unroll`: full expansion of a counted loop (unroll.c).
#pragma once
#include "construct.h"

// A counted loop `for (T i = start; i < bound; ++i)` in any of its forms.
typedef struct {
  ForParts fp;
  CXCursor var;
  const char *name;
  char *type;
  bool declared;  // `T i = start`, not `i = start`
  bool is_unsigned, in_template;
  int bits;
  bool constant;  // start and bound are constants: the iterations below are known
  bool dependent_type;  // the loop variable's type is a template parameter (constant false)
  i128 start, bound;
  long long step;
  char **values;  // each iteration's value, as a literal
  int count;
  const char *final;  // the value after the loop
} LoopHeader;
// Reads and checks the loop after an annotation; reports through d. A
// template-dependent trip count is accepted with constant == false.
bool read_loop(Ctx *c, Diag *d, const Annotation *an, Stmt st, LoopHeader *h);

void rewrite_unroll(Ctx *c, const Annotation *an, Stmt st);
// The directive `unroll` (constructs.def's row): rewrite_unroll, or
// rewrite_hint for `unroll(N)`.
void rewrite_unroll_directive(Ctx *c, const Annotation *an, Stmt st);
