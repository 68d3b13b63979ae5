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
#include <ctype.h>
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
static char *substitute(Arena *a, Span text, Span name, const char *value) {
  LexText t = {text.s, text.len};
  Buf b = {0};
  // After `::`, `.` or `->` an identifier is a member's name (Traits::D),
  // not the name: the two tokens before it (punctuation comes a byte at a time).
  char before[2] = {0, 0};
  for (size_t i = 0; i < text.len;) {
    LexKind kind;
    size_t end = lex_token(t, i, &kind);
    bool member = before[1] == '.' || (before[0] == ':' && before[1] == ':') || (before[0] == '-' && before[1] == '>');
    if (kind == LEX_IDENT && !member && end - i == name.len && !memcmp(text.s + i, name.s, name.len))
      buf_puts(&b, value);
    else
      buf_put(&b, text.s + i, end - i);
    if (kind != LEX_SPACE && kind != LEX_COMMENT) {
      before[0] = before[1];
      before[1] = kind == LEX_PUNCT ? text.s[i] : 0;
    }
    i = end;
  }
  char *s = arena_strndup(a, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

bool stub_value_literal(Span v) {
  v = span_trim(v);
  if (span_eq(v, "true") || span_eq(v, "false")) return true;
  size_t i = v.len && v.s[0] == '-';
  if (i >= v.len || v.s[i] < '0' || v.s[i] > '9') return false;
  bool hex = i + 1 < v.len && v.s[i] == '0' && (v.s[i + 1] == 'x' || v.s[i + 1] == 'X');
  bool bin = i + 1 < v.len && v.s[i] == '0' && (v.s[i + 1] == 'b' || v.s[i + 1] == 'B');
  if (hex || bin) i += 2;
  size_t digits = i;
  while (i < v.len && (isdigit((unsigned char)v.s[i]) || (hex && isxdigit((unsigned char)v.s[i])) || v.s[i] == '\''))
    i++;
  if (i == digits) return false;
  while (i < v.len && strchr("uUlL", v.s[i])) i++;
  return i == v.len;
}

int stub_partition_values(const Annotation *part, Span *param, Span *values, int max) {
  const Clause *cl = part ? dir_clause(&part->dir, "values") : NULL;
  if (!cl || cl->nargs < 1 || !cl->args[0].name.len || cl->nargs > max) return 0;
  for (int j = 0; j < cl->nargs; j++)
    if ((j && cl->args[j].name.len) || !stub_value_literal(cl->args[j].expr)) return 0;
  *param = span_trim(cl->args[0].name);
  for (int j = 0; j < cl->nargs; j++) values[j] = span_trim(cl->args[j].expr);
  return cl->nargs;
}

// Whether off is in the block the partition stands in, after it: where its
// kernel's annotations are (the partition before an annotation may be another
// function's, whose P means nothing there).
static bool after_partition(const Ctx *c, const Annotation *part, size_t off) {
  LexText t = {c->src->data, off};
  bool line_start = false;
  LexTok tok;
  int depth = 0;
  for (size_t i = part->end; depth >= 0 && lex_next(t, &i, &line_start, &tok);)
    if (tok.kind == LEX_PUNCT) depth += c->src->data[tok.start] == '{' ? 1 : c->src->data[tok.start] == '}' ? -1 : 0;
  return depth >= 0;
}

// `const long long VAR_at_J = (EXPR with P replaced by the J-th value);` for
// each value of the partition's values(P: ...): what the gathering reads
// when it models the kernel for that value.
static void put_per_value(Ctx *c, Buf *b, const Annotation *part, size_t at, const char *var, Span expr) {
  Span param, values[MAX_VALUES];
  int n = part && (part->start == at || after_partition(c, part, at))
              ? stub_partition_values(part, &param, values, MAX_VALUES)
              : 0;
  for (int j = 0; j < n; j++)
    buf_printf(b, " const long long %s_at_%d = (%s);", var, j,
               substitute(c->arena, expr, param, arena_printf(c->arena, "(%.*s)", (int)values[j].len, values[j].s)));
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

// warpgroups, warps: the partition index, and the number of parts (for each
// value of values(P: ...) too).
static const char *stub_partition(Ctx *c, const Annotation *an) {
  Span name, value;
  if (!stub_named_arg(an, &name, &value)) return "";
  Buf b = {0};
  const char *var = arena_printf(c->arena, "__tirx_parts_%d", stub_id(c, an));
  buf_printf(&b, "const int %.*s = (int)(threadIdx.x / %d); const long long %s = (%.*s);", (int)name.len, name.s,
             an->dir.kind == DIR_WARPS ? 32 : 128, var, (int)value.len, value.s);
  put_per_value(c, &b, an, an->start, var, value);
  // Each value (read_partition checks that the parameter's type holds it).
  Span param, values[MAX_VALUES];
  int nv = stub_partition_values(an, &param, values, MAX_VALUES);
  for (int j = 0; j < nv; j++)
    buf_printf(&b, " const long long __tirx_value_%d_%d = (%.*s);", stub_id(c, an), j, (int)values[j].len, values[j].s);
  char *s = arena_strndup(c->arena, b.data, b.len);
  buf_free(&b);
  return s;
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
      buf_printf(&b, "const bool __tirx_in_%d_%d = (%s); ", id, v,
                 substitute(c->arena, pred, name, arena_printf(c->arena, "%d", v)));
  const Clause *regs = dir_clause(&an->dir, "regs");
  if (regs && regs->nargs == 1) {
    const char *var = arena_printf(c->arena, "__tirx_regs_%d", id);
    buf_printf(&b, "const long long %s = (%.*s);", var, (int)regs->args[0].expr.len, regs->args[0].expr.s);
    put_per_value(c, &b, part, an->start, var, regs->args[0].expr);
    buf_puts(&b, " ");
  }
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
    const char *count_stub = "";
    if (count && count->nargs == 1) {
      Buf b = {0};
      const char *var = arena_printf(c->arena, "__tirx_count_%d_%d", id, j);
      buf_printf(&b, " const long long %s = (%.*s);", var, (int)count->args[0].expr.len, count->args[0].expr.s);
      put_per_value(c, &b, partition_before(c, an->start), an->start, var, count->args[0].expr);
      count_stub = arena_strndup(c->arena, b.data, b.len);
      buf_free(&b);
    }
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
