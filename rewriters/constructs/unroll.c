// unroll.c - `#pragma tirx unroll` before a `for`: full expansion into one
// block per iteration, `{ T i = <value>; <body> }` (a variable, not a const:
// render_unroll says why). break and continue
// that bind to the loop become gotos to labels after the copies.
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "ast.h"
#include "hint.h"
#include "unroll.h"

__extension__ typedef unsigned __int128 u128;


typedef struct {
  size_t body_start, end;
  int line;  // line of the `for`
  const char *type, *name;
  bool declared;  // `T i = start` (else `i = start` on a variable declared outside)
  bool used;      // the body refers to i
  bool skipped_use;  // only text the parse skipped (an #if branch of another pass) names i
  char **values;  // literal of each iteration
  int count;
  const char *final;  // value after the last iteration (assignment form)
  const char *keep;   // `(void)n;` for the locals only the loop's header read (the bound's)
  bool unevaluated;   // the body reads i only where it is not evaluated (sizeof)
  Expansion x;
} Unroll;

// Each copy declares `T i = value;`, a variable as in the loop, not a
// `const`: nvcc folds a const initialized by a constant into the body and then
// warns where the loop gave no warning (`threadIdx.x + k` with k = -8: #68-D
// "integer conversion resulted in a change of sign"; a shift or a division by
// the constant). The body cannot assign it: read_loop rejects that.
static void render_unroll(Render *r, const Edit *e) {
  Unroll *u = e->data;
  u->x.id = ++r->counter;
  u->x.group = 0;
  bool in_do = u->x.structured && (u->x.has_break || u->x.has_continue);
  render_text(r, "{");
  // The copies no longer read what the header read: nvcc would say the
  // bound's variable is never referenced (#177-D), where the loop gave no warning.
  if (*u->keep) render_text(r, arena_printf(r->edits->arena, " %s", u->keep));
  if (u->x.structured && u->x.has_break)
    render_text(r, arena_printf(r->edits->arena, " bool __tirx_broke_%d = false;", u->x.id));
  // Without goto, a copy after a break runs nothing, not even the loop
  // variable's assignment: `k` declared before the loop keeps its value.
  bool guard = in_do && u->x.has_break;
  const char *open = guard ? arena_printf(r->edits->arena, "{ if (!__tirx_broke_%d) { ", u->x.id) : "{ ";
  for (int k = 0; k < u->count; k++) {
    u->x.iteration = k;
    render_line_start(r, u->line);
    if (!u->declared)
      render_gen(r, u->line, "%s%s = %s; ", open, u->name, u->values[k]);
    else if (u->unevaluated)  // sizeof alone reads it: no value (set, never used: #550-D)
      render_gen(r, u->line, "%s%s %s; ", open, u->type, u->name);
    else if (u->used)  // not `const`: see above
      render_gen(r, u->line, "%s%s %s = %s; ", open, u->type, u->name, u->values[k]);
    else if (u->skipped_use)  // read in nvcc's other pass only; `(void)&i`: neither #177-D nor #550-D in this one
      render_gen(r, u->line, "%s%s %s = %s; (void)&%s; ", open, u->type, u->name, u->values[k], u->name);
    else
      render_gen(r, u->line, "%s", open);
    if (in_do) render_text(r, "do ");
    render_range(r, u->body_start, u->end);
    if (in_do) render_text(r, " while (0);");
    render_continue_label(r, &u->x, u->line);
    render_text(r, guard ? " } }" : " }");
  }
  if (!u->declared && guard)
    render_gen(r, r->line, " if (!__tirx_broke_%d) %s = %s;", u->x.id, u->name, u->final);
  else if (!u->declared)
    render_gen(r, r->line, " %s = %s;", u->name, u->final);
  render_break_label(r, &u->x, u->line);
  render_text(r, " }");
}

static bool binds_to(const Ctx *c, int target, void *arg) {
  (void)c;
  return target == *(int *)arg;
}

// What the loop header says, once each part has been checked.
typedef struct {
  CXCursor var;
  const char *name;
  long long start, bound, step;
  enum CXBinaryOperatorKind step_op;  // AddAssign (also ++, --, -=), MulAssign, DivAssign, ShlAssign, ShrAssign
  bool start_ok, bound_ok, step_ok;  // evaluated to constants
  int bound_bits;                    // the bound's type, for the comparison's common type
  bool bound_unsigned;
  int start_node, bound_node, inc_node;  // for messages
  enum CXBinaryOperatorKind cmp;
} Header;

static bool eval(CXCursor cur, long long *v) {
  bool u;
  return front_eval_int(cur, v, &u);
}

// `T i = start` or `i = start`.
static bool read_init(Ctx *c, Diag *d, const Annotation *an, const ForParts *fp, Header *h, bool *declared) {
  const Node *n = fp->init >= 0 ? node_at(c, fp->init) : NULL;
  CXCursor kids[4];
  if (n && n->kind == CXCursor_DeclStmt && cursor_children(n->cur, kids, 4) == 1 &&
      clang_getCursorKind(kids[0]) == CXCursor_VarDecl) {
    h->var = kids[0];
    *declared = true;
    CXCursor init[4];
    int ni = cursor_child_count(h->var);  // the initializer is the last child, stored when there are at most 4
    if (ni == 0) goto bad;
    h->start_node = fp->init;
    h->start_ok = ni <= 4 && cursor_children(h->var, init, 4) && eval(init[ni - 1], &h->start);
    return true;
  }
  if (n && n->kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(n->cur) == CXBinaryOperator_Assign &&
      cursor_children(n->cur, kids, 4) == 2 && clang_getCursorKind(front_strip(kids[0])) == CXCursor_DeclRefExpr) {
    h->var = clang_getCursorReferenced(front_strip(kids[0]));
    *declared = false;
    h->start_node = fp->init;
    h->start_ok = eval(kids[1], &h->start);
    return true;
  }
bad:
  diag_error(d, n ? n->start : fp->lparen + 1,
             "a loop under '%s' must start with 'T i = start' or 'i = start'", spelling_of(an));
  return false;
}

// `i < bound` (any of < <= > >= !=, either side).
static bool read_cond(Ctx *c, Diag *d, const Annotation *an, const ForParts *fp, Header *h) {
  const Node *n = fp->cond >= 0 ? node_at(c, fp->cond) : NULL;
  CXCursor kids[4];
  // A bound of class type converted to an integer (`i < size(r)`, CuTe's
  // C<4>) makes a temporary: the comparison sits inside clang's cleanup node.
  CXCursor cmp = n ? front_strip(n->cur) : clang_getNullCursor();
  if (n && clang_getCursorKind(cmp) == CXCursor_BinaryOperator && cursor_children(cmp, kids, 4) == 2) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cmp);
    static const enum CXBinaryOperatorKind flip[][2] = {
        {CXBinaryOperator_LT, CXBinaryOperator_GT}, {CXBinaryOperator_GT, CXBinaryOperator_LT},
        {CXBinaryOperator_LE, CXBinaryOperator_GE}, {CXBinaryOperator_GE, CXBinaryOperator_LE},
        {CXBinaryOperator_NE, CXBinaryOperator_NE}};
    for (int i = 0; i < 5; i++) {
      if (op != flip[i][0]) continue;
      int side = is_ref_to(kids[0], h->var) ? 0 : is_ref_to(kids[1], h->var) ? 1 : -1;
      if (side < 0) break;
      h->cmp = side == 0 ? op : flip[i][1];
      h->bound_node = fp->cond;
      h->bound_ok = eval(kids[1 - side], &h->bound);
      CXType bt = clang_getCanonicalType(clang_getCursorType(kids[1 - side]));
      h->bound_bits = (int)clang_Type_getSizeOf(bt) * 8;
      h->bound_unsigned = bt.kind == CXType_UInt || bt.kind == CXType_ULong || bt.kind == CXType_ULongLong ||
                          bt.kind == CXType_UShort || bt.kind == CXType_UChar || bt.kind == CXType_Char_U;
      if (h->bound_bits <= 0 || h->bound_bits > 64) h->bound_bits = 64;
      return true;
    }
  }
  // In a template, with an operator< of some class visible (cuda_fp16.h's),
  // clang keeps `i < Traits::N` as a call of the operator, for instantiation:
  // its operands around the operator's name.
  if (n && n->kind == CXCursor_CallExpr && n->in_template && cursor_children(n->cur, kids, 4) == 3) {
    static const struct {
      const char *name;
      enum CXBinaryOperatorKind op, flipped;
    } ops[] = {{"operator<", CXBinaryOperator_LT, CXBinaryOperator_GT},
               {"operator>", CXBinaryOperator_GT, CXBinaryOperator_LT},
               {"operator<=", CXBinaryOperator_LE, CXBinaryOperator_GE},
               {"operator>=", CXBinaryOperator_GE, CXBinaryOperator_LE},
               {"operator!=", CXBinaryOperator_NE, CXBinaryOperator_NE}};
    CXCursor name[1];
    CXCursor ref = cursor_child_count(kids[1]) == 1 && cursor_children(kids[1], name, 1) ? name[0] : kids[1];
    CXString sp = clang_getCursorSpelling(ref);
    int side = is_ref_to(kids[0], h->var) ? 0 : is_ref_to(kids[2], h->var) ? 2 : -1;
    for (int i = 0; i < 5 && side >= 0; i++) {
      if (strcmp(clang_getCString(sp), ops[i].name)) continue;
      clang_disposeString(sp);
      h->cmp = side == 0 ? ops[i].op : ops[i].flipped;
      h->bound_node = fp->cond;
      h->bound_ok = eval(kids[2 - side], &h->bound);
      h->bound_bits = 64;
      return true;
    }
    clang_disposeString(sp);
  }
  diag_error(d, n ? n->start : fp->lparen + 1,
             "the condition of a loop under '%s' must compare '%s' with a bound using <, <=, >, >= or !=",
             spelling_of(an), h->name);
  return false;
}

// ++i, i++, --i, i--, i += step, i -= step; and the halving and doubling
// loops of reductions and scans: i *= C, i /= C, i <<= C, i >>= C.
static bool read_inc(Ctx *c, Diag *d, const Annotation *an, const ForParts *fp, Header *h) {
  const Node *n = fp->inc >= 0 ? node_at(c, fp->inc) : NULL;
  CXCursor kids[4];
  if (n && n->kind == CXCursor_UnaryOperator && cursor_children(n->cur, kids, 4) == 1 && is_ref_to(kids[0], h->var)) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(n->cur);
    if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc) h->step = 1, h->step_ok = true;
    if (op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreDec) h->step = -1, h->step_ok = true;
    if (h->step_ok) return true;
  }
  if (n && n->kind == CXCursor_CompoundAssignOperator && cursor_children(n->cur, kids, 4) == 2 &&
      is_ref_to(kids[0], h->var)) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(n->cur);
    bool scale = op == CXBinaryOperator_MulAssign || op == CXBinaryOperator_DivAssign ||
                 op == CXBinaryOperator_ShlAssign || op == CXBinaryOperator_ShrAssign;
    if (op == CXBinaryOperator_AddAssign || op == CXBinaryOperator_SubAssign || scale) {
      h->step_ok = eval(kids[1], &h->step);
      if (!h->step_ok) {
        const Node *k = node_at(c, fp->inc);
        int operands[2];
        if (!cursor_is_integer(kids[1]) && front_children(c->front, fp->inc, operands, 2) == 2)  // `i += 1.5`
          diag_error(d, node_at(c, operands[1])->start, "the step of a loop under '%s' must be an integer, not '%s'",
                     spelling_of(an), node_text(c, operands[1]));
        else
          diag_error(d, k->start, "the step of a loop under '%s' is not a constant expression", spelling_of(an));
        return false;
      }
      if (op == CXBinaryOperator_SubAssign) {
        if (h->step == LLONG_MIN) {
          diag_error(d, node_at(c, fp->inc)->start, "the step of a loop under '%s' is out of range",
                     spelling_of(an));
          return false;
        }
        h->step = -h->step;
      }
      if (scale) {
        h->step_op = op;
        h->inc_node = fp->inc;
        bool shift = op == CXBinaryOperator_ShlAssign || op == CXBinaryOperator_ShrAssign;
        if (shift ? h->step < 0 || h->step >= 64 : op == CXBinaryOperator_DivAssign && h->step == 0) {
          diag_error(d, node_at(c, fp->inc)->start, shift ? "the shift of a loop under '%s' is out of range"
                                                          : "the step of a loop under '%s' divides by zero",
                     spelling_of(an));
          return false;
        }
      }
      return true;
    }
  }
  diag_error(d, n ? n->start : fp->rparen,
             "the increment of a loop under '%s' must be ++%s, %s++, --%s, %s--, %s += C, %s -= C, %s *= C, %s /= C, "
             "%s <<= C or %s >>= C",
             spelling_of(an), h->name, h->name, h->name, h->name, h->name, h->name, h->name, h->name, h->name,
             h->name);
  return false;
}

// x as a value of the integer type of `bits` and signedness.
static i128 as_type(i128 x, int bits, bool is_unsigned) {
  i128 mod = (i128)1 << bits;
  x = ((x % mod) + mod) % mod;
  if (!is_unsigned && x >= mod / 2) x -= mod;
  return x;
}

static bool holds(i128 v, enum CXBinaryOperatorKind cmp, i128 bound) {
  switch (cmp) {
  case CXBinaryOperator_LT: return v < bound;
  case CXBinaryOperator_LE: return v <= bound;
  case CXBinaryOperator_GT: return v > bound;
  case CXBinaryOperator_GE: return v >= bound;
  default: return v != bound;
  }
}

// Runs the loop header at compile time and records each iteration's value.
static bool expand(Ctx *c, Diag *d, const Annotation *an, const Header *h, LoopHeader *u) {
  int bits = u->bits;
  bool is_unsigned = u->is_unsigned;
  i128 mod = (i128)1 << bits;
  i128 lo = is_unsigned ? 0 : -(mod / 2), hi = is_unsigned ? mod - 1 : mod / 2 - 1;
  i128 v = as_type(h->start, bits, is_unsigned), bound = h->bound;
  // The comparison happens in the common type of C's usual arithmetic
  // conversions: both sides promoted to int, then the wider (or, at equal
  // width, the unsigned) type wins.
  int vb = bits < 32 ? 32 : bits, bb = h->bound_bits < 32 ? 32 : h->bound_bits;
  bool vu = bits >= 32 && is_unsigned, bu = h->bound_bits >= 32 && h->bound_unsigned;
  int cbits = vb > bb ? vb : bb;
  bool cu = vb == bb ? (vu || bu) : vb > bb ? vu : bu;
  bound = as_type(bound, cbits, cu);
  VEC(char *) vals = {0};
  bool shift = h->step_op == CXBinaryOperator_ShlAssign || h->step_op == CXBinaryOperator_ShrAssign;
  if (shift && h->step >= vb) {  // a shift by the promoted type's width or more is undefined in C
    diag_error(d, node_at(c, h->inc_node)->start, "the shift of a loop under '%s' is out of range for '%s'",
               spelling_of(an), u->type);
    return false;
  }
  while (holds(as_type(v, cbits, cu), h->cmp, bound)) {
    if (vals.len == MAX_COPIES) {
      diag_error(d, node_at(c, h->bound_node)->start,
                 "'%s' would expand more than %d iterations of this loop", spelling_of(an), MAX_COPIES);
      return false;
    }
    VEC_PUSH(c->arena, vals, int_literal(c->arena, v, is_unsigned, bits));
    i128 was = v;
    switch (h->step_op) {  // |v| < 2^64 and |step| < 2^64: the product fits; unsigned wraps below
    case CXBinaryOperator_MulAssign: v = is_unsigned ? (i128)((u128)v * (u128)h->step)
                                                     : v * h->step; break;
    case CXBinaryOperator_DivAssign: v = v / h->step; break;  // truncates toward zero, as C does
    case CXBinaryOperator_ShlAssign: v = is_unsigned ? (i128)((u128)v << h->step)
                                                     : v * ((i128)1 << h->step); break;
    case CXBinaryOperator_ShrAssign: v = v >> h->step; break;  // arithmetic on a negative value, as nvcc's
    default: v += h->step;
    }
    if (is_unsigned)
      v = ((v % mod) + mod) % mod;
    else if (v < lo || v > hi) {
      diag_error(d, node_at(c, h->bound_node)->start,
                 "loop variable '%s' overflows its type before this loop ends", h->name);
      return false;
    }
    if (v == was) {  // i *= 1, i /= 1, 0 *= C, i >>= 0, ... with the condition still true
      diag_error(d, node_at(c, h->bound_node)->start,
                 "loop variable '%s' stays %s after a step, so this loop under '%s' never ends", h->name,
                 int_literal(c->arena, v, is_unsigned, bits), spelling_of(an));
      return false;
    }
  }
  u->values = vals.items;
  u->count = vals.len;
  u->bound = bound;
  u->final = int_literal(c->arena, v, is_unsigned, bits);
  return true;
}

static void not_constant(Ctx *c, Diag *d, const Annotation *an, int node, const char *what) {
  const Node *n = node_at(c, node);
  // 1e400: a floating value, constant or not, is never a count. The bound's
  // node is the comparison; the value is its right side.
  CXCursor kids[2];
  bool compare =
      n->kind == CXCursor_BinaryOperator && cursor_child_count(n->cur) == 2 && cursor_children(n->cur, kids, 2);
  CXCursor value = compare ? kids[1] : n->cur;
  CXSourceRange r = clang_getCursorExtent(value);
  size_t from, to;
  if (!cursor_is_integer(value) && front_offset(c->front, clang_getRangeStart(r), &from) &&
      front_offset(c->front, clang_getRangeEnd(r), &to) && from < to) {
    diag_at(d, DIAG_ERROR, from, to - from, "the %s of a loop under '%s' must be an integer, not %.*s", what,
            spelling_of(an), (int)(to - from), c->src->data + from);
    return;
  }
  diag_at(d, DIAG_ERROR, n->start, n->end - n->start,
          "the %s of a loop under '%s' is not a constant expression, so its trip count is unknown; to unroll "
          "such a loop in part, write '#pragma tirx unroll(N)' (nvcc's '#pragma unroll N')",
          what, spelling_of(an));
}

// Where the loop variable may change other than by its name (aliased_in):
// in the body when the loop declares it, else anywhere in the function
// before the loop ends (a pointer or a closure made before the loop may
// change it in the body); -1 if nowhere.
static int aliased_before(const Ctx *c, const ForParts *fp, CXCursor var, bool declared, const Node *loop) {
  if (declared) return aliased_in(c, fp->body, var);
  if (loop->func < 0) return -1;
  int at = aliased_in(c, loop->func, var);  // the first in source order
  return at >= 0 && node_at(c, at)->start < loop->end ? at : -1;
}

// A call in the body to a function of the program (not of the toolkit's
// headers) when the loop variable is not an automatic variable of the loop's
// function (a global, a static local): the callee may change it; -1 if none.
static int call_may_change(const Ctx *c, int body, CXCursor var) {
  if (automatic_in(c, var, node_at(c, body)->func)) return -1;
  for (int i = body; i <= node_at(c, body)->last; i++) {
    if (node_at(c, i)->kind != CXCursor_CallExpr) continue;
    CXCursor callee = clang_getCursorReferenced(node_at(c, i)->cur);
    if (clang_Cursor_isNull(callee) || !clang_Location_isInSystemHeader(clang_getCursorLocation(callee))) return i;
  }
  return -1;
}

// Whether var, which is not an automatic variable of the lambda func, is one
// of a function around it (captured: the error must not call it "not a local").
static bool captured_from_outside(const Ctx *c, int func, CXCursor var) {
  for (int f = func; f >= 0 && node_at(c, f)->kind == CXCursor_LambdaExpr;) {
    int up = node_at(c, f)->parent >= 0 ? node_at(c, node_at(c, f)->parent)->func : -1;
    if (automatic_in(c, var, up)) return true;
    f = up;
  }
  return false;
}

// The first assignment or ++/-- in nodes [from, to] other than `skip`: a
// side effect of the loop's header, which the expanded copies (their
// constants) would drop; -1 if none.
static int header_side_effect(const Ctx *c, int from, int to, int skip, CXCursor own) {
  for (int i = from; i <= to; i++)
    if (i != skip && (is_assignment(node_at(c, i)) || operator_assignment(c, i, &(int){0})) &&
        (clang_Cursor_isNull(own) || assigns_to(c, i, own) != i))
      return i;
  return -1;
}

// The variable the loop's init declares or assigns (`int i = 0`, `i = 0`); a
// null cursor when it is neither.
static CXCursor init_var(const Ctx *c, int init) {
  for (int i = init; init >= 0 && i <= node_at(c, init)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind == CXCursor_VarDecl) return n->cur;
    if (n->kind == CXCursor_DeclRefExpr) return clang_getCursorReferenced(n->cur);
  }
  return clang_getNullCursor();
}

// A side effect in the start, the condition or the step: `for (int i = (j =
// 5, 0); ...)`, `i < (n++, 3)`, `i += (c++, 1)`.
static bool header_pure(const Ctx *c, Diag *d, const Annotation *an, const ForParts *fp) {
  static const char *const part[] = {"start", "condition", "step"};
  int nodes[] = {fp->init, fp->cond, fp->inc};
  for (int k = 0; k < 3; k++) {
    if (nodes[k] < 0) continue;
    // The init's own `i = start` and the step's `i += s` are the header's.
    bool own = k == 2 || (k == 0 && node_at(c, nodes[k])->kind != CXCursor_DeclStmt);
    // (`++i, ++p`: the step's own part is the one that changes i.)
    int at = header_side_effect(c, nodes[k], node_at(c, nodes[k])->last, own ? nodes[k] : -1,
                                own ? init_var(c, fp->init) : clang_getNullCursor());
    if (at < 0) continue;
    static const char *const where[] = {"before the loop", "to the start of the body",
                                        "to the end of the body (each copy then does it)"};
    diag_error(d, node_at(c, at)->start,
               "the %s of a loop under '%s' has a side effect, '%s': the copies tirx-pp writes keep only the values "
               "of the loop variable, and the side effect would be lost; move it %s",
               part[k], spelling_of(an), node_text(c, at), where[k]);
    return false;
  }
  return true;
}

bool read_loop(Ctx *c, Diag *d, const Annotation *an, Stmt st, LoopHeader *out) {
  bool ok = false;
  const Node *n = node_at(c, st.node);
  ForParts fp;
  Header h = {.name = "i", .step_op = CXBinaryOperator_AddAssign};
  bool declared;
  if (n->kind != CXCursor_ForStmt) {
    diag_error(d, n->start, "expected a 'for' loop after '%s'", spelling_of(an));
  } else if (front_in_macro(c->front, n->start) || !for_parts(c, st.node, &fp)) {
    diag_error(d, n->start, "'%s' needs a 'for' loop written out, not one from a macro expansion", spelling_of(an));
  } else if (front_in_macro(c->front, node_at(c, fp.body)->start)) {
    const Node *b = node_at(c, fp.body);
    bool semi = b->end < c->src->len && c->src->data[b->end] == ';';
    diag_error(d, b->start,
               "the body of the loop under '%s' is a macro's expansion, which tirx-pp cannot copy: put it in braces "
               "('{ %s%s }')",
               spelling_of(an), node_text(c, fp.body), semi ? ";" : "");
  } else if (header_pure(c, d, an, &fp) && read_init(c, d, an, &fp, &h, &declared)) {
    CXString name = clang_getCursorSpelling(h.var);
    h.name = arena_strndup(c->arena, clang_getCString(name), strlen(clang_getCString(name)));
    clang_disposeString(name);
    *out = (LoopHeader){.fp = fp, .var = h.var, .name = h.name, .declared = declared};
    if (n->in_template && !int_type(h.var, &out->bits, &out->is_unsigned, &out->type, c->arena) &&
        uses_template_parameter(c, fp.init)) {
      out->constant = false;  // `for (T i = 0; ...)`: its type is known after instantiation
      out->dependent_type = ok = true;
    } else if (!int_type(h.var, &out->bits, &out->is_unsigned, &out->type, c->arena)) {
      diag_error(d, node_at(c, fp.init)->start, "loop variable '%s' of a loop under '%s' must have an integer type",
                 h.name, spelling_of(an));
    } else if (read_cond(c, d, an, &fp, &h) && read_inc(c, d, an, &fp, &h)) {
      int assign = assigns_to(c, fp.body, h.var), alias = assign >= 0 ? -1 : aliased_before(c, &fp, h.var, declared, n);
      int call = assign >= 0 || alias >= 0 || declared ? -1 : call_may_change(c, fp.body, h.var);
      out->in_template = n->in_template;
      out->start = h.start;
      out->step = h.step_op == CXBinaryOperator_AddAssign ? h.step : 0;  // 0: not a counted step (vectorize)
      if (assign >= 0) {
        diag_error(d, node_at(c, assign)->start, "loop variable '%s' is assigned in the body of a loop under '%s'",
                   h.name, spelling_of(an));
        diag_note(d, an->start, "the loop is annotated here");
      } else if (alias >= 0) {
        diag_error(d, node_at(c, alias)->start,
                   "loop variable '%s' may change other than by its name in a loop under '%s': %s, and the "
                   "expanded copies would each start from their own value",
                   h.name, spelling_of(an), alias_what(c, alias));
        diag_note(d, an->start, "the loop is annotated here");
      } else if (call >= 0) {
        bool outer = captured_from_outside(c, n->func, h.var);
        diag_error(d, node_at(c, call)->start,
                   "loop variable '%s' of a loop under '%s' is %s, and '%s' calls a function that may change it: "
                   "the expanded copies would each start from their own value; use %s",
                   h.name, spelling_of(an), outer ? "declared outside the lambda" : "not a local", node_text(c, call),
                   outer ? "a loop variable declared in the lambda" : "a local loop variable");
        diag_note(d, an->start, "the loop is annotated here");
      } else if (!h.start_ok || !h.bound_ok) {
        out->constant = false;
        int bad = !h.start_ok ? h.start_node : h.bound_node;
        bool dependent = n->in_template && uses_template_parameter(c, bad);
        if (!dependent) not_constant(c, d, an, bad, !h.start_ok ? "start" : "bound");
        ok = dependent;
      } else if (h.step == 0) {
        diag_error(d, node_at(c, fp.inc)->start, "the step of a loop under '%s' is zero", spelling_of(an));
      } else {
        out->constant = true;
        ok = expand(c, d, an, &h, out);
      }
    }
  }
  return ok;
}

// `(void)n;` for each local variable (not the loop's own) that the loop's
// header reads: the copies do not read it again.
static const char *header_locals(Ctx *c, const ForParts *fp, CXCursor var) {
  const char *out = "";
  int parts[] = {fp->init, fp->cond, fp->inc};
  for (int p = 0; p < 3; p++) {
    if (parts[p] < 0) continue;
    for (int i = parts[p]; i <= node_at(c, parts[p])->last; i++) {
      if (node_at(c, i)->kind != CXCursor_DeclRefExpr) continue;
      CXCursor ref = clang_getCursorReferenced(node_at(c, i)->cur);
      enum CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(ref));
      if (clang_getCursorKind(ref) != CXCursor_VarDecl || clang_equalCursors(ref, var) || !front_is_function(parent))
        continue;
      CXString name = clang_getCursorSpelling(ref);
      const char *text = arena_printf(c->arena, "(void)%s;", clang_getCString(name));
      clang_disposeString(name);
      if (!strstr(out, text)) out = arena_printf(c->arena, "%s%s%s", out, *out ? " " : "", text);
    }
  }
  return out;
}

// Whether every read of var in the body is unevaluated (under sizeof or
// alignof): a copy's `T i = v;` is then set but never used (#550-D).
static bool only_unevaluated(Ctx *c, int body, CXCursor var) {
  bool any = false;
  for (int i = body; i <= node_at(c, body)->last; i++) {
    if (!is_ref_to(node_at(c, i)->cur, var)) continue;
    int p = node_at(c, i)->parent;
    while (p >= body && node_at(c, p)->kind != CXCursor_UnaryExpr) p = node_at(c, p)->parent;
    if (p < body) return false;
    any = true;
  }
  return any;
}

void rewrite_unroll(Ctx *c, const Annotation *an, Stmt st) {
  static const char *const none[] = {NULL};
  LoopHeader h;
  if (!check_clauses(c, an, none)) return;
  if (an->dir.head.has_index) {
    diag_error(c->diag, an->dir.head.index.off, "'%s' takes no '[...]'", spelling_of(an));
    return;
  }
  if (!read_loop(c, c->diag, an, st, &h)) return;
  if (!h.constant) {  // template-dependent: the trip count is known after instantiation
    edit_replace(c->edits, an->start, an->end, nvcc_pragma(c, an, "unroll"));
    c->fell_back++;
    diag_remark(c->diag, an->start, "%s depends on a template parameter; the loop is left to nvcc's '#pragma unroll'",
                h.dependent_type ? "the loop variable's type" : "trip count");
    return;
  }
  if (!check_copied_body(c, an, h.fp.body)) return;
  if (h.count == 0)
    diag_warning(c->diag, st.start, "this loop under '%s' never runs: its body is dropped", spelling_of(an));
  Unroll *u = arena_alloc(c->arena, sizeof *u);
  u->values = h.values;
  u->count = h.count;
  u->final = h.final;
  // From just after `)`: annotations on the body come along (an unbraced
  // annotated loop inside this one).
  u->body_start = lex_skip_blank(c->src, h.fp.rparen + 1);
  u->end = st.end;
  u->line = source_line(c->src, st.start);
  u->type = h.type;
  u->name = h.name;
  u->declared = h.declared;
  u->used = uses_var(c, h.fp.body, h.var, h.name);
  u->skipped_use = !u->used && skipped_text_names(c, h.fp.body, h.name);
  u->unevaluated = u->used && only_unevaluated(c, h.fp.body, h.var);
  u->keep = header_locals(c, &h.fp, h.var);
  int self = st.node;
  u->x.structured = in_constexpr_function(c, st.node);
  add_jumps(c, h.fp.body, &u->x, binds_to, &self);
  note_copies(c, an->start, st.end, u->count, an->start);
  edit_add(c->edits, (Edit){.start = an->start, .end = st.end, .fn = render_unroll, .data = u});
}

// `unroll` expands here; `unroll(N)` is a hint for nvcc (hint.c).
void rewrite_unroll_directive(Ctx *c, const Annotation *an, Stmt st) {
  if (an->dir.head.has_args)
    rewrite_hint(c, an, st);
  else
    rewrite_unroll(c, an, st);
}
