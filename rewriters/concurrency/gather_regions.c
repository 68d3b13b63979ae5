// gather_regions.c - the gathering of a kernel's partition (warpgroups(wg:
// N), warps(w: N)) and regions (async(...), in_threads(...)): the count and
// each index a region's predicate holds for, evaluated from the stubs;
// regs(R); the if / else-if chain a region continues. What one annotation
// and its place tell is reported here.
#include <stdio.h>
#include <string.h>

#include "ast.h"
#include "gather_regions.h"
#include "kernel.h"
#include "stub.h"
#include "stubvar.h"

static bool read_partition_(Ctx *c, Kernel *k, const Annotation *an);

// Whether the stub variable's value is unknown because it names a template
// parameter (the user needs another remedy than for a run-time value).
static bool stub_dependent(const Ctx *c, const Annotation *an, const char *var) {
  int node = stub_var(c, an, var, strlen(var));
  return node >= 0 && node_at(c, node)->in_template && uses_template_parameter(c, node);
}

void read_partition(Ctx *c, Kernel *k, const Annotation *an) {
  if (!read_partition_(c, k, an)) k->failed_part++;
}

static bool read_partition_(Ctx *c, Kernel *k, const Annotation *an) {
  static const char *const none[] = {NULL};
  Span name, value;
  if (!check_clauses(c, an, none)) return false;
  if (k->part) {
    diag_error(c->diag, an->start, "a second partition in one kernel; a kernel has one '%s'", spelling_of(k->part));
    diag_note(c->diag, k->part->start, "the first is here");
    return false;
  }
  if (!stub_named_arg(an, &name, &value)) {
    diag_error(c->diag, an->dir.head.name.off, "'%s' takes one 'name: count' argument", spelling_of(an));
    return false;
  }
  long long n;
  char var[64];
  snprintf(var, sizeof var, "__tirx_parts_%d", stub_id(c, an));
  int group = an->dir.kind == DIR_WARPS ? 32 : 128, max = 1024 / group;
  if (stub_not_integer(c, an, var)) {  // 1e400 would read as "not a constant expression"
    diag_at(c->diag, DIAG_ERROR, value.off, value.len, "the count of '%s' must be an integer, not %.*s",
            spelling_of(an), (int)span_trim(value).len, span_trim(value).s);
    return false;
  }
  if (!stub_value(c, an, var, &n)) {
    if (stub_clang_failed(c, an, NULL)) return false;  // clang's word ("use of undeclared identifier") is the cause
    if (stub_dependent(c, an, var))
      diag_at(c->diag, DIAG_ERROR, value.off, value.len,
              "the count of '%s' depends on a template parameter: tirx-pp lowers a kernel for one count (its "
              "arrival counts, barrier sizes and register split), known before any instantiation; use a constant or "
              "a macro (-D)",
              spelling_of(an));
    else
      diag_at(c->diag, DIAG_ERROR, value.off, value.len, "the count of '%s' is not a constant expression",
              spelling_of(an));
    return false;
  }
  if (n < 1 || n > max) {
    diag_at(c->diag, DIAG_ERROR, value.off, value.len,
            "'%s' takes 1 to %d %s (a block has at most 1024 threads), not %s", spelling_of(an), max,
            group == 32 ? "warps" : "warpgroups", stub_clause_shown(c, NULL, value, n));
    return false;
  }
  if (!front_is_kernel(c->front, k->func)) {
    diag_error(c->diag, an->start, "'%s' must be in a __global__ function", spelling_of(an));
    return false;
  }
  k->part = an;
  k->part_name = name;
  k->part_count = span_trim(value);
  k->nparts = (int)n;
  k->group = group;
  return true;
}

static bool read_region_(Ctx *c, Kernel *k, const Annotation *an, Stmt st);

void read_region(Ctx *c, Kernel *k, const Annotation *an, Stmt st) {
  if (!read_region_(c, k, an, st)) k->failed_regions++;
}

static bool read_region_(Ctx *c, Kernel *k, const Annotation *an, Stmt st) {
  static const char *const async_clauses[] = {"regs", NULL}, *const none[] = {NULL};
  bool async = an->dir.kind == DIR_ASYNC;
  if (!check_clauses(c, an, async ? async_clauses : none)) return false;
  if (an->dir.head.nargs != 1 || an->dir.head.args[0].name.len) {
    diag_error(c->diag, an->dir.head.name.off, "'%s' takes one predicate over the partition index", spelling_of(an));
    return false;
  }
  if (!k->part) {  // (after a partition that could not be read: said already)
    if (!k->failed_part)
      diag_error(c->diag, an->start, "'%s' needs a partition: declare '#pragma tirx warpgroups(wg: N)' before it",
                 spelling_of(an));
    return false;
  }
  if (node_at(c, st.node)->kind != CXCursor_CompoundStmt) {
    diag_error(c->diag, st.start, "expected '{' after '%s': a region is a block", spelling_of(an));
    return false;
  }
  Region r = {.an = an, .body = st, .pred = an->dir.head.args[0].expr, .async = async, .first = -1};
  for (int v = 0; v < k->nparts; v++) {
    char var[64];
    long long in;
    snprintf(var, sizeof var, "__tirx_in_%d_%d", stub_id(c, an), v);
    if (!stub_value(c, an, var, &in)) {
      diag_at(c->diag, DIAG_ERROR, r.pred.off, r.pred.len,
              "the predicate of '%s' must be a constant expression of '%.*s' alone", spelling_of(an),
              (int)k->part_name.len, k->part_name.s);
      return false;
    }
    if (in) {
      r.members |= 1u << v;
      if (r.first < 0) r.first = v;
      r.threads += k->group;
    }
  }
  if (!r.members) {
    diag_at(c->diag, DIAG_ERROR, r.pred.off, r.pred.len,
            "no %.*s in 0..%d satisfies this predicate: the region never runs", (int)k->part_name.len,
            k->part_name.s, k->nparts - 1);
    return false;
  }
  // Inside another region only the indices of both run it (and arrive on
  // its triggers); none is dead code.
  const Region *outer = enclosing_region(k, an->start);
  if (outer && !(r.members & outer->members)) {
    diag_at(c->diag, DIAG_ERROR, r.pred.off, r.pred.len,
            "this region is inside '%s', which no %.*s that satisfies this predicate runs: the region never runs",
            region_label(c, outer), (int)k->part_name.len, k->part_name.s);
    diag_note(c->diag, outer->pred.off, "the enclosing region");
    return false;
  }
  if (outer && (r.members & ~outer->members)) {
    r.members &= outer->members;
    r.first = __builtin_ctz(r.members);
    r.threads = __builtin_popcount(r.members) * k->group;
  }
  const Clause *regs = dir_clause(&an->dir, "regs");
  if (regs) {
    long long v = -1;
    char var[64];
    snprintf(var, sizeof var, "__tirx_regs_%d", stub_id(c, an));
    if (regs->nargs == 1 && stub_not_integer(c, an, var)) {
      diag_at(c->diag, DIAG_ERROR, regs->args[0].expr.off, regs->args[0].expr.len,
              "regs(R) takes an integer register count");
      return false;
    }
    if (regs->nargs == 1 && !stub_value(c, an, var, &v) && stub_dependent(c, an, var)) {
      diag_at(c->diag, DIAG_ERROR, regs->args[0].expr.off, regs->args[0].expr.len,
              "regs(R) depends on a template parameter: tirx-pp checks the register split of the kernel's regions "
              "before any instantiation; use a constant or a macro (-D)");
      return false;
    }
    if (regs->nargs != 1 || !stub_value(c, an, var, &v)) {
      diag_error(c->diag, regs->name.off, "regs(R) takes one constant register count");
      return false;
    }
    if (v < 24 || v > 256 || v % 8) {
      diag_at(c->diag, DIAG_ERROR, regs->args[0].expr.off, regs->args[0].expr.len,
              "%s: setmaxnreg takes a multiple of 8 from 24 to 256",
              stub_clause_shown(c, "regs", regs->args[0].expr, v));
      return false;
    }
    r.regs = (int)v;
    // setmaxnreg is executed by whole warpgroups together.
    for (int g = 0; k->group == 32 && g < k->nparts; g += 4) {
      uint32_t four = (0xfu << g) & (k->nparts >= 32 ? 0xffffffffu : (1u << k->nparts) - 1);
      if ((r.members & four) && (r.members & four) != four) {
        diag_error(c->diag, regs->name.off,
                   "regs() needs whole warpgroups: this region runs only some of warps %d..%d, and setmaxnreg is "
                   "executed by all four warps of a warpgroup together",
                   g, g + 3);
        return false;
      }
    }
  }
  // A region right after another (only blanks and comments between) continues
  // its if / else-if chain.
  // (The region before it at its own level: one nested in that one is not.)
  for (int i = k->regions.len - 1; i >= 0 && async; i--) {
    const Region *prev = &k->regions.items[i];
    if (enclosing_region(k, prev->an->start) != outer) continue;
    r.chained = prev->async && lex_skip_blank(c->src, prev->body.end) == an->start;
    break;
  }
  VEC_PUSH(c->arena, k->regions, r);
  return true;
}
