// gather_regions.c - the gathering of a kernel's partition (warpgroups(wg:
// N), warps(w: N)) and regions (async(...), in_threads(...)): the count and
// each index a region's predicate holds for, evaluated from the stubs;
// regs(R); the if / else-if chain a region continues. What one annotation
// and its place tell is reported here.
#include <limits.h>
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

// The kernel's non-type template parameter named p (a node), -1 if none.
static int value_parameter(Ctx *c, const Kernel *k, Span p) {
  size_t body = function_body_start(c, k->func);
  for (int i = k->func + 1; i <= node_at(c, k->func)->last && node_at(c, i)->start < body; i++) {
    if (node_at(c, i)->kind != CXCursor_NonTypeTemplateParameter) continue;
    CXString s = clang_getCursorSpelling(node_at(c, i)->cur);
    bool same = strlen(clang_getCString(s)) == p.len && !memcmp(clang_getCString(s), p.s, p.len);
    clang_disposeString(s);
    if (same) return i;
  }
  return -1;
}

// Why value v (written w) is none of the parameter's type, or NULL. The
// counts are evaluated with the value as written, so its type must compute as
// the parameter does: unsigned (64u) for an unsigned parameter of int's rank
// or more, where `D - 65` wraps around; signed for any other (a bool, a char
// or a short computes as an int).
static const char *not_a_value(CXType t, long long v, Span w) {
  bool u = false;  // an unsigned suffix (true and false have none)
  for (size_t i = 0; !span_eq(w, "true") && i < w.len; i++) u = u || w.s[i] == 'u' || w.s[i] == 'U';
  long long lo = LLONG_MIN, hi = LLONG_MAX;
  bool wide_unsigned = false;
  switch (clang_getCanonicalType(t).kind) {
  case CXType_Bool: lo = 0, hi = 1; break;
  case CXType_Char_S:
  case CXType_SChar: lo = -128, hi = 127; break;
  case CXType_Char_U:
  case CXType_UChar: lo = 0, hi = 255; break;
  case CXType_Short: lo = -32768, hi = 32767; break;
  case CXType_UShort: lo = 0, hi = 65535; break;
  case CXType_Int: lo = INT_MIN, hi = INT_MAX; break;
  case CXType_UInt: lo = 0, hi = UINT_MAX, wide_unsigned = true; break;
  case CXType_ULong:
  case CXType_ULongLong: lo = 0, wide_unsigned = true; break;
  case CXType_Long:
  case CXType_LongLong: break;
  default: return "values() takes an integer or bool parameter";
  }
  if (wide_unsigned && !u)
    return "an unsigned parameter takes unsigned values (64u): tirx-pp evaluates the counts with the value as written";
  if (!wide_unsigned && u)
    return "this parameter computes as a signed int, so it takes signed values (64): tirx-pp evaluates the counts "
           "with the value as written";
  return v < lo || v > hi ? "its type does not hold it" : NULL;
}

// values(P: V1, V2, ...): the template parameter and its values, checked;
// the kernel is then modelled for the first (gather.c models the others).
static bool read_values(Ctx *c, Kernel *k, const Annotation *an) {
  const Clause *cl = dir_clause(&an->dir, "values");
  KernelValues *kv = arena_alloc(c->arena, sizeof *kv);
  *kv = (KernelValues){0};
  kv->n = stub_partition_values(an, &kv->param, kv->values, MAX_VALUES);
  for (int j = 0; !kv->n && j < cl->nargs; j++)
    if (cl->args[j].expr.len && (!j || !cl->args[j].name.len) && !stub_value_literal(cl->args[j].expr)) {
      Span v = span_trim(cl->args[j].expr);
      diag_at(c->diag, DIAG_ERROR, v.off, v.len,
              "values() takes integer literals, true or false: tirx-pp puts each in the kernel's counts and in "
              "'if constexpr', not %.*s",
              (int)v.len, v.s);
      return false;
    }
  if (!kv->n) {
    if (cl->nargs > MAX_VALUES)
      diag_error(c->diag, cl->name.off, "values() takes at most %d values: tirx-pp lowers the kernel once for each",
                 MAX_VALUES);
    else
      diag_error(c->diag, cl->name.off,
                 "values() takes a template parameter of the kernel and the values it is instantiated with, "
                 "'values(D: 64, 128)'");
    return false;
  }
  int param = value_parameter(c, k, kv->param);
  if (param < 0) {
    diag_at(c->diag, DIAG_ERROR, kv->param.off, kv->param.len,
            "'%.*s' is not a non-type template parameter of this kernel: values() names one, whose values the "
            "kernel is lowered for",
            (int)kv->param.len, kv->param.s);
    return false;
  }
  // The body is written once per value, in one function: a label of it
  // would be defined twice (and nvcc refuses a jump into an `if constexpr`).
  for (int i = k->func + 1; i <= node_at(c, k->func)->last; i++)
    if (node_at(c, i)->kind == CXCursor_LabelStmt && node_at(c, i)->func == k->func) {  // (a lambda's is its own)
      diag_error(c->diag, node_at(c, i)->start,
                 "a label in a kernel lowered once per value of values(): tirx-pp writes its body once per value, "
                 "and the label would be defined in each; write the jump as a loop or a flag");
      diag_note(c->diag, an->start, "the partition with values()");
      return false;
    }
  long long held[MAX_VALUES];
  CXType type = clang_getCursorType(node_at(c, param)->cur);
  for (int j = 0; j < kv->n; j++) {
    char var[64];
    snprintf(var, sizeof var, "__tirx_value_%d_%d", stub_id(c, an), j);
    if (!stub_value(c, an, var, &held[j])) return false;  // (clang said why)
    const char *why = not_a_value(type, held[j], kv->values[j]);
    if (why) {
      CXString ts = clang_getTypeSpelling(type);
      diag_at(c->diag, DIAG_ERROR, kv->values[j].off, kv->values[j].len, "%.*s is not a value of '%s %.*s': %s",
              (int)kv->values[j].len, kv->values[j].s, clang_getCString(ts), (int)kv->param.len, kv->param.s, why);
      clang_disposeString(ts);
      return false;
    }
    for (int i = 0; i < j; i++)
      if (held[i] == held[j]) {
        diag_at(c->diag, DIAG_ERROR, kv->values[j].off, kv->values[j].len, "%.*s is given twice in values()%s",
                (int)kv->values[j].len, kv->values[j].s,
                span_same(kv->values[i], kv->values[j])
                    ? ""
                    : arena_printf(c->arena, " (as %.*s first)", (int)kv->values[i].len, kv->values[i].s));
        return false;
      }
  }
  kv->part = an;
  k->values = kv;
  k->at = 1;
  return true;
}

static bool read_partition_(Ctx *c, Kernel *k, const Annotation *an) {
  static const char *const clauses[] = {"values", NULL};
  Span name, value;
  if (!check_clauses(c, an, clauses)) return false;
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
  // (A constant count takes values() too: regs(R) or an event's count(C)
  // may depend on the parameter.)
  if (dir_clause(&an->dir, "values") && !k->at && !read_values(c, k, an)) return false;
  if (!stub_value(c, an, kernel_stub_var(c, k, an, var), &n)) {
    if (stub_clang_failed(c, an, NULL)) return false;  // clang's word ("use of undeclared identifier") is the cause
    if (k->at)                                         // (the same words for every value: written once, diag.c)
      diag_at(c->diag, DIAG_ERROR, value.off, value.len,
              "the count of '%s' is not a constant expression with %.*s's value put in: tirx-pp puts it where %.*s "
              "is written in the count, not in a macro or a constant declared in the kernel, and another template "
              "parameter stays unknown",
              spelling_of(an), (int)k->values->param.len, k->values->param.s, (int)k->values->param.len,
              k->values->param.s);
    else if (stub_dependent(c, an, var))
      diag_at(c->diag, DIAG_ERROR, value.off, value.len,
              "the count of '%s' depends on a template parameter: tirx-pp lowers a kernel for one count (its "
              "arrival counts, barrier sizes and register split), known before any instantiation; use a constant or "
              "a macro (-D), or list the parameter's values, 'values(D: 64, 128)', to lower it for each%s",
              spelling_of(an),
              an->spelling == SPELL_MACRO ? " (a clause of the pragma: write '#pragma tirx "
                                            "warpgroups(wg: N) values(...)' for the macro)"
                                          : "");
    else
      diag_at(c->diag, DIAG_ERROR, value.off, value.len, "the count of '%s' is not a constant expression",
              spelling_of(an));
    return false;
  }
  if (n < 1 || n > max) {
    diag_at(c->diag, DIAG_ERROR, value.off, value.len,
            "'%s' takes 1 to %d %s (a block has at most 1024 threads), not %s", spelling_of(an), max,
            group == 32 ? "warps" : "warpgroups",
            stub_clause_shown(c, NULL, value, n));  // (values(): a note says which)
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
  if (k->at) k->values->nparts[k->at - 1] = (int)n;
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
    const char *read = kernel_stub_var(c, k, an, var);
    if (regs->nargs == 1 && !stub_value(c, an, read, &v) && read != var) {
      diag_at(c->diag, DIAG_ERROR, regs->args[0].expr.off, regs->args[0].expr.len,
              "regs(R) is not a constant expression with %.*s's value put in: tirx-pp puts it where %.*s is written "
              "in regs(), not in a macro or a constant declared in the kernel, and another template parameter stays "
              "unknown",
              (int)k->values->param.len, k->values->param.s, (int)k->values->param.len, k->values->param.s);
      return false;
    }
    if (regs->nargs == 1 && !stub_value(c, an, read, &v) && stub_dependent(c, an, var)) {
      diag_at(c->diag, DIAG_ERROR, regs->args[0].expr.off, regs->args[0].expr.len,
              "regs(R) depends on a template parameter: tirx-pp checks the register split of the kernel's regions "
              "before any instantiation; use a constant or a macro (-D), or give the partition 'values(...)'");
      return false;
    }
    if (regs->nargs != 1 || !stub_value(c, an, read, &v)) {
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
      uint32_t four = 0xfu << g;  // (a block that ends inside the warpgroup does not make it whole)
      if ((r.members & four) && (r.members & four) != four) {
        diag_error(c->diag, regs->name.off,
                   "regs() needs whole warpgroups: this region runs only some of warps %d..%d%s, and setmaxnreg "
                   "is executed by all four warps of a warpgroup together",
                   g, g + 3,
                   g + 4 > k->nparts ? arena_printf(c->arena, " (the partition has %d warps)", k->nparts) : "");
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
