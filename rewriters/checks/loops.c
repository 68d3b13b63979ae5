// loops.c - the checks of the loop constructs that look at more than one
// annotation at once: two annotations that transform the same loop, and the
// copies that nested expansions multiply (MAX_COPIES holds for the product).
// The driver runs the first before the constructs rewrite, the second after.
#include <stdlib.h>

#include "ast.h"
#include "loops.h"

static bool is_loop_transform(const Annotation *an) {
  return an->spelling != SPELL_CALL &&
         (an->dir.kind == DIR_UNROLL || an->dir.kind == DIR_SERIAL || an->dir.kind == DIR_VECTORIZE);
}

void check_loop_conflicts(Ctx *c, const Stmt *stmts, bool *ok) {
  // Two annotations that each transform the same loop cannot both hold,
  // whatever other annotations of the loop stand between them: the first
  // transform of each statement node, against every later one.
  const AnnotationList *anns = c->anns;
  int *transform = arena_alloc(c->arena, sizeof(int) * (size_t)(c->front->nnodes + 1));
  for (int n = 0; n <= c->front->nnodes; n++) transform[n] = -1;
  for (int i = 0; i < anns->len; i++) {
    const Annotation *y = &anns->items[i];
    if (!ok[i] || !is_loop_transform(y)) continue;
    int *first = &transform[stmts[i].node];
    if (*first < 0) {
      *first = i;
      continue;
    }
    diag_error(c->diag, y->start, "'%s' and an annotation before it both transform this loop", spelling_of(y));
    diag_note(c->diag, anns->items[*first].start, "the other annotation");
    ok[i] = false;
  }
}

// Copies multiply: an unrolled loop inside unrolled loops is rendered the
// product of their counts times, and the 4096 limit holds for that product.
static int by_start(const void *a, const void *b) {
  const Copies *x = a, *y = b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  return x->end > y->end ? -1 : x->end < y->end;
}

void check_copies(Ctx *c) {
  int n = c->copies.len;
  if (!n) return;
  qsort(c->copies.items, (size_t)n, sizeof(Copies), by_start);
  // A stack of the constructs around the current one, with their products.
  Copies *stack = arena_alloc(c->arena, sizeof(Copies) * (size_t)n);
  long long *product = arena_alloc(c->arena, sizeof(long long) * (size_t)n);
  int depth = 0;
  for (int i = 0; i < n; i++) {
    const Copies *x = &c->copies.items[i];
    while (depth && stack[depth - 1].end <= x->start) depth--;
    long long outer = depth ? product[depth - 1] : 1;
    long long p = x->n > MAX_COPIES || outer > MAX_COPIES ? MAX_COPIES + 1 : outer * x->n;
    if (p > MAX_COPIES) {
      diag_error(c->diag, x->at,
                 "with the expanded loops around it, this construct would be copied more than %d times", MAX_COPIES);
      return;
    }
    stack[depth] = *x;
    product[depth++] = p;
  }
}
