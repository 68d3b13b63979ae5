// gather.c - the first phase of structured concurrency (docs/language.md#partitions-and-async-regions,
// #events, #turns): builds the model of kernel.h, kernel by kernel, from the
// annotations and the node table. What can be told from one annotation and
// its place is reported by its reader (gather_regions.c, gather_events.c,
// gather_ops.c, gather_turns.c); what needs the whole kernel is left to the
// checks (checks.c, barrier.c, uniform.c, deadlock.c, cluster.c). This file
// is the pass: which kernel each annotation belongs to, and the order they
// are read in.
#include "ast.h"
#include "gather.h"
#include "gather_events.h"
#include "gather_ops.h"
#include "gather_regions.h"
#include "gather_turns.h"
#include "kernel.h"
#include "stub.h"

// The kernel (any function) whose body holds the annotation, added at its
// first annotation; NULL, reported, outside every function. With a model
// for one value of values() (`one`), that model when the annotation is in
// its function, else NULL.
static Kernel *kernel_of(Ctx *c, KernelList *ks, const Annotation *an, Kernel *one) {
  int func = function_at(c, an->start);
  if (one) return func == one->func ? one : NULL;
  if (func < 0) {
    diag_error(c->diag, an->start, "'%s' must be inside a function body", spelling_of(an));
    return NULL;
  }
  // (Past a partition with values(), the kernel is modelled per value.)
  for (int i = 0; i < ks->len; i++)
    if (ks->items[i].func == func) return ks->items[i].values ? NULL : &ks->items[i];
  Kernel k = {.func = func};
  VEC_PUSH(c->arena, *ks, k);
  return &ks->items[ks->len - 1];
}

// Reads the annotations into their kernels (with `one`: those of its
// function only, into it).
static void gather_annotations(Ctx *c, const Stmt *stmts, const bool *ok, KernelList *kernels, Kernel *one) {
  const AnnotationList *anns = c->anns;
  // Declarations and regions first (in file order), then the operations, which
  // refer to them.
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < anns->len; i++) {
      const Annotation *an = &anns->items[i];
      if (an->skipped || !is_concurrency_annotation(an)) continue;
      if (an->spelling != SPELL_CALL && !ok[i]) {  // reported already; what uses it stays quiet
        Kernel *k = kernel_of(c, kernels, an, one);
        if (k && an->dir.kind == DIR_EVENT) {
          Span *names;
          int nn = event_names_in(c->arena, an, &names);
          for (int j = 0; j < nn; j++) VEC_PUSH(c->arena, k->broken, names[j]);
        }
        if (k && (an->dir.kind == DIR_ASYNC || an->dir.kind == DIR_INTHREADS)) k->failed_regions++;
        if (k && an->dir.kind == DIR_TURNS) VEC_PUSH(c->arena, k->broken_turns, (Span){0});  // its turns stay quiet
        if (k && (an->dir.kind == DIR_WARPGROUPS || an->dir.kind == DIR_WARPS)) k->failed_part++;
        if (k) k->unread = true;
        continue;
      }
      // Turns after the regions they are in (file order: a ring before its turns).
      bool is_op = an->spelling == SPELL_CALL || an->dir.kind == DIR_WAIT || an->dir.kind == DIR_TRIGGER ||
                   an->dir.kind == DIR_TURNS || an->dir.kind == DIR_TURN;
      if (is_op != (pass == 1)) continue;
      Kernel *k = kernel_of(c, kernels, an, one);
      if (!k) continue;
      int errors = c->diag->errors;
      if (an->spelling != SPELL_CALL && an->dir.kind == DIR_TURNS)
        read_turns(c, k, an);
      else if (an->spelling != SPELL_CALL && an->dir.kind == DIR_TURN)
        read_turn(c, k, an, stmts[i]);
      else if (is_op)
        read_op(c, k, an, stmts);
      else if (an->dir.kind == DIR_WARPGROUPS || an->dir.kind == DIR_WARPS)
        read_partition(c, k, an);
      else if (an->dir.kind == DIR_EVENT)
        read_event(c, k, an);
      else
        read_region(c, k, an, stmts[i]);
      if (c->diag->errors != errors) k->unread = true;
    }
}

KernelList gather_kernels(Ctx *c, const Stmt *stmts, const bool *ok) {
  KernelList kernels = {0};
  gather_annotations(c, stmts, ok, &kernels, NULL);
  // A partition with values(P: ...): the kernel was read up to it; now a
  // model of its own for each value (the messages that say the same in each
  // are written once: diag.c).
  for (int i = 0, n = kernels.len; i < n; i++) {
    KernelValues *kv = kernels.items[i].values;
    if (!kv) continue;
    for (int j = 0; j < kv->n; j++) {
      Kernel again = {.func = kernels.items[i].func, .values = kv, .at = j + 1};
      kv->gather_first[j] = c->diag->nmessages;
      gather_annotations(c, stmts, ok, &kernels, &again);
      kv->gathered[j] = c->diag->nmessages - kv->gather_first[j];
      if (j == 0)
        kernels.items[i] = again;
      else
        VEC_PUSH(c->arena, kernels, again);
    }
  }
  // Every other function of the file gets the uniformity check too (docs/language.md#uniformity:
  // a barrier under a thread-dependent condition is an error wherever it is),
  // constructors and the like included; a lambda is checked with its function.
  for (int func = 0; func < c->front->nnodes; func++) {
    enum CXCursorKind kind = node_at(c, func)->kind;
    if (!front_is_function(kind) || kind == CXCursor_LambdaExpr || node_at(c, func)->last == func) continue;
    bool known = false;
    for (int j = 0; j < kernels.len && !known; j++) known = kernels.items[j].func == func;
    if (!known) {
      Kernel k = {.func = func};
      VEC_PUSH(c->arena, kernels, k);
    }
  }
  return kernels;
}
