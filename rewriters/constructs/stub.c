// stub.c - what clang sees in place of each annotation while it parses the
// view of a file (front.c): a statement annotation's stub declares what the
// annotation declares (a partition index, an event's array) and evaluates
// what tirx-pp must evaluate (a region's predicate for each index, regs(R),
// count(C)) as stub variables, `__tirx_parts_ID`, `__tirx_in_ID_V`,
// `__tirx_regs_ID`, `__tirx_count_ID_J` with ID = stub_id(), which the
// gathering reads back from the node table through stub_value (stubvar.c). A
// tirx_* call's stub is an expression of its arguments. A construct with a
// file of its own makes its stub there: grid.c grid's and persistent's,
// hint.c unroll(N)'s, launch.c launch's; stubvar.c names the variables and
// reads them back. Which annotations are structured
// concurrency's is said here, where their stubs are chosen, for the phases
// above to ask.
#include <string.h>

#include "ast.h"
#include "grid.h"
#include "hint.h"
#include "launch.h"
#include "lex.h"
#include "stub.h"
#include "stubvar.h"

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

// The identifier tokens of text equal to name, replaced by value. lex.c's
// tokens: a literal's encoding prefix (u'x' with an index named u), a
// literal's or a comment's inside and a pp-number's letters stay as written.
static char *substitute(Arena *a, Span text, Span name, int value) {
  LexText t = {text.s, text.len};
  Buf b = {0};
  for (size_t i = 0; i < text.len;) {
    LexKind kind;
    size_t end = lex_token(t, i, &kind);
    if (kind == LEX_IDENT && end - i == name.len && !memcmp(text.s + i, name.s, name.len))
      buf_printf(&b, "%d", value);
    else
      buf_put(&b, text.s + i, end - i);
    i = end;
  }
  char *s = arena_strndup(a, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

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
      if (span_eq(e->name, "ready") || span_eq(e->name, "count") || span_eq(e->name, "cluster") ||
          span_eq(e->name, "grid"))
        continue;
      const Clause *grid = dir_clause(d, "grid");
      Span counters = grid && grid->nargs == 1 ? grid->args[0].expr : (Span){"0", 1, 0};
      if (grid)  // a grid event: its counters, a pointer (gather_grid.c)
        text = arena_printf(c->arena, "%s%s__UINT32_TYPE__ *const %.*s = (__UINT32_TYPE__ *)(%.*s); (void)%.*s;%s%s",
                            text, j ? " " : "", (int)e->name.len, e->name.s, (int)counters.len, counters.s,
                            (int)e->name.len, e->name.s,
                            e->has_index ? arena_printf(c->arena, " (void)(%.*s);", (int)e->index.len, e->index.s) : "",
                            count ? arena_printf(c->arena, " (void)(%.*s);", (int)count->args[0].expr.len,
                                                 count->args[0].expr.s)
                                  : "");
      else if (e->has_index)
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
  // tirx_trigger_last() and tirx_trigger_if_last() answer whether this block is the last (grid events).
  bool answers = span_eq(an->name, "tirx_trigger_last") || span_eq(an->name, "tirx_trigger_if_last");
  if (n == 1) return arena_printf(c->arena, answers ? "(%s, false)" : "(%s)", first);
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
