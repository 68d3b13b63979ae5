// gather_events.c - the gathering of a kernel's event declarations (`event
// full[S] ready, empty[S] count(C) cluster`): each declarator's clauses, its
// slots from the stub's array, its place (a kernel's own body); and the names
// a declaration gives even when it could not be read.
#include <stdio.h>
#include <string.h>

#include "ast.h"
#include "gather_events.h"
#include "gather_grid.h"
#include "kernel.h"
#include "stub.h"
#include "stubvar.h"

// The names an event declaration gives, even when the rest did not parse,
// into *out (in the arena); a name that cannot be told whole (`fu\0ll`, a list
// that did not parse) is an empty span: the kernel's unknown events then
// stay quiet.
int event_names_in(Arena *a, const Annotation *an, Span **names) {
  int n = dir_ndecls(&an->dir);
  Span *out = *names = arena_alloc(a, sizeof(Span) * (size_t)(n > 2 ? n : 2));
  if (an->dir.nclauses) {
    for (int j = 0; j < n; j++) out[j] = stub_declarator_name(dir_decl(&an->dir, j));
    return n;
  }
  Span t = span_trim(an->spelling == SPELL_MACRO ? an->args : an->text);
  if (!t.s) return 0;  // a macro used without its arguments
  size_t i = 0;
  if (an->spelling != SPELL_MACRO) {  // past `event`
    while (i < t.len && is_ident_char((unsigned char)t.s[i])) i++;
    while (i < t.len && (t.s[i] == ' ' || t.s[i] == '\t')) i++;
  }
  size_t j = i;
  while (j < t.len && is_ident_char((unsigned char)t.s[j])) j++;
  bool whole = j == t.len || (t.s[j] && strchr(" \t[,()", t.s[j]));
  out[0] = whole ? (Span){t.s + i, j - i, t.off + i} : (Span){0};
  if (an->spelling != SPELL_MACRO && memchr(t.s, ',', t.len)) {
    out[1] = (Span){0};
    return 2;
  }
  return 1;
}

// Declarator j of an event declaration (`event full[S], empty[S] ready`
// declares two, the clauses of each after its name).
static bool read_event_(Ctx *c, Kernel *k, const Annotation *an, int j, Span *name) {
  Event e = {.an = an};
  const Directive *dir = dir_decl(&an->dir, j);
  const Clause *decl = NULL, *grid = NULL;
  for (int i = 0; i < dir->nclauses; i++) {
    const Clause *cl = &dir->clauses[i];
    bool named = span_eq(cl->name, "ready") || span_eq(cl->name, "count") || span_eq(cl->name, "cluster") ||
                 span_eq(cl->name, "grid");
    if (!decl && named && !cl->has_index) {
      diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len,
              "'%.*s' before the event's name in '%s': a clause follows the event it belongs to ('event e[N] %s')",
              (int)cl->name.len, cl->name.s, spelling_of(an),
              span_eq(cl->name, "ready")   ? "ready"
              : span_eq(cl->name, "count") ? "count(C)"
              : span_eq(cl->name, "grid")  ? "grid(COUNTERS) count(C)"
                                           : "cluster");
      return false;
    }
    if (decl && span_eq(cl->name, "grid")) {
      grid = cl;  // read_grid_event checks it, with the others
    } else if (span_eq(cl->name, "cluster")) {
      // cluster, cluster(x), cluster(y), cluster(x, y) (docs/clusters.md).
      bool x = false, y = false, ok = !cl->has_index && (!cl->has_args || (cl->nargs >= 1 && cl->nargs <= 2));
      for (int a = 0; ok && cl->has_args && a < cl->nargs; a++) {
        Span v = span_trim(cl->args[a].expr);
        bool is_x = span_eq(v, "x") && !x, is_y = span_eq(v, "y") && !y;
        ok = !cl->args[a].name.len && (is_x || is_y) && (a == 0 || is_y);
        x |= is_x, y |= is_y;
      }
      if (!ok) {
        diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len,
                "'cluster' takes nothing, 'x', 'y' or 'x, y': the cluster dimensions along which the data of a "
                "slot are multicast, whose blocks a trigger releases the slot in");
        return false;
      }
      e.cluster = cl;
      e.fanin = x && y ? 3 : x ? 1 : y ? 2 : 0;
    } else if (span_eq(cl->name, "ready")) {
      e.ready = true;
    } else if (span_eq(cl->name, "count")) {
      long long v;
      char var[64];
      snprintf(var, sizeof var, "__tirx_count_%d_%d", stub_id(c, an), j);
      if (cl->nargs != 1) {
        diag_error(c->diag, cl->name.off, "count(C) takes one arrival count");
        return false;
      }
      if (grid || dir_clause(dir, "grid")) {  // evaluated at each operation: read_grid_event's
        e.count = cl;
        continue;
      }
      if (stub_not_integer(c, an, var)) {
        diag_at(c->diag, DIAG_ERROR, cl->args[0].expr.off, cl->args[0].expr.len,
                "count(C) takes an integer arrival count");
        return false;
      }
      bool known = stub_value(c, an, kernel_stub_var(c, k, an, var), &v);
      if (known && (v < 1 || v >= (1 << 20))) {
        diag_at(c->diag, DIAG_ERROR, cl->args[0].expr.off, cl->args[0].expr.len,
                "%s: an mbarrier counts 1 to 1048575 arrivals",
                stub_clause_shown(c, "count", cl->args[0].expr, v));
        return false;
      }
      e.count = cl;
      e.count_value = known ? v : 0;
    } else if (!decl && !cl->has_args) {
      decl = cl;
    } else {
      diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len, "unknown clause '%.*s' in '%s'", (int)cl->name.len,
              cl->name.s, spelling_of(an));
      return false;
    }
  }
  if (!decl) {
    diag_error(c->diag, an->dir.head.name.off, "'%s' needs a name: 'event name[N]' or 'event name'", spelling_of(an));
    return false;
  }
  e.name = *name = decl->name;
  e.slots_text = decl->has_index ? decl->index : (Span){0};
  e.slots = 1;
  int var = stub_var(c, an, e.name.s, e.name.len);
  // Its initialization ends with a block barrier: only a kernel's own body
  // is reached by the whole block (a helper or a lambda may be called by part).
  bool in_lambda = var >= 0 && node_at(c, var)->func >= 0 && node_at(c, node_at(c, var)->func)->kind == CXCursor_LambdaExpr;
  if (in_lambda || !front_is_kernel(c->front, k->func)) {
    diag_error(c->diag, an->start,
               "'%s' must be in the body of a __global__ function, not in %s: its initialization is a block "
               "barrier that every thread must reach",
               spelling_of(an), in_lambda ? "a lambda" : "a __device__ function");
    return false;
  }
  // Declared in a loop, it is initialized anew each iteration by one thread
  // before the block meets: arrivals and waits of the iteration before, still
  // under way in other regions, land on a barrier made over.
  int loop = var >= 0 ? repeats_around(c, k, var) : -1;
  if (loop >= 0 && !e.cluster && !grid) {  // (the cluster check says more of a cluster event in a loop)
    diag_error(c->diag, an->start,
               "event '%.*s' declared inside a loop: every iteration initializes its mbarriers again while the "
               "regions may still arrive on or wait for them from the iteration before; declare it before the loop",
               (int)e.name.len, e.name.s);
    diag_note(c->diag, node_at(c, loop)->start,
              node_at(c, loop)->kind == CXCursor_GotoStmt ? "the goto that jumps back over it" : "the loop");
    return false;
  }
  if (grid) return read_grid_event(c, k, an, decl, grid, e.count, e.ready, e.cluster);
  if (var >= 0 && decl->has_index) {
    CXType t = clang_getCursorType(node_at(c, var)->cur);
    e.slots = t.kind == CXType_ConstantArray ? clang_getArraySize(t) : -1;
    if (e.slots < 0 && node_at(c, var)->in_template) e.slots = 64, e.dependent = true;  // known at instantiation
  }
  if (var < 0 || e.slots < 1) {
    // A name that is not declared: clang's word is the cause. Other errors
    // of the stub (a negative or floating size) say less than this message.
    if (stub_clang_failed(c, an, "use of undeclared identifier")) return false;
    diag_at(c->diag, DIAG_ERROR, decl->index.off, decl->index.len,
            "the size of event '%.*s' is not a positive constant expression", (int)e.name.len, e.name.s);
    return false;
  }
  if (e.slots > 64) {  // reported; kept, so that its uses raise nothing more
    diag_at(c->diag, DIAG_ERROR, decl->index.off, decl->index.len,
            "event '%.*s' has %lld slots; tirx-pp keeps at most 64 phase bits per event", (int)e.name.len, e.name.s,
            e.slots);
  }
  if (!event_name_free(c, k, e.name)) return false;
  VEC_PUSH(c->arena, k->events, e);
  return true;
}

void read_event(Ctx *c, Kernel *k, const Annotation *an) {
  for (int j = 0; j < dir_ndecls(&an->dir); j++) {
    // The name, for its uses to stay quiet if this fails (none told: any).
    Span name = stub_declarator_name(dir_decl(&an->dir, j));
    if (!read_event_(c, k, an, j, &name)) VEC_PUSH(c->arena, k->broken, name);
  }
}
