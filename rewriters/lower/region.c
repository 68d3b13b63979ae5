// region.c - lowering of the partition and the regions (docs/language.md#partitions-and-async-regions): the index
// as a warp-uniform const, launch bounds, one if / else-if chain per run of
// adjacent async regions with setmaxnreg at the top of each, inthreads regions
// each followed by a block barrier, tirx_region_sync() as a named barrier.
#include <string.h>

#include "ast.h"
#include "kernel.h"
#include "region.h"
#include "trace.h"

// The `if constexpr` of the kernel whose branch holds the partition, -1 if none.
static int constexpr_if_around(Ctx *c, const Kernel *k) {
  const Node *f = node_at(c, k->func);
  int found = -1;
  for (int i = k->func + 1; i <= f->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_IfStmt || k->part->start < n->start || k->part->start >= n->end) continue;
    size_t after = lex_skip_blank(c->src, n->start + 2);
    if (after + 9 <= c->src->len && !memcmp(c->src->data + after, "constexpr", 9)) found = i;
  }
  return found;
}

// Whether a region of the kernel sets its registers (setmaxnreg, which needs
// the launch bounds).
static bool sets_registers(const Kernel *k) {
  int cap = kernel_register_cap(k);
  for (int i = 0; i < k->regions.len; i++)
    if (k->regions.items[i].regs && k->regions.items[i].regs != cap) return true;
  return false;
}

static void block_too_small(Ctx *c, Bounds b, int threads) {
  diag_error(c->diag, b.start,
             "the kernel's __launch_bounds__ allow blocks of at most %ld threads, but its partition runs %d", b.args[0],
             threads);
}

// A kernel that sets registers (regs()) and has launch bounds of its own:
// setmaxnreg counts start from what those bounds leave a thread, and ptxas
// refuses a count above it (C7406), ignores setmaxnreg when the bounds give
// no minimum of blocks (C7508), and a block smaller than the partition
// cannot run it.
static void check_own_bounds(Ctx *c, Kernel *k) {
  int threads = k->nparts * k->group, cap;
  Bounds b = kernel_bounds(c, k, "__launch_bounds__");
  bool maxnreg = b.nargs == 0;
  if (maxnreg) b = kernel_bounds(c, k, "__maxnreg__");
  if (b.nargs < 0 || (maxnreg && b.nargs != 1)) {
    diag_warning(c->diag, b.start,
                 "tirx-pp cannot read the kernel's own launch bounds (not integer literals): it does not check its "
                 "regions' regs() against them");
    return;
  }
  if (maxnreg) {
    cap = (int)b.args[0];
  } else if (b.args[0] < threads) {
    block_too_small(c, b, threads);
    return;
  } else if (b.nargs == 1) {
    diag_warning(c->diag, b.start,
                 "the kernel's __launch_bounds__ give no minimum of blocks, and ptxas then ignores the setmaxnreg of "
                 "its regions' regs(): write __launch_bounds__(%ld, 1)",
                 b.args[0]);
    return;
  } else {
    long per = 65536 / (b.args[0] * (b.args[1] > 0 ? b.args[1] : 1));
    cap = per > 255 ? 255 : (int)(per / 8 * 8);
  }
  for (int i = 0; i < k->regions.len; i++) {
    const Region *r = &k->regions.items[i];
    if (r->regs > cap)
      diag_error(c->diag, r->an->start,
                 "regs(%d) is more than the %d registers a thread has under the kernel's own '%.*s': ptxas would "
                 "refuse the region's setmaxnreg",
                 r->regs, cap, (int)(b.end - b.start), c->src->data + b.start);
  }
}

// The partition's threads as the launch bounds say them: a number, or with
// values(P: ...) one for each value, `(P) == (V1) ? 512 : 384` (the same
// text in each value's lowering: values.c keeps it once).
static const char *threads_text(Ctx *c, const Kernel *k) {
  const KernelValues *kv = k->values;
  bool same = true;
  for (int j = 0; kv && j < kv->n; j++) same = same && kv->nparts[j] == k->nparts;
  if (same) return arena_printf(c->arena, "%d", k->nparts * k->group);
  Buf b = {0};
  for (int j = 0; j + 1 < kv->n; j++)
    buf_printf(&b, "(%.*s) == (%.*s) ? %d : ", (int)kv->param.len, kv->param.s, (int)kv->values[j].len, kv->values[j].s,
               kv->nparts[j] * k->group);
  buf_printf(&b, "%d", kv->nparts[kv->n - 1] * k->group);
  char *s = arena_strndup(c->arena, b.data, b.len);
  buf_free(&b);
  return s;
}

// __launch_bounds__(threads, 1) before the kernel's name, unless it has some
// (or __maxnreg__, which nvcc does not take with them). A partition in one
// branch of `if constexpr` does not bind the other instantiations: none then,
// and an error when setmaxnreg needs them.
static void add_launch_bounds(Ctx *c, Kernel *k) {
  const Node *f = node_at(c, k->func);
  size_t name;
  if (!front_offset(c->front, clang_getCursorLocation(f->cur), &name)) return;
  size_t body = function_body_start(c, k->func);
  if (text_has_word((LexText){c->src->data, body}, f->start, "__launch_bounds__") ||
      text_has_word((LexText){c->src->data, body}, f->start, "__maxnreg__")) {
    if (sets_registers(k)) {
      check_own_bounds(c, k);
    } else {  // (the block size alone: a smaller block leaves part of the partition out)
      Bounds b = kernel_bounds(c, k, "__launch_bounds__");
      if (b.nargs > 0 && b.args[0] < k->nparts * k->group) block_too_small(c, b, k->nparts * k->group);
    }
    return;
  }
  int branch = constexpr_if_around(c, k);
  if (branch >= 0) {
    if (!sets_registers(k)) return;
    const char *threads = threads_text(c, k);
    diag_error(c->diag, k->part->start,
               "the partition is in one branch of 'if constexpr', but its regions' regs() need "
               "__launch_bounds__(%s, 1) on the kernel, which would bind every instantiation, those that take the "
               "other branch too (launched with other block sizes, they would no longer launch)",
               threads);
    diag_note(c->diag, node_at(c, branch)->start,
              "write the partitioned branch as a kernel of its own, or drop regs() from its regions; if every "
              "instantiation launches %s threads, write __launch_bounds__(%s, 1) on the kernel yourself",
              k->values ? "its partition's" : threads, threads);
    return;
  }
  CXString s = clang_getCursorSpelling(f->cur);
  size_t len = strlen(clang_getCString(s));
  clang_disposeString(s);
  if (front_in_macro(c->front, name) || name + len > body) {
    diag_warning(c->diag, name, "the kernel's name comes from a macro: add __launch_bounds__(%d, 1) yourself, or "
                                "setmaxnreg may be ignored",
                 k->nparts * k->group);
    return;
  }
  edit_replace(
      c->edits, name, name + len,
      arena_printf(c->arena, "__launch_bounds__(%s, 1) %.*s", threads_text(c, k), (int)len, c->src->data + name));
}

// Whether a partition's count is written as digits only (nothing that nvcc
// could read otherwise than tirx-pp did).
static bool count_is_literal(Span s) {
  for (size_t i = 0; i < s.len; i++)
    if (s.s[i] < '0' || s.s[i] > '9') return false;
  return s.len > 0;
}

// The partition's index as a warp-uniform const. A count written as an
// expression (a constant, a macro) is checked again by nvcc: the whole lowering
// (launch bounds, arrival counts, barriers) uses the value tirx-pp read, and an
// nvcc given other -D flags than tirx-pp would otherwise build a kernel whose
// code and events disagree, with no error.
void lower_partition(Ctx *c, Kernel *k) {
  if (!k->part) return;
  const char *what = k->group == 32 ? "warps" : "warpgroups";
  const char *check =
      count_is_literal(k->part_count)
          ? ""
          : arena_printf(c->arena,
                         " static_assert((%.*s) == %d, \"tirx-pp lowered this kernel for '#pragma tirx %s' "
                         "count %d: compile its output with the macros tirx-pp was given\");",
                         (int)k->part_count.len, k->part_count.s, k->nparts, what, k->nparts);
  edit_replace(c->edits, k->part->start, k->part->end,
               arena_printf(c->arena, "const int %.*s = %s;%s", (int)k->part_name.len, k->part_name.s,
                            k->group == 32 ? "tirx_warp_index()" : "tirx_warpgroup_index()", check));
  add_launch_bounds(c, k);
}

void lower_regions(Ctx *c, Kernel *k) {
  int cap = k->part ? kernel_register_cap(k) : 0;
  for (int i = 0; i < k->regions.len; i++) {
    Region *r = &k->regions.items[i];
    edit_replace(c->edits, r->an->start, r->an->end,
                 arena_printf(c->arena, "%sif (%.*s)", r->chained ? "else " : "", (int)r->pred.len, r->pred.s));
    const char *regs = r->regs && r->regs != cap
                           ? arena_printf(c->arena, " tirx_setmaxnreg_%s<%d>();", r->regs < cap ? "dec" : "inc", r->regs)
                           : "";
    const char *trace = trace_region_open(c, k, i);  // "" without --trace
    if (*regs || *trace) edit_replace(c->edits, r->body.start, r->body.start + 1, arena_printf(c->arena, "{%s%s", regs, trace));
    if (!r->async) edit_replace(c->edits, r->body.end - 1, r->body.end, "} __syncthreads();");
  }
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind == OP_REGION_SYNC)
      edit_replace(c->edits, op->an->start, op->an->end,
                   arena_printf(c->arena, "tirx_bar_sync(%d, %d)", op->region->barrier, op->region->threads));
  }
}
