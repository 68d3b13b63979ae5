// vectorize.c - `#pragma tirx vectorize` (placeholder: nvcc's unroll).
#include "construct.h"

void rewrite_vectorize(Ctx *c, const Annotation *an, Stmt st) {
  (void)st;
  diag_remark(c->diag, an->start, "vectorize: not vectorized; the loop is left to nvcc's '#pragma unroll'");
  edit_replace(c->edits, an->start, an->end, nvcc_pragma(c, an, "unroll"));
}
