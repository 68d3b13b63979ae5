// hint.c - annotations that become nvcc's own loop pragma: `unroll(N)` is
// `#pragma unroll N`, `serial` is `#pragma unroll 1`.
#include <string.h>

#include "ast.h"
#include "hint.h"
#include "stubvar.h"

// unroll(N) with N not a number as written: `if (const long long
// __tirx_factor_ID = (N))` before the loop, which check_factor_expression
// (below) reads back, so that
// an undeclared name, a type or a function is clang's error at the
// annotation, and what reaches nvcc's '#pragma unroll' is an integer. A
// condition declares it: the loop stays the one statement after the stub.
const char *unroll_factor_stub(Ctx *c, const Annotation *an) {
  const Clause *h = &an->dir.head;
  Span f = h->nargs == 1 ? span_trim(h->args[0].expr) : (Span){0};
  if (!f.len || (f.s[0] >= '0' && f.s[0] <= '9')) return "";
  return arena_printf(c->arena, "if (const long long __tirx_factor_%d = (%.*s))", stub_id(c, an), (int)f.len, f.s);
}

// An expression as the factor: an integer constant (from the stub), unless
// a template's parameter decides it (nvcc checks each instantiation).
static bool check_factor_expression(Ctx *c, const Annotation *an, Span f, const char **text) {
  const char *var = arena_printf(c->arena, "__tirx_factor_%d", stub_id(c, an));
  long long n;
  if (stub_not_integer(c, an, var)) {
    diag_at(c->diag, DIAG_ERROR, f.off, f.len, "the unroll factor must be an integer, not %s", *text);
    return false;
  }
  if (!stub_value(c, an, var, &n)) {
    int node = stub_var(c, an, var, strlen(var));
    if (node >= 0 && node_at(c, node)->in_template) return true;
    diag_at(c->diag, DIAG_ERROR, f.off, f.len,
            "the unroll factor must be an integer constant expression: '%s' is not one", *text);
    return false;
  }
  if (n < 1 || n > 2147483647) {
    diag_at(c->diag, DIAG_ERROR, f.off, f.len, "the unroll factor must be from 1 to 2147483647, not %s",
            stub_clause_shown(c, NULL, f, n));
    return false;
  }
  // A call (`half_of(8)`, a constexpr __host__ function) is one that nvcc's
  // pragma would make from device code: the value tirx-pp read goes instead.
  int node = stub_var(c, an, var, strlen(var));
  for (int i = node; i >= 0 && i <= node_at(c, node)->last; i++)
    if (node_at(c, i)->kind == CXCursor_CallExpr) {
      *text = arena_printf(c->arena, "%lld", n);
      break;
    }
  return true;
}

static bool expect_loop(Ctx *c, const Annotation *an, Stmt st) {
  enum CXCursorKind k = node_at(c, st.node)->kind;
  if (front_is_loop(k)) return true;
  diag_error(c->diag, node_at(c, st.node)->start, "expected a loop after '%s'", spelling_of(an));
  return false;
}

void rewrite_hint(Ctx *c, const Annotation *an, Stmt st) {
  static const char *const none[] = {NULL};
  if (!check_clauses(c, an, none) || !expect_loop(c, an, st)) return;
  const char *pragma;
  if (an->dir.kind == DIR_SERIAL) {
    if (an->dir.head.has_args) {
      diag_error(c->diag, an->dir.head.name.off, "'%s' takes no arguments", spelling_of(an));
      return;
    }
    pragma = "unroll 1";
  } else {
    if (an->dir.head.nargs != 1) {
      diag_error(c->diag, an->dir.head.name.off, "'%s' takes one unroll factor", spelling_of(an));
      return;
    }
    Span f = span_trim(an->dir.head.args[0].expr);
    // A literal factor is checked here, read as the other constructs read
    // literals (4u, 1'000, 0x10); any other expression through the stub.
    const char *text = arena_strndup(c->arena, f.s, f.len);
    long long n = 0;
    bool literal = span_int_literal(f, &n);
    bool number = text[0] >= '0' && text[0] <= '9';
    bool overflow = number && !literal && strspn(text, "0123456789'uUlLzZ") == f.len;
    if (number && !literal && !overflow) {
      diag_at(c->diag, DIAG_ERROR, f.off, f.len, "the unroll factor must be an integer, not %s", text);
      return;
    }
    if (overflow || (literal && (n < 1 || n > 2147483647))) {
      diag_at(c->diag, DIAG_ERROR, f.off, f.len, "the unroll factor must be from 1 to 2147483647, not %s", text);
      return;
    }
    if (!number && !check_factor_expression(c, an, f, &text)) return;
    pragma = arena_printf(c->arena, "unroll %s", text);
  }
  edit_replace(c->edits, an->start, an->end, nvcc_pragma(c, an, pragma));
}
