// values.c - a kernel lowered once per value of a template parameter
// (values(P: V1, V2, ...) on its partition): each model of the kernel
// (gather.c) was checked and lowered with its edits in a variant of their
// own (edit.h); here they become one body,
//   { if constexpr ((P) == (V1)) { BODY lowered for V1 }
//     else if constexpr ((P) == (V2)) { BODY lowered for V2 }
//     else { static_assert(...); } }
// so that each instantiation compiles the lowering made for its value, and
// one with a value tirx-pp did not lower for does not compile.
#include <string.h>

#include "ast.h"
#include "values.h"

typedef struct {
  const KernelValues *kv;
  size_t from, to;   // the body between its braces
  const char *name;  // the kernel's, for the static_assert
} Fork;

static void render_fork(Render *r, const Edit *e) {
  const Fork *f = e->data;
  const KernelValues *kv = f->kv;
  int line = source_line(r->src, f->from);
  render_text(r, " ");
  for (int j = 0; j < kv->n; j++) {
    render_gen(r, line, "%sif constexpr ((%.*s) == (%.*s)) {", j ? "} else " : "", (int)kv->param.len, kv->param.s,
               (int)kv->values[j].len, kv->values[j].s);
    r->variant = kv->variants[j];
    render_range(r, f->from, f->to);
    r->variant = 0;
  }
  Buf b = {0};
  for (int j = 0; j < kv->n; j++) buf_printf(&b, "%s%.*s", j ? ", " : "", (int)kv->values[j].len, kv->values[j].s);
  Buf cond = {0};
  for (int j = 0; j < kv->n; j++)
    buf_printf(&cond, "%s(%.*s) == (%.*s)", j ? " || " : "", (int)kv->param.len, kv->param.s, (int)kv->values[j].len,
               kv->values[j].s);
  render_gen(r, source_line(r->src, f->to),
             "} else { static_assert(%.*s, \"tirx-pp lowered %s for %.*s in {%.*s} (its partition's values()): add "
             "this value there\"); }",
             (int)cond.len, cond.data, f->name, (int)kv->param.len, kv->param.s, (int)b.len, b.data);
  buf_free(&b);
  buf_free(&cond);
}

static bool in_variants(const KernelValues *kv, int variant) {
  for (int j = 0; j < kv->n; j++)
    if (kv->variants[j] == variant) return true;
  return false;
}

// The edit of variant v at e's place with e's text, -1 if none.
static int same_edit(const EditList *l, const Edit *e, int v) {
  for (int i = 0; i < l->items.len; i++) {
    const Edit *o = &l->items.items[i];
    if (o->variant == v && o->start == e->start && o->end == e->end && !o->fn && !e->fn && !strcmp(o->text, e->text))
      return i;
  }
  return -1;
}

// The lowerings' edits outside the body, kept once (variant 0) when every
// value's lowering made the same, the others dropped; false, reported, when
// they differ.
static bool merge_outside(Ctx *c, const KernelValues *kv, size_t from, size_t to) {
  EditList *l = c->edits;
  bool *drop = arena_alloc(c->arena, sizeof *drop * (size_t)(l->items.len + 1));
  memset(drop, 0, sizeof *drop * (size_t)(l->items.len + 1));
  for (int i = 0; i < l->items.len; i++) {
    Edit *e = &l->items.items[i];
    if (drop[i] || !in_variants(kv, e->variant) || (e->start >= from && e->end <= to)) continue;
    for (int j = 0; j < kv->n; j++) {
      int o = kv->variants[j] == e->variant ? i : same_edit(l, e, kv->variants[j]);
      if (o < 0) {
        diag_error(c->diag, e->start,
                   "tirx-pp cannot lower this kernel for each of values(%.*s: ...): its lowerings differ here, "
                   "outside the kernel's body",
                   (int)kv->param.len, kv->param.s);
        return false;
      }
      drop[o] = o != i;
    }
    e->variant = 0;
  }
  int n = 0;
  for (int i = 0; i < l->items.len; i++)
    if (!drop[i]) l->items.items[n++] = l->items.items[i];
  l->items.len = n;
  return true;
}

void lower_values(Ctx *c, KernelList *kernels) {
  for (int i = 0; i < kernels->len; i++) {
    const Kernel *k = &kernels->items[i];
    const KernelValues *kv = k->values;
    if (!kv || k->at != 1) continue;  // (once per kernel: its first model)
    bool all = true;
    for (int j = 0; j < kv->n; j++) all = all && kv->lowered[j];
    if (!all) continue;  // (an error was reported: nothing is written)
    const Node *f = node_at(c, k->func);
    size_t from = function_body_start(c, k->func) + 1, to = f->end - 1;
    if (!merge_outside(c, kv, from, to)) continue;
    Fork *fork = arena_alloc(c->arena, sizeof *fork);
    CXString s = clang_getCursorSpelling(f->cur);
    *fork = (Fork){.kv = kv,
                   .from = from,
                   .to = to,
                   .name = arena_strndup(c->arena, clang_getCString(s), strlen(clang_getCString(s)))};
    clang_disposeString(s);
    // (Not in a variant: it renders them, and inside one it would find itself.)
    edit_add(c->edits, (Edit){.start = from, .end = to, .fn = render_fork, .data = fork, .variant = EDIT_NO_VARIANT});
  }
}
