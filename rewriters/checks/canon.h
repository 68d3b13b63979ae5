// canon.h - expressions of a kernel as the exit and count checks compare
// them: as written, blanks dropped, local constants replaced (canon.c).
#pragma once
#include "kernel.h"

// A kernel as the checks walk it.
typedef struct {
  Ctx *c;
  const Kernel *k;
  const int *loops;  // the stubs' for nodes of the kernel's persistent loops
  int nloops;
  const size_t *site;  // per operation: where it runs in the kernel's function (a lambda's: at its call)
} Walks;

// Where an expression's text goes as compared, and what it was found to
// read.
typedef struct {
  const Walks *w;
  Buf *b;
  int top;        // the region's body
  CXCursor self;  // the local whose assignment is being written (null: none)
  bool opaque;    // the deadlock check cannot evaluate it
  bool memory;    // it reads memory or calls a function
  int depth;
} Canon;

// The kernel's persistent loops and where each operation runs.
Walks kernel_walks(Ctx *c, const Kernel *k);
// Which integer of a persistent loop's stub (its tile index, a loop over
// groups' g and t) d is, -1 when none.
int tile_variable(const Walks *w, CXCursor d);
// Writing into b, for a region whose body is node top.
Canon canon_in(const Walks *w, Buf *b, int top);
// The expression at node, as compared, appended to x->b.
void canon_put(Canon *x, int node);
// A condition as compared, its negations taken out: `!c`, `a != b`, `a >=
// b`, `a <= b` are written `c`, `a==b`, `a<b`, `b<a`, and true is returned
// (the condition is the negation of what is written); `a > b` is `b<a`.
bool canon_condition(Canon *x, int cond);
// The expression at node as compared, in a new string (x->b untouched);
// *opaque (when given) set when the deadlock check cannot evaluate it.
const char *canon_text(Canon *x, int node, bool *opaque);

// An integer expression as a constant plus whole multiples of its parts,
// each part as compared: `nk - 1`, `n_max - n_min`, `2 * nk`, `(unsigned)nk`
// read through local constants (`const int last = nk - 1`) and integer casts.
enum { CANON_TERMS = 4 };
typedef struct {
  const char *text;   // as compared
  const char *shown;  // as written
  long long coef;
  bool opaque;  // the deadlock check cannot evaluate it
} CanonTerm;
typedef struct {
  CanonTerm terms[CANON_TERMS];
  int n;
  long long k;
} CanonSum;
// Adds coef times node's value to sum; false when it has more parts than
// CANON_TERMS.
bool canon_sum(Canon *x, int node, long long coef, CanonSum *sum);
