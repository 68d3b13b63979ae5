// thread.c - threads and collectives (docs/language.md#threads-warps-collectives): `elect` and `uniform` on a
// statement, and the tirx_* operations written as calls.
#include <string.h>

#include "ast.h"
#include "thread.h"

bool no_head_args(Ctx *c, const Annotation *an) {
  if (!an->dir.head.has_args) return true;
  diag_error(c->diag, an->dir.head.name.off, "'%s' takes no arguments", spelling_of(an));
  return false;
}

// Whether the statement ending at end is followed by `else` (it is the
// `then` of an if-else).
static bool else_follows(const Ctx *c, size_t end) {
  size_t at = lex_skip_blank(c->src, end);
  return at + 4 <= c->src->len && !memcmp(c->src->data + at, "else", 4) &&
         (at + 4 == c->src->len || !is_ident_char((unsigned char)c->src->data[at + 4]));
}

typedef struct {
  size_t from;  // the statement, after the annotation
} Braced;

static void render_braced_elect(Render *r, const Edit *e) {
  const Braced *b = e->data;
  render_text(r, "{ if (tirx_elect_one_sync())");
  render_range(r, b->from, e->end);
  render_text(r, " }");
}

void rewrite_elect(Ctx *c, const Annotation *an, Stmt st) {
  static const char *const none[] = {NULL};
  if (!check_clauses(c, an, none) || !no_head_args(c, an)) return;
  c->needs_tirx_h = true;
  if (!else_follows(c, st.end)) {
    edit_replace(c->edits, an->start, an->end, "if (tirx_elect_one_sync())");
    return;
  }
  // `if (c) <elect> s; else t;`: braced, so that the else stays with `if (c)`.
  Braced *b = arena_alloc(c->arena, sizeof *b);
  b->from = an->end;
  edit_add(c->edits, (Edit){.start = an->start, .end = st.end, .fn = render_braced_elect, .data = b});
}

// `uniform(x, ...)`: each a variable that the statement reads (the elect
// check then reads it as the same in every lane of a warp, elected.c).
static bool uniform_vars_read(Ctx *c, const Annotation *an, Stmt st) {
  for (int i = 0; i < an->dir.head.nargs; i++) {
    Span v = span_trim(an->dir.head.args[i].expr), whole = leading_name(v);
    if (!clang_Cursor_isNull(var_read_in(c, st.node, v))) continue;
    if (whole.len && whole.len < v.len && !clang_Cursor_isNull(var_read_in(c, st.node, whole))) {
      diag_at(c->diag, DIAG_ERROR, v.off, v.len,
              "'%.*s' in '%s(...)' is part of a variable: it takes whole variables, '%s(%.*s)' (each element or "
              "member of it is then taken as the same in every lane of a warp)",
              (int)v.len, v.s, spelling_of(an), spelling_of(an), (int)whole.len, whole.s);
      return false;
    }
    diag_at(c->diag, DIAG_ERROR, v.off, v.len,
            "'%.*s' in '%s(...)' is not a variable that the statement under it reads: name the variables (or "
            "parameters) that hold the same value in every lane of a warp there",
            (int)v.len, v.s, spelling_of(an));
    return false;
  }
  return true;
}

void rewrite_uniform(Ctx *c, const Annotation *an, Stmt st) {
  static const char *const none[] = {NULL};
  if (!check_clauses(c, an, none) || (an->dir.head.has_args && !uniform_vars_read(c, an, st))) return;
  edit_replace(c->edits, an->start, an->end, "");
}

static bool no_args(Ctx *c, const Annotation *an) {
  if (span_trim(an->args).len == 0) return true;
  diag_error(c->diag, an->args.off, "%.*s() takes no arguments", (int)an->name.len, an->name.s);
  return false;
}

// The function (not lambda) that node i is in, -1 outside any.
static int enclosing_function(const Ctx *c, int i) {
  int f = node_at(c, i)->func;
  if (f >= 0 && node_at(c, f)->kind == CXCursor_LambdaExpr) return -2;
  return f;
}

void rewrite_call(Ctx *c, const Annotation *an) {
  size_t off = an->start;
  if (span_eq(an->name, "tirx_thread_return")) {
    if (!no_args(c, an)) return;
    int node = front_first_at(c->front, an->start);
    int f = node < c->front->nnodes ? enclosing_function(c, node) : -1;
    if (f == -2 || !front_is_kernel(c->front, f)) {
      diag_error(c->diag, off, "tirx_thread_return() must be in the body of a __global__ function: "
                               "'return' anywhere else would not end the thread");
      return;
    }
    edit_replace(c->edits, an->start, an->end, "return");
  } else if (span_eq(an->name, "tirx_cta_sync")) {
    if (no_args(c, an)) edit_replace(c->edits, an->start, an->end, "__syncthreads()");
  } else if (span_eq(an->name, "tirx_warp_sync")) {
    if (no_args(c, an)) edit_replace(c->edits, an->start, an->end, "__syncwarp()");
  } else if (span_eq(an->name, "tirx_elect_sync")) {
    c->needs_tirx_h = true;
    if (no_args(c, an)) edit_replace(c->edits, an->start, an->end, "tirx_elect_one_sync()");
  } else if (span_eq(an->name, "tirx_warpgroup_sync")) {
    Arg *args;
    if (split_args(c->arena, an->args, &args) != 1) {
      diag_error(c->diag, off, "tirx_warpgroup_sync() takes one named-barrier id");
      return;
    }
    long long id;  // barrier 0 is __syncthreads()'s, and there are 16
    if (span_int_literal(args[0].expr, &id) && (id < 1 || id > 15)) {
      diag_at(c->diag, DIAG_ERROR, args[0].expr.off, args[0].expr.len,
              "tirx_warpgroup_sync(%lld): a named barrier id is 1 to 15 (0 is the block barrier of __syncthreads())",
              id);
      return;
    }
    c->needs_tirx_h = true;
    edit_replace(c->edits, an->start, an->end,
                 arena_printf(c->arena, "tirx_bar_sync(%.*s, 128)", (int)args[0].expr.len, args[0].expr.s));
  } else {
    diag_error(c->diag, off, "'%.*s()' is not supported by this version of tirx-pp", (int)an->name.len, an->name.s);
  }
}
