// grid.c - `grid(i: E1, j: E2, ...)`: a loop nest, outermost first, extents
// evaluated once; with the `unroll` clause the nest is expanded fully. Also
// `persistent(tile: TOTAL)`, a block-strided tile loop.
#include <ctype.h>
#include <string.h>

#include "ast.h"
#include "grid.h"

enum { MAX_DIMS = 4, MAX_ITERATIONS = MAX_COPIES };

typedef struct {
  int ndims;
  Span name[MAX_DIMS], extent[MAX_DIMS];
  long long value[MAX_DIMS];  // extents, when unrolled
  bool used[MAX_DIMS];        // the statement refers to the index
  bool skipped_use[MAX_DIMS];  // only text the parse skipped (an #if branch of nvcc's other pass) names it
  bool literal;               // every extent is an integer literal
  size_t after, body_from, end;  // after: end of the annotation; body_from: what follows it
  int line;                       // line of the statement
  Expansion x;
} Grid;

static bool is_literal(Span s) {
  if (!s.len) return false;
  for (size_t i = 0; i < s.len; i++)
    if (!isdigit((unsigned char)s.s[i])) return false;
  return true;
}

static bool is_groups(const Clause *h);

bool loop_indices_named(Ctx *c, const Annotation *an, Span *meant) {
  *meant = (Span){0};
  if (an->spelling == SPELL_CALL || (an->dir.kind != DIR_GRID && an->dir.kind != DIR_PERSISTENT)) return true;
  const Clause *h = &an->dir.head;
  bool grid = an->dir.kind == DIR_GRID;
  if (!grid && is_groups(h)) return true;  // `g, t: groups(...)`: g names the group
  for (int i = 0; i < h->nargs; i++) {
    Span e = span_trim(h->args[i].expr);
    if (h->args[i].name.len || !e.len) continue;
    // `i = 4`, `i 4`: the name, then what was meant as the extent.
    size_t n = 0;
    while (n < e.len && is_ident_char((unsigned char)e.s[n])) n++;
    size_t r = n;
    while (r < e.len && (e.s[r] == ' ' || e.s[r] == '\t')) r++;
    bool eq = r < e.len && e.s[r] == '=' && (r + 1 == e.len || e.s[r + 1] != '=');
    r += eq;
    while (r < e.len && (e.s[r] == ' ' || e.s[r] == '\t')) r++;
    bool told = n && is_ident_start((unsigned char)e.s[0]) && r > n && r < e.len &&
                (eq || is_ident_char((unsigned char)e.s[r]) || e.s[r] == '(');
    if (told) *meant = (Span){e.s, n, e.off};
    const char *how =
        told ? arena_printf(c->arena, ": write '%.*s: %.*s'", (int)n, e.s, (int)(e.len - r), e.s + r) : "";
    if (grid)
      diag_error(c->diag, e.off, "grid dimension must be written 'name: extent'%s", how);
    else
      diag_error(c->diag, h->name.off, "'%s' takes one 'tile: TOTAL' argument%s", spelling_of(an), how);
    return false;
  }
  return true;
}

static bool read_grid(Ctx *c, const Annotation *an, Grid *g) {
  const Clause *h = &an->dir.head;
  Diag *d = c->diag;
  if (h->nargs < 1 || h->nargs > MAX_DIMS) {
    diag_error(d, h->name.off, "'%s' takes 1 to %d dimensions, written 'name: extent'", spelling_of(an), MAX_DIMS);
    return false;
  }
  g->ndims = h->nargs;
  g->literal = true;
  for (int i = 0; i < h->nargs; i++) {
    const Arg *a = &h->args[i];
    if (!a->name.len) {
      diag_error(d, a->expr.off, "grid dimension must be written 'name: extent'");
      return false;
    }
    for (int j = 0; j < i; j++)
      if (a->name.len == g->name[j].len && memcmp(a->name.s, g->name[j].s, a->name.len) == 0) {
        diag_error(d, a->name.off, "grid index '%.*s' is repeated", (int)a->name.len, a->name.s);
        diag_note(d, g->name[j].off, "'%.*s' is first named here", (int)a->name.len, a->name.s);
        return false;
      }
    g->name[i] = a->name;
    g->extent[i] = a->expr;
    g->literal = g->literal && is_literal(a->expr);
  }
  return true;
}

// The nest as loops; `prefix` goes before each `for` (nvcc's unroll pragma).
static const char *loops(Arena *a, const Grid *g, bool with_counts, const char *prefix) {
  Buf b = {0};
  for (int i = 0; i < g->ndims; i++) {
    if (i) buf_putc(&b, ' ');
    buf_puts(&b, prefix);
    if (with_counts)
      buf_printf(&b, "for (int %.*s = 0; %.*s < __tirx_n_%.*s; ++%.*s)", (int)g->name[i].len, g->name[i].s,
                 (int)g->name[i].len, g->name[i].s, (int)g->name[i].len, g->name[i].s, (int)g->name[i].len,
                 g->name[i].s);
    else if (g->literal)
      buf_printf(&b, "for (int %.*s = 0; %.*s < %.*s; ++%.*s)", (int)g->name[i].len, g->name[i].s,
                 (int)g->name[i].len, g->name[i].s, (int)g->extent[i].len, g->extent[i].s, (int)g->name[i].len,
                 g->name[i].s);
    else
      buf_printf(&b, "for (int %.*s = 0; %.*s < (%.*s); ++%.*s)", (int)g->name[i].len, g->name[i].s,
                 (int)g->name[i].len, g->name[i].s, (int)g->extent[i].len, g->extent[i].s, (int)g->name[i].len,
                 g->name[i].s);
  }
  char *s = arena_strndup(a, b.data, b.len);
  buf_free(&b);
  return s;
}

// Declares every named index, even when the annotation has errors (more than
// MAX_DIMS of them too, in nests of MAX_DIMS), so that the statement still
// parses and the errors are the annotation's own.
const char *grid_stub(Ctx *c, const Annotation *an) {
  const Clause *h = &an->dir.head;
  const char *text = "";
  for (int i = 0; i < h->nargs;) {
    Grid g = {0};
    for (; i < h->nargs && g.ndims < MAX_DIMS; i++)
      if (h->args[i].name.len) {
        g.name[g.ndims] = h->args[i].name;
        g.extent[g.ndims++] = h->args[i].expr;
      }
    if (g.ndims) text = arena_printf(c->arena, "%s%s ", text, loops(c->arena, &g, false, ""));
  }
  return text;
}

// Loops, then a space unless the statement follows on a line of its own.
static void render_header(Render *r, const Grid *g, bool with_counts) {
  render_text(r, loops(r->edits->arena, g, with_counts, ""));
  char next = g->after < r->src->len ? r->src->data[g->after] : '\n';
  if (next != '\n' && next != '\r' && next != ' ' && next != '\t') render_text(r, " ");
}

// Extents evaluated once, then the loops: `{ const auto __tirx_n_i = (E1); ... for ... stmt }`.
// The count keeps the extent's type, so that `i < __tirx_n_i` compares as
// `i < E1` would (an extent of 2.5 runs 3 times, a long one is not narrowed).
static void render_loops(Render *r, const Edit *e) {
  const Grid *g = e->data;
  Arena *a = r->edits->arena;
  if (g->literal) {
    render_header(r, g, false);
    render_range(r, g->after, g->end);
    return;
  }
  render_text(r, "{ ");
  for (int i = 0; i < g->ndims; i++)
    render_text(r, arena_printf(a, "const auto __tirx_n_%.*s = (%.*s); ", (int)g->name[i].len, g->name[i].s,
                                (int)g->extent[i].len, g->extent[i].s));
  render_header(r, g, true);
  render_range(r, g->after, g->end);
  render_text(r, " }");
}

// Every index combination as its own block; a group is one run of the
// innermost index (what a `break` leaves).
static void render_unrolled(Render *r, const Edit *e) {
  Grid *g = e->data;
  g->x.id = ++r->counter;
  long long inner = g->value[g->ndims - 1], total = 1;
  for (int i = 0; i < g->ndims; i++) total *= g->value[i];
  // Without goto (unroll.c's form): each copy a do-while(0), a break sets a
  // flag that skips the rest of its run of the innermost index.
  bool in_do = g->x.structured && (g->x.has_break || g->x.has_continue), guard = in_do && g->x.has_break;
  render_text(r, "{");
  if (guard) render_text(r, arena_printf(r->edits->arena, " bool __tirx_broke_%d = false;", g->x.id));
  for (long long flat = 0; flat < total; flat++) {
    g->x.iteration = (int)flat;
    g->x.group = (int)(flat / inner);
    render_line_start(r, g->line);
    if (guard && flat && flat % inner == 0)
      render_text(r, arena_printf(r->edits->arena, "__tirx_broke_%d = false; ", g->x.id));
    render_text(r, guard ? arena_printf(r->edits->arena, "{ if (!__tirx_broke_%d) {", g->x.id) : "{");
    long long rest = flat;
    long long idx[MAX_DIMS];
    for (int i = g->ndims - 1; i >= 0; i--) idx[i] = rest % g->value[i], rest /= g->value[i];
    for (int i = 0; i < g->ndims; i++)  // not `const`, as in unroll.c: no warnings the nest would not give
      if (g->used[i])
        render_text(r, arena_printf(r->edits->arena, " int %.*s = %lld;", (int)g->name[i].len, g->name[i].s,
                                    idx[i]));
      else if (g->skipped_use[i])  // as in unroll.c: `(void)&i`, neither #177-D nor #550-D in this pass
        render_text(r, arena_printf(r->edits->arena, " int %.*s = %lld; (void)&%.*s;", (int)g->name[i].len,
                                    g->name[i].s, idx[i], (int)g->name[i].len, g->name[i].s));
    render_text(r, in_do ? " do " : " ");
    render_range(r, g->body_from, g->end);  // annotations on the statement come along
    if (in_do) render_text(r, " while (0);");
    render_continue_label(r, &g->x, g->line);
    render_text(r, guard ? " } }" : " }");
    if ((flat + 1) % inner == 0) render_break_label(r, &g->x, g->line);
  }
  render_text(r, " }");
}

static bool binds_outside(const Ctx *c, int target, void *arg) {
  return target >= 0 && node_at(c, target)->start < *(size_t *)arg;
}

// An assignment or ++/-- in the extent `bound` (a cursor of the loop at
// node top): `(s = 5, 2)`; -1 if none.
static int extent_side_effect(const Ctx *c, int top, CXCursor bound) {
  for (int j = top; j <= node_at(c, top)->last; j++) {
    if (!same_expression(node_at(c, j)->cur, bound)) continue;
    for (int i = j; i <= node_at(c, j)->last; i++)
      if (is_assignment(node_at(c, i)) || operator_assignment(c, i, &(int){0})) return i;
    return -1;
  }
  return -1;
}

// A stub `for`'s parts (decl, cond, inc, body) in cursor order; false when
// it has other than four children.
static bool stub_for_parts(CXCursor loop, CXCursor parts[4]) {
  return cursor_child_count(loop) == 4 && cursor_children(loop, parts, 4) == 4;
}

// Reads the extents back from the parse stub: each stub `for` is
// (decl, cond, inc, body) in cursor order.
static bool eval_extents(Ctx *c, const Annotation *an, Grid *g, CXCursor *vars) {
  int top = front_first_at(c->front, an->start);
  if (top >= c->front->nnodes || node_at(c, top)->kind != CXCursor_ForStmt) return false;
  CXCursor loop = node_at(c, top)->cur;
  for (int i = 0; i < g->ndims; i++) {
    CXCursor parts[4], decl[2], cmp[2];
    bool u;
    if (!stub_for_parts(loop, parts) || cursor_children(parts[0], decl, 2) != 1 || cursor_child_count(parts[1]) != 2 ||
        !cursor_children(parts[1], cmp, 2))
      return false;
    vars[i] = decl[0];
    if (front_eval_int(cmp[1], &g->value[i], &u) && u && g->value[i] < 0) {
      diag_at(c->diag, DIAG_ERROR, g->extent[i].off, g->extent[i].len,
              "extent of grid index '%.*s' is too large to expand", (int)g->name[i].len, g->name[i].s);
      return false;
    }
    if (!cursor_is_integer(cmp[1])) {  // 1e400 would read as "not a constant expression"
      diag_at(c->diag, DIAG_ERROR, g->extent[i].off, g->extent[i].len, "extent of grid index '%.*s' must be an integer, not %.*s",
              (int)g->name[i].len, g->name[i].s, (int)g->extent[i].len, g->extent[i].s);
      return false;
    }
    if (!front_eval_int(cmp[1], &g->value[i], &u)) {
      if (!node_at(c, top)->in_template)
        diag_at(c->diag, DIAG_ERROR, g->extent[i].off, g->extent[i].len,
                "extent of grid index '%.*s' is not a constant expression, so '%s ... unroll' cannot expand it",
                (int)g->name[i].len, g->name[i].s, spelling_of(an));
      return false;
    }
    int effect = extent_side_effect(c, top, cmp[1]);
    if (effect >= 0) {
      diag_at(c->diag, DIAG_ERROR, g->extent[i].off, g->extent[i].len,
              "extent of grid index '%.*s' has a side effect: the expanded copies use its value alone, and the side "
              "effect would be lost; move it before the grid",
              (int)g->name[i].len, g->name[i].s);
      return false;
    }
    if (g->value[i] <= 0) {
      diag_error(c->diag, g->extent[i].off, "extent of grid index '%.*s' is %lld; an unrolled grid needs extents above 0",
                 (int)g->name[i].len, g->name[i].s, g->value[i]);
      return false;
    }
    loop = parts[3];
  }
  return true;
}

static void rewrite_unrolled(Ctx *c, const Annotation *an, Stmt st, Grid *g) {
  CXCursor vars[MAX_DIMS];
  int errors = c->diag->errors;
  if (!eval_extents(c, an, g, vars)) {
    if (c->diag->errors == errors) {  // template-dependent extents: nvcc unrolls after instantiation
      edit_replace(c->edits, an->start, an->end, loops(c->arena, g, false, "_Pragma(\"unroll\") "));
      c->fell_back++;
      diag_remark(c->diag, an->start,
                  "an extent depends on a template parameter; the loops are left to nvcc's '#pragma unroll'");
    }
    return;
  }
  long long total = 1;
  for (int i = 0; i < g->ndims; i++) {
    total = g->value[i] > MAX_ITERATIONS ? MAX_ITERATIONS + 1 : total * g->value[i];  // no overflow
    if (total > MAX_ITERATIONS) {
      diag_error(c->diag, an->dir.head.name.off, "'%s ... unroll' would expand more than %d iterations",
                 spelling_of(an), MAX_ITERATIONS);
      return;
    }
  }
  if (!check_copied_body(c, an, st.node)) return;
  for (int i = 0; i < g->ndims; i++) {
    const char *name = arena_strndup(c->arena, g->name[i].s, g->name[i].len);
    g->used[i] = uses_var(c, st.node, vars[i], name);
    g->skipped_use[i] = !g->used[i] && skipped_text_names(c, st.node, name);
    int assign = assigns_to(c, st.node, vars[i]), alias = assign >= 0 ? -1 : aliased_in(c, st.node, vars[i]);
    if (assign >= 0) {
      diag_error(c->diag, node_at(c, assign)->start, "grid index '%.*s' is assigned in the body of an unrolled grid",
                 (int)g->name[i].len, g->name[i].s);
      return;
    }
    if (alias >= 0) {
      diag_error(c->diag, node_at(c, alias)->start,
                 "grid index '%.*s' may change other than by its name in the body of an unrolled grid: %s",
                 (int)g->name[i].len, g->name[i].s, alias_what(c, alias));
      return;
    }
  }
  g->x.structured = in_constexpr_function(c, st.node);
  add_jumps(c, st.node, &g->x, binds_outside, &st.start);
  note_copies(c, an->start, st.end, total, an->start);
  edit_add(c->edits, (Edit){.start = an->start, .end = st.end, .fn = render_unrolled, .data = g});
}

// Extents are evaluated once, before the nest: one cannot use an index.
static bool extents_independent(Ctx *c, const Annotation *an, const Grid *g) {
  for (int i = 1; i < g->ndims; i++)
    for (int j = 0; j < i; j++) {
      Span e = g->extent[i], n = g->name[j];
      for (size_t k = 0; k + n.len <= e.len; k++)
        if (!memcmp(e.s + k, n.s, n.len) && (k == 0 || !is_ident_char((unsigned char)e.s[k - 1])) &&
            (k + n.len == e.len || !is_ident_char((unsigned char)e.s[k + n.len]))) {
          diag_at(c->diag, DIAG_ERROR, e.off + k, n.len,
                  "the extent of grid index '%.*s' uses index '%.*s': '%s' evaluates every extent once, before "
                  "the nest",
                  (int)g->name[i].len, g->name[i].s, (int)n.len, n.s, spelling_of(an));
          return false;
        }
    }
  return true;
}

// A variable the statement declares with a grid index's name hides the
// index: `grid(i: 2, j: 4)` before `for (int i ...) for (int j ...)` runs the
// whole nest 8 times, where an OpenMP-like collapse was meant.
static bool indices_unhidden(Ctx *c, const Annotation *an, const Grid *g, Stmt st) {
  for (int i = st.node; i <= node_at(c, st.node)->last; i++) {
    if (node_at(c, i)->kind != CXCursor_VarDecl) continue;
    CXString name = clang_getCursorSpelling(node_at(c, i)->cur);
    const char *n = clang_getCString(name);
    int hit = -1;
    for (int d = 0; d < g->ndims && hit < 0; d++)
      if (strlen(n) == g->name[d].len && !memcmp(n, g->name[d].s, g->name[d].len)) hit = d;
    clang_disposeString(name);
    if (hit < 0) continue;
    diag_error(c->diag, node_at(c, i)->start,
               "this declares '%.*s', which hides grid index '%.*s' of '%s': the grid is a loop nest of its own, "
               "put under it the body of your loops, not the loops",
               (int)g->name[hit].len, g->name[hit].s, (int)g->name[hit].len, g->name[hit].s, spelling_of(an));
    return false;
  }
  return true;
}

void rewrite_grid(Ctx *c, const Annotation *an, Stmt st) {
  static const char *const clauses[] = {"unroll", NULL};
  Grid *g = arena_alloc(c->arena, sizeof *g);
  if (!check_clauses(c, an, clauses) || !read_grid(c, an, g)) return;
  const Clause *u = dir_clause(&an->dir, "unroll");
  if (u && u->has_args) {
    diag_error(c->diag, u->name.off, "the 'unroll' clause of '%s' takes no arguments: the nest is expanded fully",
               spelling_of(an));
    return;
  }
  if (!extents_independent(c, an, g) || !indices_unhidden(c, an, g, st)) return;
  g->after = an->end;
  g->body_from = lex_skip_blank(c->src, an->end);
  g->end = st.end;
  g->line = source_line(c->src, st.start);
  if (dir_clause(&an->dir, "unroll"))
    rewrite_unrolled(c, an, st, g);
  else
    edit_add(c->edits, (Edit){.start = an->start, .end = st.end, .fn = render_loops, .data = g});
}

// --- persistent --------------------------------------------------------------

// `order(grouped(COLS, G))` or `order(longest_first(COLS, G))` of the
// persistent loop at `at`, read once (for its stub, before the parse) and kept
// in grid's PersistentState for its rewrite: the order's name and arguments, or what is
// wrong with it (reported when the loop is rewritten: only the parse tells
// whether it is in a skipped block).
typedef struct Order {
  size_t at;
  const char *helper;  // the tirx.h function that numbers the tiles
  Span cols, group;
  const char *wrong;   // NULL when read
  size_t wrong_off, wrong_len;
} Order;

// The orders this version knows: name, arguments, how they are written.
static const struct {
  const char *name, *helper, *written, *args_mean;
  int nargs;
} orders[] = {
    {"grouped", "tirx_tile_grouped", "grouped(COLS, G)", "the columns of the tile grid and the tile rows in a group", 2},
    {"longest_first", "tirx_tile_longest_first", "longest_first(COLS, G)",
     "the columns of the tile grid (a row's tiles, each longer than the one before) and the tile rows in a group", 2},
};
#define KNOWN_ORDERS "'grouped(COLS, G)' and 'longest_first(COLS, G)'"

static void read_order(Ctx *c, const Annotation *an, const Clause *o, Order *out) {
  if (o->nargs != 1 || o->args[0].name.len) {
    *out = (Order){.wrong = "'order' takes one tile order, written 'order(grouped(COLS, G))' or "
                            "'order(longest_first(COLS, G))'",
                   .wrong_off = o->name.off, .wrong_len = o->name.len};
    return;
  }
  Span e = o->args[0].expr;
  size_t k = 0;
  while (k < e.len && is_ident_char((unsigned char)e.s[k])) k++;
  if (!k || (unsigned char)e.s[0] <= '9') {
    *out = (Order){.wrong = arena_printf(c->arena,
                                         "expected a tile order in '%s ... order(...)': this version knows " KNOWN_ORDERS,
                                         spelling_of(an)),
                   .wrong_off = e.off};
    return;
  }
  size_t w = 0;
  while (w < sizeof orders / sizeof *orders && !span_eq((Span){e.s, k, e.off}, orders[w].name)) w++;
  if (w == sizeof orders / sizeof *orders) {
    *out = (Order){.wrong = arena_printf(c->arena, "unknown tile order '%.*s': this version knows " KNOWN_ORDERS,
                                         (int)k, e.s),
                   .wrong_off = e.off, .wrong_len = k};
    return;
  }
  const char *takes = arena_printf(c->arena, "'%s' takes %d argument%s, written '%s'", orders[w].name,
                                   orders[w].nargs, orders[w].nargs == 1 ? "" : "s", orders[w].written);
  size_t open = k;
  while (open < e.len && (e.s[open] == ' ' || e.s[open] == '\t')) open++;
  size_t close = lex_close((LexText){e.s, e.len}, open, LEX_BRACKETS, NULL);
  if (close != e.len) {
    *out = (Order){.wrong = takes, .wrong_off = e.off};
    return;
  }
  Arg *args;
  int n = split_args(c->arena, (Span){e.s + open + 1, close - open - 2, e.off + open + 1}, &args);
  bool ok = n == orders[w].nargs;
  for (int i = 0; ok && i < n; i++) ok = !args[i].name.len && args[i].expr.len;
  if (!ok) {
    *out = (Order){.wrong = arena_printf(c->arena, "%s: %s; got %d", takes, orders[w].args_mean, n),
                   .wrong_off = e.off};
    return;
  }
  *out = (Order){.helper = orders[w].helper, .cols = args[0].expr, .group = args[1].expr};
}

// --- persistent over groups ----------------------------------------------------

// `persistent(g, t: groups(SIZES, E, offsets | counts, rows(R), cols(C),
// max(M)))`: the tiles of E GEMMs one after the other (mixture-of-experts), g
// the group of each tile and t its index inside the group. The table of each
// group's first tile is the kernel's, computed once at its start (one warp,
// then __syncthreads), where every thread of the block runs; each loop over
// the groups reads it.
typedef struct Groups {
  Span whole, sizes, count, rows, cols, max;
  Span offsets;  // "true", "false" or the COND of offsets(COND)
  const char *wrong;  // NULL when read
  size_t wrong_off;
} Groups;

#define GROUPS_WRITTEN "'groups(SIZES, E, offsets | counts | offsets(COND), rows(R), cols(C), max(M))'"

// Whether the head is `g, t: groups(...)`.
static bool is_groups(const Clause *h) {
  if (h->nargs != 2 || h->args[0].name.len || !h->args[1].name.len) return false;
  Span e = span_trim(h->args[1].expr);
  return e.len > 6 && !strncmp(e.s, "groups", 6) && !is_ident_char((unsigned char)e.s[6]);
}

bool grid_output_starts_with_loop(const Annotation *an) {
  const Clause *h = &an->dir.head;
  if (an->dir.kind == DIR_PERSISTENT) return !is_groups(h);
  if (an->dir.kind != DIR_GRID || dir_clause(&an->dir, "unroll") || h->nargs < 1 || h->nargs > MAX_DIMS) return false;
  for (int i = 0; i < h->nargs; i++)  // read_grid's test: render_loops then writes the nest alone
    if (!is_literal(h->args[i].expr)) return false;
  return true;
}

// `word(inner)`: inner, or false when `a` is written otherwise.
static bool worded_arg(Span a, const char *word, Span *inner) {
  a = span_trim(a);
  size_t n = strlen(word);
  if (a.len < n + 2 || strncmp(a.s, word, n)) return false;
  size_t open = n;
  while (open < a.len && (a.s[open] == ' ' || a.s[open] == '\t')) open++;
  if (open >= a.len || a.s[open] != '(' || lex_close((LexText){a.s, a.len}, open, LEX_BRACKETS, NULL) != a.len)
    return false;
  *inner = span_trim((Span){a.s + open + 1, a.len - open - 2, a.off + open + 1});
  return inner->len > 0;
}

static void read_groups(Ctx *c, Span e, Groups *out) {
  e = span_trim(e);
  *out = (Groups){.whole = e, .wrong_off = e.off};
  size_t open = 6;
  while (open < e.len && (e.s[open] == ' ' || e.s[open] == '\t')) open++;
  Arg *args;
  int n = 0;
  if (open < e.len && e.s[open] == '(' && lex_close((LexText){e.s, e.len}, open, LEX_BRACKETS, NULL) == e.len)
    n = split_args(c->arena, (Span){e.s + open + 1, e.len - open - 2, e.off + open + 1}, &args);
  if (n != 6) {
    out->wrong = arena_printf(c->arena, "'groups' takes 6 arguments, written " GROUPS_WRITTEN "; got %d", n);
    return;
  }
  static const char *const words[] = {"rows", "cols", "max"};
  Span *inner[] = {&out->rows, &out->cols, &out->max};
  for (int i = 0; i < 3; i++)
    if (!worded_arg(args[3 + i].expr, words[i], inner[i])) {
      out->wrong = arena_printf(c->arena, "argument %d of 'groups' is written '%s(EXPR)' (" GROUPS_WRITTEN ")", 4 + i,
                                words[i]);
      out->wrong_off = args[3 + i].expr.off;
      return;
    }
  Span kind = span_trim(args[2].expr);
  out->offsets = span_eq(kind, "offsets") ? (Span){"true", 4, kind.off} : (Span){"false", 5, kind.off};
  if (!span_eq(kind, "offsets") && !span_eq(kind, "counts") && !worded_arg(kind, "offsets", &out->offsets)) {
    out->wrong = "the third argument of 'groups' says what SIZES holds: 'offsets' (E + 1 prefix sums: group g's rows "
                 "are SIZES[g] .. SIZES[g + 1] - 1), 'counts' (E row counts) or 'offsets(COND)' (offsets when COND "
                 "holds at run time, else counts)";
    out->wrong_off = kind.off;
    return;
  }
  out->sizes = span_trim(args[0].expr), out->count = span_trim(args[1].expr);
  if (!out->sizes.len || !out->count.len) out->wrong = "'groups' takes SIZES and E first, written " GROUPS_WRITTEN;
}

// The parse's stub: g and t declared, every expression of the clause read
// (an int each, SIZES as it is).
static const char *groups_stub(Arena *a, Span g, Span t, const Groups *gr, const Order *o) {
  int tl = (int)t.len;
  return arena_printf(a,
                      "for (int __tirx_pos_%.*s = blockIdx.x, %.*s = 0, %.*s = 0, __tirx_groups_%.*s = (%.*s), "
                      "__tirx_max_%.*s = (%.*s), __tirx_rows_%.*s = (%.*s), __tirx_cols_%.*s = (%.*s), "
                      "__tirx_offsets_%.*s = (%.*s), __tirx_ocols_%.*s = (%.*s), __tirx_ogroup_%.*s = (%.*s); "
                      "__tirx_pos_%.*s < 1 && "
                      "((void)(%.*s), true); __tirx_pos_%.*s += gridDim.x)",
                      tl, t.s, (int)g.len, g.s, tl, t.s, tl, t.s, (int)gr->count.len, gr->count.s, tl, t.s,
                      (int)gr->max.len, gr->max.s, tl, t.s, (int)gr->rows.len, gr->rows.s, tl, t.s, (int)gr->cols.len,
                      gr->cols.s, tl, t.s, (int)gr->offsets.len, gr->offsets.s, tl, t.s, o ? (int)o->cols.len : 1,
                      o ? o->cols.s : "1", tl, t.s,
                      o ? (int)o->group.len : 1, o ? o->group.s : "1", tl, t.s, (int)gr->sizes.len, gr->sizes.s, tl,
                      t.s);
}

// The loop: positions over all groups' tiles; g the group of the position, t
// its index inside the group (with the order, as for one GEMM of the group's
// tiles).
static const char *groups_header(Arena *a, Span g, Span t, const Groups *gr, const Order *o) {
  int tl = (int)t.len, gl = (int)g.len, el = (int)gr->count.len;
  const char *index =
      o ? arena_printf(a, "tirx_tile_grouped(__tirx_pos_%.*s - __tirx_first[%.*s], __tirx_first[%.*s + 1] - "
                          "__tirx_first[%.*s], (%.*s), (%.*s))",
                       tl, t.s, gl, g.s, gl, g.s, gl, g.s, (int)o->cols.len, o->cols.s, (int)o->group.len, o->group.s)
        : arena_printf(a, "__tirx_pos_%.*s - __tirx_first[%.*s]", tl, t.s, gl, g.s);
  return arena_printf(a,
                      "for (int __tirx_pos_%.*s = blockIdx.x, %.*s = 0, %.*s = 0; __tirx_pos_%.*s < "
                      "__tirx_first[(%.*s)] && ((%.*s = tirx_group_of(__tirx_pos_%.*s, __tirx_first, (%.*s))), "
                      "(%.*s = %s), true); __tirx_pos_%.*s += gridDim.x)",
                      tl, t.s, gl, g.s, tl, t.s, tl, t.s, el, gr->count.s, gl, g.s, tl, t.s, el, gr->count.s, tl, t.s,
                      index, tl, t.s);
}

// The table of a kernel: its first loop over groups, whose clause every other
// one must repeat.
typedef struct {
  int func;
  Groups groups;
} GroupTable;

// persistent's state in a rewrite (construct_state), where the orders read
// are kept.
typedef struct {
  VEC(Order) orders;
  VEC(GroupTable) tables;
} PersistentState;

// The order of the persistent loop `an` (its clause o), read on first use.
static const Order *order_of(Ctx *c, const Annotation *an, const Clause *o) {
  PersistentState *p = construct_state(c, DIR_PERSISTENT, sizeof(PersistentState));
  for (int i = 0; i < p->orders.len; i++)
    if (p->orders.items[i].at == an->start) return &p->orders.items[i];
  Order read;
  read_order(c, an, o, &read);
  read.at = an->start;
  VEC_PUSH(c->arena, p->orders, read);
  return &p->orders.items[p->orders.len - 1];
}

// The loop header. With an order, the loop walks positions (grouped) or
// steps (longest_first, whose positions go back and forth) and `tile` is set
// from each in the condition, so that `break` and `continue` in the statement
// stay the loop's and the statement is not wrapped. `helper` NULL: the parse's
// stub, a loop without tirx.h in which the order's expressions initialize
// ints, as the helper takes them (a type or a function is clang's error).
static const char *persistent_header(Arena *a, Span t, Span total, const Order *o, const char *helper, bool wide) {
  int tl = (int)t.len, nl = (int)total.len, cl = o ? (int)o->cols.len : 0, gl = o ? (int)o->group.len : 0;
  if (!o && wide)
    return arena_printf(a, "for (int %.*s = blockIdx.x; tirx_tile_below(%.*s, (%.*s)); %.*s += gridDim.x)", tl, t.s, tl,
                        t.s, nl, total.s, tl, t.s);
  if (!o)
    return arena_printf(a, "for (int %.*s = blockIdx.x; %.*s < (%.*s); %.*s += gridDim.x)", tl, t.s, tl, t.s, nl,
                        total.s, tl, t.s);
  if (!helper)
    return arena_printf(a,
                        "for (int __tirx_pos_%.*s = blockIdx.x, %.*s = 0, __tirx_cols_%.*s = (%.*s), "
                        "__tirx_group_%.*s = (%.*s); __tirx_pos_%.*s < (%.*s) && ((%.*s = __tirx_pos_%.*s), true); "
                        "__tirx_pos_%.*s += gridDim.x)",
                        tl, t.s, tl, t.s, tl, t.s, cl, o->cols.s, tl, t.s, gl, o->group.s, tl, t.s, nl, total.s, tl,
                        t.s, tl, t.s, tl, t.s);
  if (!strcmp(helper, "tirx_tile_grouped"))
    return arena_printf(a,
                        "for (int __tirx_pos_%.*s = blockIdx.x, %.*s = 0; __tirx_pos_%.*s < (%.*s) && "
                        "((%.*s = %s(__tirx_pos_%.*s, (%.*s), (%.*s), (%.*s))), true); __tirx_pos_%.*s += gridDim.x)",
                        tl, t.s, tl, t.s, tl, t.s, nl, total.s, tl, t.s, helper, tl, t.s, nl, total.s, cl, o->cols.s,
                        gl, o->group.s, tl, t.s);
  return arena_printf(a,
                      "for (int __tirx_step_%.*s = 0, %.*s = 0; (%.*s = %s(__tirx_step_%.*s, blockIdx.x, gridDim.x, "
                      "(%.*s), (%.*s), (%.*s))) >= 0; ++__tirx_step_%.*s)",
                      tl, t.s, tl, t.s, tl, t.s, helper, tl, t.s, nl, total.s, cl, o->cols.s, gl, o->group.s, tl, t.s);
}

const char *persistent_iteration(Ctx *c, const Annotation *an) {
  const Clause *h = &an->dir.head, *oc = dir_clause(&an->dir, "order");
  const Order *o = oc ? order_of(c, an, oc) : NULL;
  Span t = is_groups(h) ? h->args[1].name : (Span){0};
  for (int i = 0; !t.len && i < h->nargs; i++) t = h->args[i].name;
  if (!t.len || (o && o->wrong)) return NULL;
  int tl = (int)t.len;
  if (o && !is_groups(h) && !strcmp(o->helper, "tirx_tile_longest_first"))
    return arena_printf(c->arena, "__tirx_step_%.*s", tl, t.s);
  if (o || is_groups(h)) return arena_printf(c->arena, "(__tirx_pos_%.*s / (int)gridDim.x)", tl, t.s);
  return arena_printf(c->arena, "(%.*s / (int)gridDim.x)", tl, t.s);
}

// Declares the tile index even when the arguments are wrong, so that the
// statement parses and the error is the annotation's own. The parse sees the
// order's expressions (tirx.h need not be included there).
const char *persistent_stub(Ctx *c, const Annotation *an) {
  const Clause *h = &an->dir.head, *oc = dir_clause(&an->dir, "order");
  const Order *o = oc ? order_of(c, an, oc) : NULL;
  bool ordered = o && !o->wrong;
  if (is_groups(h)) {
    Groups gr;
    read_groups(c, h->args[1].expr, &gr);
    Span g = span_trim(h->args[0].expr), t = h->args[1].name;
    if (!gr.wrong) return groups_stub(c->arena, g, t, &gr, ordered ? o : NULL);
    return arena_printf(c->arena, "for (int %.*s = 0, %.*s = 0; false;)", (int)g.len, g.s, (int)t.len, t.s);
  }
  for (int i = 0; i < h->nargs; i++) {
    Span t = h->args[i].name, total = h->args[i].expr;
    if (!t.len) continue;
    return persistent_header(c->arena, t, total, ordered ? o : NULL, NULL, false);
  }
  return "";
}

// The tile index of an ordered loop (and the group of a loop over groups) is
// recomputed from the position every iteration: assigning it would change
// nothing the programmer expects. `which`: its place among the loop's ints.
static bool tile_not_assigned(Ctx *c, const Annotation *an, Stmt st, Span t, int which) {
  int top = front_first_at(c->front, an->start);
  if (top >= c->front->nnodes || node_at(c, top)->kind != CXCursor_ForStmt) return true;
  CXCursor parts[4], decl[4];  // the position, the tile, the order's arguments
  if (!stub_for_parts(node_at(c, top)->cur, parts) || cursor_children(parts[0], decl, 4) <= which) return true;
  int assign = assigns_to(c, st.node, decl[which]), alias = assign >= 0 ? -1 : aliased_in(c, st.node, decl[which]);
  if (assign < 0 && alias < 0) return true;
  if (alias >= 0)
    diag_error(c->diag, node_at(c, alias)->start,
               "'%.*s' may change other than by its name in the body of '%s': %s, and each iteration sets it "
               "from the loop's position",
               (int)t.len, t.s, spelling_of(an), alias_what(c, alias));
  else if (which == 1 && !is_groups(&an->dir.head))
    diag_error(c->diag, node_at(c, assign)->start,
               "tile index '%.*s' is assigned in the body of '%s ... order(...)': each iteration sets it from the "
               "loop's position",
               (int)t.len, t.s, spelling_of(an));
  else
    diag_error(c->diag, node_at(c, assign)->start,
               "'%.*s' is assigned in the body of '%s' over groups: each iteration sets the group and the tile from "
               "the loop's position",
               (int)t.len, t.s, spelling_of(an));
  return false;
}

// The value of the stub's int number `which` of the loop at an (the clause's
// expressions, groups_stub's order); false when it is no constant.
static bool stub_constant(Ctx *c, const Annotation *an, int which, long long *v) {
  int top = front_first_at(c->front, an->start);
  if (top >= c->front->nnodes || node_at(c, top)->kind != CXCursor_ForStmt) return false;
  CXCursor parts[4], decl[10], init[1];
  bool is_unsigned;
  return stub_for_parts(node_at(c, top)->cur, parts) && cursor_children(parts[0], decl, 10) > which &&
         cursor_child_count(decl[which]) == 1 && cursor_children(decl[which], init, 1) &&
         front_eval_int(init[0], v, &is_unsigned);
}

// A local of the kernel that an expression of the table reads: the table is
// computed at the kernel's start, before the local is declared.
typedef struct {
  const Ctx *c;
  size_t loop;  // the loop's own variables stand at its start
  CXCursor found;
  size_t at;
} LocalRead;

static enum CXChildVisitResult find_local(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  LocalRead *r = data;
  if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr) return CXChildVisit_Recurse;
  CXCursor d = clang_getCursorReferenced(cur);
  size_t off;  // a local of a function (not a parameter), declared before the loop
  if (clang_getCursorKind(d) == CXCursor_VarDecl &&
      front_is_function(clang_getCursorKind(clang_getCursorSemanticParent(d))) &&
      front_offset(r->c->front, clang_getCursorLocation(d), &off) && off < r->loop &&
      front_offset(r->c->front, clang_getCursorLocation(cur), &r->at)) {
    r->found = d;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

// Reports a local of the kernel read by SIZES, E, rows, cols or max; false
// when there is one.
static bool table_reads_no_local(Ctx *c, const Annotation *an, const Groups *gr) {
  int top = front_first_at(c->front, an->start);
  if (top >= c->front->nnodes || node_at(c, top)->kind != CXCursor_ForStmt) return true;
  CXCursor parts[4], decl[10];
  int n;
  if (!stub_for_parts(node_at(c, top)->cur, parts) || (n = cursor_children(parts[0], decl, 10)) < 8) return true;
  LocalRead r = {.c = c, .loop = an->start, .found = clang_getNullCursor()};
  for (int i = 3; i < 8 && clang_Cursor_isNull(r.found); i++) clang_visitChildren(decl[i], find_local, &r);
  if (clang_Cursor_isNull(r.found)) clang_visitChildren(parts[1], find_local, &r);  // SIZES
  if (clang_Cursor_isNull(r.found)) return true;
  CXString name = clang_getCursorSpelling(r.found);
  const char *word = clang_getCString(name);
  size_t at = r.at, len = 0;  // the name in the argument that reads it, else the loop
  const Span *args[] = {&gr->sizes, &gr->count, &gr->rows, &gr->cols, &gr->max, &gr->offsets};
  for (int i = 0; i < 6 && !len; i++) {
    size_t k = text_find_word((LexText){args[i]->s, args[i]->len}, 0, word, strlen(word));
    if (k < args[i]->len) at = args[i]->off + k, len = strlen(word);
  }
  diag_at(c->diag, DIAG_ERROR, at, len,
          "'%s' reads the local '%s' in 'groups(...)': the kernel's table of first tiles is computed at its start, "
          "before any local; write SIZES, E, rows, cols and max with the kernel's parameters and names declared "
          "outside it",
             spelling_of(an), clang_getCString(name));
  clang_disposeString(name);
  return false;
}

// Whether the clause of this loop is the kernel's table's (written the same);
// the first loop of a kernel puts the table at its start.
static bool one_table(Ctx *c, const Annotation *an, int func, const Groups *gr) {
  PersistentState *p = construct_state(c, DIR_PERSISTENT, sizeof(PersistentState));
  for (int i = 0; i < p->tables.len; i++) {
    const Groups *first = &p->tables.items[i].groups;
    if (p->tables.items[i].func != func) continue;
    if (span_same(first->sizes, gr->sizes) && span_same(first->count, gr->count) &&
        span_same(first->offsets, gr->offsets) && span_same(first->rows, gr->rows) &&
        span_same(first->cols, gr->cols) && span_same(first->max, gr->max))
      return true;
    diag_at(c->diag, DIAG_ERROR, gr->whole.off, gr->whole.len,
            "'%s' names other groups than the kernel's first loop over groups: a kernel has one table of the groups' "
            "first tiles, so every loop over groups in it writes the same 'groups(...)'",
            spelling_of(an));
    diag_note(c->diag, first->whole.off, "the kernel's first loop over groups");
    return false;
  }
  VEC_PUSH(c->arena, p->tables, ((GroupTable){.func = func, .groups = *gr}));
  size_t body = function_body_start(c, func);
  int ml = (int)gr->max.len, el = (int)gr->count.len;
  edit_replace(c->edits, body, body + 1,  // the body's '{', then the table
               arena_printf(c->arena,
                            "{ __shared__ int __tirx_first[(%.*s) + 1]; if (threadIdx.x < 32) "
                            "tirx_group_tiles_scan(__tirx_first, (%.*s), (%.*s), (%.*s), (%.*s), (%.*s)); "
                            "__syncthreads();",
                            ml, gr->max.s, (int)gr->sizes.len, gr->sizes.s, el, gr->count.s, (int)gr->offsets.len,
                            gr->offsets.s, (int)gr->rows.len, gr->rows.s, (int)gr->cols.len,
                            gr->cols.s));
  return true;
}

static void rewrite_groups(Ctx *c, const Annotation *an, Stmt st, const Order *o) {
  const Clause *h = &an->dir.head;
  Span g = span_trim(h->args[0].expr), t = h->args[1].name;
  Groups gr;
  read_groups(c, h->args[1].expr, &gr);
  if (gr.wrong) {
    diag_error(c->diag, gr.wrong_off, "%s", gr.wrong);
    return;
  }
  if (o && strcmp(o->helper, "tirx_tile_grouped")) {
    diag_error(c->diag, o->cols.off,
               "'%s' over groups takes 'order(grouped(COLS, G))' only: a group's tiles are numbered from its own "
               "position, which 'longest_first' does not walk",
               spelling_of(an));
    return;
  }
  int func = front_first_at(c->front, an->start);  // the loop, then the function around it
  while (func >= 0 && func < c->front->nnodes && !front_is_function(node_at(c, func)->kind))
    func = node_at(c, func)->parent;
  if (func < 0 || func >= c->front->nnodes || !front_is_kernel(c->front, func)) {
    diag_error(c->diag, an->start,
               "'%s' over groups outside a __global__ function: the table of the groups' first tiles is computed once "
               "at the start of the kernel, by every thread of the block (one warp scans, all wait at __syncthreads); "
               "write the loop in the kernel",
               spelling_of(an));
    return;
  }
  long long count, max;
  if (!stub_constant(c, an, 4, &max)) {
    diag_at(c->diag, DIAG_ERROR, gr.max.off, gr.max.len,
            "'max(%.*s)' of 'groups' is no constant: it sizes the kernel's __shared__ table of first tiles",
            (int)gr.max.len, gr.max.s);
    return;
  }
  if (max <= 0) {
    diag_at(c->diag, DIAG_ERROR, gr.max.off, gr.max.len, "'max(%lld)' of 'groups': at least one group is needed", max);
    return;
  }
  if (stub_constant(c, an, 3, &count) && (count <= 0 || count > max)) {
    diag_at(c->diag, DIAG_ERROR, gr.count.off, gr.count.len,
            count <= 0 ? "'groups' over %lld groups: the loop would never run"
                       : "'groups' over %lld groups, more than its 'max(%lld)': the table of first tiles holds max + 1",
            count, max);
    return;
  }
  if (!tile_not_assigned(c, an, st, t, 2) || !tile_not_assigned(c, an, st, g, 1)) return;
  if (!table_reads_no_local(c, an, &gr) || !one_table(c, an, func, &gr)) return;
  c->needs_tirx_h = true;
  edit_replace(c->edits, an->start, an->end, groups_header(c->arena, g, t, &gr, o));
}

// The node of TOTAL in the parse's stub of the loop at an (`tile < (TOTAL)`,
// or an ordered loop's `pos < (TOTAL) && ...`), -1 when not found.
static int total_node(Ctx *c, const Annotation *an) {
  for (int i = front_first_at(c->front, an->start); i < c->front->nnodes && node_at(c, i)->start == an->start; i++) {
    int kids[4], sides[2];
    int nk = node_at(c, i)->kind == CXCursor_ForStmt ? front_children(c->front, i, kids, 4) : 0;
    for (int k = 0; k < nk && k < 4; k++) {  // (the stub is not in the text: its children, not for_parts)
      int first;
      if (node_at(c, kids[k])->kind == CXCursor_BinaryOperator &&
          clang_getCursorBinaryOperatorKind(node_at(c, kids[k])->cur) == CXBinaryOperator_LAnd &&
          front_children(c->front, kids[k], &first, 1) >= 1)
        kids[k] = first;
      if (node_at(c, kids[k])->kind == CXCursor_BinaryOperator &&
          clang_getCursorBinaryOperatorKind(node_at(c, kids[k])->cur) == CXBinaryOperator_LT &&
          front_children(c->front, kids[k], sides, 2) == 2)
        return sides[1];
    }
  }
  return -1;
}

// Whether TOTAL (as clang read it in the stub's loop, `tile < (TOTAL)`) has
// a type wider than int: a long, a long long, a size_t. The tile index stays
// an int (the body was read with one, and an index of another type would
// change what `min(128, rows - tile * 128)` or `printf("%d", tile)` mean),
// and the loop's condition traps where TOTAL is past what it counts
// (tirx_tile_below) rather than overflow it. A type that depends on a
// template parameter may be wide in some instantiation: tirx_tile_below too
// (it tests only a type wider than int).
static bool total_is_wide(Ctx *c, const Annotation *an) {
  int side = total_node(c, an);
  if (side < 0) return false;
  CXType type = clang_getCanonicalType(clang_getCursorType(node_at(c, side)->cur));
  return type.kind == CXType_Dependent || type.kind == CXType_Unexposed || clang_Type_getSizeOf(type) > 4 ||
         type.kind == CXType_UInt || type.kind == CXType_ULong;  // an unsigned count reaches 2^32 - 1
}

// A `return` in the body ends the block's walk, not its tile: block-per-tile
// code made persistent (`if (skip[tile]) return;`) would drop every tile the
// block takes after that one. True when reported.
static bool body_returns(Ctx *c, const Annotation *an, Stmt st) {
  const Node *body = node_at(c, st.node);
  for (int i = st.node; i <= body->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_ReturnStmt || n->func != body->func) continue;  // (a lambda's returns from it)
    diag_error(c->diag, n->start,
               "'return' in the body of '%s' ends this block's walk over the tiles, not this tile: the tiles the "
               "block would take after it are never done; to skip this tile, 'continue'; to end the walk, 'break'",
               spelling_of(an));
    diag_note(c->diag, an->start, "the persistent loop");
    return true;
  }
  return false;
}

void rewrite_persistent(Ctx *c, const Annotation *an, Stmt st) {
  static const char *const clauses[] = {"order", NULL};
  if (!check_clauses(c, an, clauses) || body_returns(c, an, st)) return;
  const Clause *h = &an->dir.head, *oc = dir_clause(&an->dir, "order");
  if (is_groups(h)) {
    const Order *o = oc ? order_of(c, an, oc) : NULL;
    if (o && o->wrong) {
      diag_at(c->diag, DIAG_ERROR, o->wrong_off, o->wrong_len, "%s", o->wrong);
      return;
    }
    rewrite_groups(c, an, st, o);
    return;
  }
  if (h->nargs != 1 || !h->args[0].name.len) {
    diag_error(c->diag, h->name.off, "'%s' takes one 'tile: TOTAL' argument", spelling_of(an));
    return;
  }
  Span t = h->args[0].name, total = h->args[0].expr;
  long long n;
  if (span_int_literal(total, &n) && n <= 0) {  // (a repeated 'order' is pragma_parse's error)
    diag_at(c->diag, DIAG_ERROR, total.off, total.len, "'%s' over %lld tiles: the loop would never run",
            spelling_of(an), n);
    return;
  }
  bool unsigned_value;  // a constant expression past int (`kRows * kCols`, `1ull << 32`) as well
  int side = total_node(c, an);
  bool past = (span_int_literal(total, &n) && n > 2147483647) ||
              (side >= 0 && front_eval_int(node_at(c, side)->cur, &n, &unsigned_value) &&
               (unsigned_value ? (unsigned long long)n > 2147483647ull : n > 2147483647));
  if (past) {
    diag_at(c->diag, DIAG_ERROR, total.off, total.len,
            "'%s' over %lld tiles: its tile index is an int, which counts to 2147483647; walk more items than "
            "that with a loop of your own ('for (long long i = blockIdx.x; ...)')",
            spelling_of(an), n);
    return;
  }
  const Order *o = oc ? order_of(c, an, oc) : NULL;
  if (o && o->wrong) {
    diag_at(c->diag, DIAG_ERROR, o->wrong_off, o->wrong_len, "%s", o->wrong);
    return;
  }
  // The loop declares the tile index before it reads TOTAL (and the order's
  // arguments) in its condition: a name of the same outside would be hidden.
  const char *tname = arena_strndup(c->arena, t.s, t.len);
  Span read[3] = {total, o ? o->cols : (Span){0}, o ? o->group : (Span){0}};
  for (int i = 0; i < 3; i++)
    if (read[i].len && text_has_word((LexText){read[i].s, read[i].len}, 0, tname)) {
      diag_at(c->diag, DIAG_ERROR, read[i].off, read[i].len,
              "'%.*s' names the tile index '%s', which the loop of '%s' declares before it reads this: it would "
              "read the loop's own '%s', not yours; give the tile index another name",
              (int)read[i].len, read[i].s, tname, spelling_of(an), tname);
      return;
    }
  if (o && !tile_not_assigned(c, an, st, t, 1)) return;
  bool wide = total_is_wide(c, an);
  if (o && wide) {  // an order numbers the tiles with int: TOTAL as an int, with the same trap
    const char *count = arena_printf(c->arena, "tirx_tile_count((%.*s))", (int)total.len, total.s);
    total = (Span){count, strlen(count), total.off};
  }
  if (o || wide) c->needs_tirx_h = true;
  edit_replace(c->edits, an->start, an->end,
               persistent_header(c->arena, t, total, o, o ? o->helper : NULL, wide && !o));
}
