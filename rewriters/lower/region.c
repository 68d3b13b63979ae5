// region.c - lowering of the partition and the regions (docs/language.md#partitions-and-async-regions): the index
// as a warp-uniform const, launch bounds, one if / else-if chain per run of
// adjacent async regions with setmaxnreg at the top of each, inthreads regions
// each followed by a block barrier, tirx_region_sync() as a named barrier.
#include <string.h>

#include "ast.h"
#include "kernel.h"
#include "region.h"

// __launch_bounds__(threads, 1) before the kernel's name, unless it has some.
static void add_launch_bounds(Ctx *c, Kernel *k) {
  const Node *f = node_at(c, k->func);
  size_t name;
  if (!front_offset(c->front, clang_getCursorLocation(f->cur), &name)) return;
  size_t body = f->end;
  for (int i = f->last; i > k->func; i--)
    if (node_at(c, i)->kind == CXCursor_CompoundStmt && node_at(c, i)->parent == k->func) body = node_at(c, i)->start;
  if (text_has_word((LexText){c->src->data, body}, f->start, "__launch_bounds__")) return;
  CXString s = clang_getCursorSpelling(f->cur);
  size_t len = strlen(clang_getCString(s));
  clang_disposeString(s);
  if (front_in_macro(c->front, name) || name + len > body) {
    diag_warning(c->diag, name, "the kernel's name comes from a macro: add __launch_bounds__(%d, 1) yourself, or "
                                "setmaxnreg may be ignored",
                 k->nparts * k->group);
    return;
  }
  edit_replace(c->edits, name, name + len,
               arena_printf(c->arena, "__launch_bounds__(%d, 1) %.*s", k->nparts * k->group, (int)len,
                            c->src->data + name));
}

void lower_partition(Ctx *c, Kernel *k) {
  if (k->part) {
    edit_replace(c->edits, k->part->start, k->part->end,
                 arena_printf(c->arena, "const int %.*s = %s;", (int)k->part_name.len, k->part_name.s,
                              k->group == 32 ? "tirx_warp_index()" : "tirx_warpgroup_index()"));
    add_launch_bounds(c, k);
  }
}

void lower_regions(Ctx *c, Kernel *k) {
  int cap = k->part ? kernel_register_cap(k) : 0;
  for (int i = 0; i < k->regions.len; i++) {
    Region *r = &k->regions.items[i];
    edit_replace(c->edits, r->an->start, r->an->end,
                 arena_printf(c->arena, "%sif (%.*s)", r->chained ? "else " : "", (int)r->pred.len, r->pred.s));
    if (r->regs && r->regs != cap)
      edit_replace(c->edits, r->body.start, r->body.start + 1,
                   arena_printf(c->arena, "{ tirx_setmaxnreg_%s<%d>();", r->regs < cap ? "dec" : "inc", r->regs));
    if (!r->async) edit_replace(c->edits, r->body.end - 1, r->body.end, "} __syncthreads();");
  }
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind == OP_REGION_SYNC)
      edit_replace(c->edits, op->an->start, op->an->end,
                   arena_printf(c->arena, "tirx_bar_sync(%d, %d)", op->region->barrier, op->region->threads));
  }
}
