// stub.c - what clang sees in place of each annotation while it parses the
// view of a file (front.c): a statement annotation's stub declares what the
// annotation declares (a partition index, an event's array) and evaluates
// what tirx-pp must evaluate (a region's predicate for each index, regs(R),
// count(C)) as stub variables, `__tirx_parts_ID`, `__tirx_in_ID_V`,
// `__tirx_regs_ID`, `__tirx_count_ID_J` with ID = stub_id(), which the
// gathering reads back from the node table through stub_value (below). A
// tirx_* call's stub is an expression of its arguments. grid.c makes the
// stubs of grid and persistent. Which annotations are structured
// concurrency's is said here, where their stubs are chosen, for the phases
// above to ask.
#include <limits.h>
#include <string.h>

#include "ast.h"
#include "grid.h"
#include "stub.h"

bool is_declaration_annotation(const Annotation *an) {
  return an->spelling != SPELL_CALL && dir_class(an->dir.kind) == CLASS_DECLARATION;
}

bool is_concurrency_annotation(const Annotation *an) {
  if (an->spelling == SPELL_CALL) {
    const TirxCall *call = find_tirx_call(an->name);
    return call && call->class == CALL_CONCURRENCY;
  }
  return dir_class(an->dir.kind) == CLASS_REGION || dir_class(an->dir.kind) == CLASS_DECLARATION;
}

// The identifier tokens of text equal to name, replaced by value.
static char *substitute(Arena *a, Span text, Span name, int value) {
  Buf b = {0};
  for (size_t i = 0; i < text.len;) {
    if (is_ident_start((unsigned char)text.s[i]) && (i == 0 || !is_ident_char((unsigned char)text.s[i - 1]))) {
      size_t j = i;
      while (j < text.len && is_ident_char((unsigned char)text.s[j])) j++;
      if (j - i == name.len && !memcmp(text.s + i, name.s, name.len))
        buf_printf(&b, "%d", value);
      else
        buf_put(&b, text.s + i, j - i);
      i = j;
    } else {
      buf_putc(&b, text.s[i++]);
    }
  }
  char *s = arena_strndup(a, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

int stub_id(const Ctx *c, const Annotation *an) { return (int)(an - c->anns->items); }

// The partition declared last before off (regions follow their partition).
static const Annotation *partition_before(const Ctx *c, size_t off) {
  const Annotation *found = NULL;
  for (int i = 0; i < c->anns->len && c->anns->items[i].start < off; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->spelling != SPELL_CALL && (an->dir.kind == DIR_WARPGROUPS || an->dir.kind == DIR_WARPS)) found = an;
  }
  return found;
}

bool stub_named_arg(const Annotation *an, Span *name, Span *value) {
  const Clause *h = &an->dir.head;
  if (h->nargs != 1 || !h->args[0].name.len) return false;
  *name = h->args[0].name;
  *value = h->args[0].expr;
  return true;
}

// The name a declarator gives: its first clause without arguments other
// than `ready`; none when that is not a name (a macro's argument may be
// anything).
Span stub_declarator_name(const Directive *d) {
  for (int i = 0; i < d->nclauses; i++)
    if (!d->clauses[i].has_args && !span_eq(d->clauses[i].name, "ready")) {
      Span n = d->clauses[i].name;
      for (size_t j = 0; j < n.len; j++)
        if (!is_ident_char((unsigned char)n.s[j])) return (Span){0};
      return n;
    }
  return (Span){0};
}

// The stubs of the directives, by their row in constructs.def.

static const char *stub_none(Ctx *c, const Annotation *an) {
  (void)c, (void)an;
  return "";
}

static const char *stub_elect(Ctx *c, const Annotation *an) {
  (void)c, (void)an;
  return "if (1)";
}

// warpgroups, warps: the partition index, and the number of parts.
static const char *stub_partition(Ctx *c, const Annotation *an) {
  Span name, value;
  if (!stub_named_arg(an, &name, &value)) return "";
  return arena_printf(c->arena, "const int %.*s = (int)(threadIdx.x / %d); const long long __tirx_parts_%d = (%.*s);",
                      (int)name.len, name.s, an->dir.kind == DIR_WARPS ? 32 : 128, stub_id(c, an), (int)value.len,
                      value.s);
}

// async, inthreads: the predicate for each index of the partition, regs(R).
static const char *stub_region(Ctx *c, const Annotation *an) {
  int id = stub_id(c, an);
  Span name, value;
  const Annotation *part = partition_before(c, an->start);
  if (an->dir.head.nargs != 1) return "";
  Span pred = an->dir.head.args[0].expr;
  Buf b = {0};
  if (part && stub_named_arg(part, &name, &value))
    for (int v = 0; v < MAX_PARTS; v++)
      buf_printf(&b, "const bool __tirx_in_%d_%d = (%s); ", id, v, substitute(c->arena, pred, name, v));
  const Clause *regs = dir_clause(&an->dir, "regs");
  if (regs && regs->nargs == 1)
    buf_printf(&b, "const long long __tirx_regs_%d = (%.*s); ", id, (int)regs->args[0].expr.len, regs->args[0].expr.s);
  buf_printf(&b, "if (%.*s)", (int)pred.len, pred.s);
  char *s = arena_strndup(c->arena, b.data, b.len);
  buf_free(&b);
  return s;
}

// event: each declarator's array, and its count as __tirx_count_ID_J.
static const char *stub_event(Ctx *c, const Annotation *an) {
  int id = stub_id(c, an);
  const char *text = "";
  for (int j = 0; j < dir_ndecls(&an->dir); j++) {
    const Directive *d = dir_decl(&an->dir, j);
    const Clause *count = dir_clause(d, "count");
    const char *count_stub = count && count->nargs == 1
                                 ? arena_printf(c->arena, " const long long __tirx_count_%d_%d = (%.*s);", id, j,
                                                (int)count->args[0].expr.len, count->args[0].expr.s)
                                 : "";
    bool again = false;  // a name given twice in the list: tirx-pp says so, not clang
    for (int p = 0; p < j && !again; p++) {
      Span a = stub_declarator_name(dir_decl(&an->dir, p)), b = stub_declarator_name(d);
      again = a.len && span_same(a, b);
    }
    for (int i = 0; i < d->nclauses && !again; i++) {
      const Clause *e = &d->clauses[i];
      if (span_eq(e->name, "ready") || span_eq(e->name, "count") || span_eq(e->name, "cluster")) continue;
      if (e->has_index)
        text = arena_printf(c->arena, "%s%s__shared__ __UINT64_TYPE__ %.*s[%.*s];%s", text, j ? " " : "",
                            (int)e->name.len, e->name.s, (int)e->index.len, e->index.s, count_stub);
      else
        text = arena_printf(c->arena, "%s%s__shared__ __UINT64_TYPE__ %.*s;%s", text, j ? " " : "", (int)e->name.len,
                            e->name.s, count_stub);
      break;
    }
  }
  return text;
}

// wait, trigger: the event is checked by tirx-pp; the slot is an expression.
static const char *stub_event_op(Ctx *c, const Annotation *an) {
  if (an->dir.nclauses == 1 && an->dir.clauses[0].has_index && an->dir.clauses[0].index.len)
    return arena_printf(c->arena, "((void)(%.*s));", (int)an->dir.clauses[0].index.len, an->dir.clauses[0].index.s);
  return "((void)0);";
}

// turns: a statement of its own, for the checks to find.
static const char *stub_turns(Ctx *c, const Annotation *an) {
  (void)c, (void)an;
  return "((void)0);";
}

// unroll(N) with N not a number as written: `if (const long long
// __tirx_factor_ID = (N))` before the loop, which hint.c reads back, so that
// an undeclared name, a type or a function is clang's error at the
// annotation, and what reaches nvcc's '#pragma unroll' is an integer. A
// condition declares it: the loop stays the one statement after the stub.
static const char *unroll_factor_stub(Ctx *c, const Annotation *an) {
  const Clause *h = &an->dir.head;
  Span f = h->nargs == 1 ? span_trim(h->args[0].expr) : (Span){0};
  if (!f.len || (f.s[0] >= '0' && f.s[0] <= '9')) return "";
  return arena_printf(c->arena, "if (const long long __tirx_factor_%d = (%.*s))", stub_id(c, an), (int)f.len, f.s);
}

// What clang sees in place of the annotation: the expressions the rewrite
// copies into tirx_launch_begin and tirx_launch_end, each as the type it is
// passed as, so that an undeclared name, a type or a value of another kind is
// clang's error at the annotation. Conditions declare them: the launch stays
// the one statement after the stub.
static const char *launch_stub(Ctx *c, const Annotation *an) {
  static const struct {
    const char *clause, *decl;
  } passed[] = {
      {"smem", "if (const unsigned long long __tirx_smem_%d = (%.*s))"},
      {"stream", "if (cudaStream_t __tirx_stream_%d = (%.*s))"},
      {"status", "if (cudaError_t *__tirx_status_%d = &(%.*s))"},
  };
  const char *text = "";
  for (size_t i = 0; i < sizeof passed / sizeof *passed; i++) {
    const Clause *cl = dir_clause(&an->dir, passed[i].clause);
    if (!cl || cl->nargs != 1 || cl->args[0].name.len || !span_trim(cl->args[0].expr).len) continue;
    Span e = cl->args[0].expr;
    text = arena_printf(c->arena, "%s%s ", text,
                        arena_printf(c->arena, passed[i].decl, stub_id(c, an), (int)e.len, e.s));
  }
  return text;
}

typedef const char *StubFn(Ctx *c, const Annotation *an);
static StubFn *const directive_stubs[DIR_COUNT] = {
#define TIRX_DIRECTIVE(NAME, KIND, CLASS, CLAUSES, STUB, ...) [KIND] = STUB,
#include "constructs.def"
};

// `name` or `name[index]`.
bool stub_event_ref(Span s, Span *name, Span *index) {
  s = span_trim(s);
  size_t i = 0;
  while (i < s.len && is_ident_char((unsigned char)s.s[i])) i++;
  if (!i || !is_ident_start((unsigned char)s.s[0])) return false;
  *name = (Span){s.s, i, s.off};
  *index = (Span){0};
  Span rest = span_trim((Span){s.s + i, s.len - i, s.off + i});
  if (!rest.len) return true;
  if (rest.s[0] != '[' || rest.s[rest.len - 1] != ']') return false;
  *index = span_trim((Span){rest.s + 1, rest.len - 2, rest.off + 1});
  return index->len > 0;
}

static const char *concurrency_call_stub(Ctx *c, const Annotation *an) {
  Arg *args;
  Span name, slot;
  int n = split_args(c->arena, an->args, &args);
  if (span_eq(an->name, "tirx_region_sync") || n < 1 || n > 2 || !stub_event_ref(args[0].expr, &name, &slot))
    return "((void)0)";  // gather_ops.c: read_op reports what is wrong
  const char *first = slot.len ? arena_printf(c->arena, "(void)(%.*s)", (int)slot.len, slot.s) : "(void)0";
  if (n == 1) return arena_printf(c->arena, "(%s)", first);
  return arena_printf(c->arena, "(%s, (void)(%.*s))", first, (int)args[1].expr.len, args[1].expr.s);
}

// A statement annotation's stub (what it declares): its row's.
const char *stub_directive(Ctx *c, const Annotation *an) {
  StubFn *stub = directive_stubs[an->dir.kind];
  return stub ? stub(c, an) : "";
}

// What a tirx_* call stands for while clang parses (tirx.h may not be included).
const char *stub_call(Ctx *c, const Annotation *an) {
  const TirxCall *call = find_tirx_call(an->name);
  if (call && call->class == CALL_CONCURRENCY) return concurrency_call_stub(c, an);
  if (call && call->stub) return call->stub;
  if (span_trim(an->args).len == 0) return "((void)0)";
  return arena_printf(c->arena, "((void)(%.*s))", (int)an->args.len, an->args.s);
}

// --- reading the stub variables back from the node table (for gather) ---------

int stub_var(const Ctx *c, const Annotation *an, const char *name, size_t len) {
  const Front *f = c->front;
  int lo = front_first_pos(f, an->start);
  for (int k = lo; k < f->nnodes && f->nodes[f->by_start[k]].start == an->start; k++) {
    const Node *n = &f->nodes[f->by_start[k]];
    if (n->kind != CXCursor_VarDecl) continue;
    CXString s = clang_getCursorSpelling(n->cur);
    bool match = strlen(clang_getCString(s)) == len && !memcmp(clang_getCString(s), name, len);
    clang_disposeString(s);
    if (match) return f->by_start[k];
  }
  return -1;
}

bool stub_value(const Ctx *c, const Annotation *an, const char *name, long long *v) {
  int node = stub_var(c, an, name, strlen(name));
  if (node < 0) return false;
  CXCursor kids[2];
  bool u;
  int nk = cursor_children(node_at(c, node)->cur, kids, 2);
  if (nk == 0 || !cursor_is_integer(kids[nk - 1]) || !front_eval_int(kids[nk - 1], v, &u)) return false;
  // An unsigned value past LLONG_MAX (2^63), which the stub's conversion to
  // long long makes negative, reads as LLONG_MAX: out of every range, and not
  // shown as a negative number.
  long long written;
  if (front_eval_int(front_strip(kids[nk - 1]), &written, &u) && u && written < 0) *v = LLONG_MAX;
  return true;
}

const char *stub_clause_shown(Ctx *c, const char *clause, Span expr, long long v) {
  Span t = span_trim(expr);
  const char *value = arena_printf(c->arena, "%lld", v);
  bool as_written = v == LLONG_MAX || (strlen(value) == t.len && !memcmp(value, t.s, t.len));
  if (!clause)
    return as_written ? arena_printf(c->arena, "%.*s", (int)t.len, t.s)
                      : arena_printf(c->arena, "%.*s, which is %s", (int)t.len, t.s, value);
  return as_written ? arena_printf(c->arena, "%s(%.*s)", clause, (int)t.len, t.s)
                    : arena_printf(c->arena, "%s(%.*s) is %s", clause, (int)t.len, t.s, value);
}

bool stub_not_integer(const Ctx *c, const Annotation *an, const char *name) {
  int node = stub_var(c, an, name, strlen(name));
  CXCursor init[2];
  int ni = node >= 0 ? cursor_children(node_at(c, node)->cur, init, 2) : 0;
  return ni > 0 && !cursor_is_integer(init[ni - 1]);
}

bool stub_clang_failed(const Ctx *c, const Annotation *an, const char *prefix) {
  for (int i = 0; i < c->front->nerrors; i++) {
    const ClangError *e = &c->front->errors[i];
    if (e->in_main && e->message && e->off >= an->start && e->off < an->end &&
        (!prefix || !strncmp(e->message, prefix, strlen(prefix))))
      return true;
  }
  return false;
}
