// canon.c - expressions of a kernel as the exit and count checks compare
// them (exits.c, counts.c).
//
// tirx-pp cannot evaluate a condition or a loop bound that reads memory, a
// kernel parameter or the block's index; two regions agree on such a value
// only when they write it alike. Texts are compared with their blanks
// dropped, each local constant replaced by its initializer (parenthesized
// where its operators bind looser than the place it is put in), a local
// or parameter that is assigned by the values given to it outside the
// regions and in the region being read (another region's threads make
// their own assignments), a loop's counter by the loop's depth and a
// persistent loop's index by its place in the loop's header, so that
// `kend` computed once per region in each reads the same, and two `kend`s
// computed differently, or cut in one region only, differ.
#include <string.h>

#include "ast.h"
#include "canon.h"
#include "place.h"

enum { MAX_EXPAND = 8 };  // locals replaced within one another

static bool word_char(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

static void put_text(Canon *x, size_t from, size_t to) {
  const char *s = x->w->c->src->data;
  bool blank = false;
  for (size_t i = from; i < to; i++) {
    if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
      blank = true;
      continue;
    }
    if (blank && x->b->len && word_char(x->b->data[x->b->len - 1]) && word_char(s[i])) buf_putc(x->b, ' ');
    buf_putc(x->b, s[i]);
    blank = false;
  }
}

int tile_variable(const Walks *w, CXCursor d) {
  for (int i = 0; i < w->nloops; i++) {
    CXCursor parts[4], decl[8];
    if (cursor_children(node_at(w->c, w->loops[i])->cur, parts, 4) < 1) continue;
    int n = cursor_children(parts[0], decl, 8);
    for (int j = 0; j < n; j++)
      if (clang_equalCursors(decl[j], d)) return j;
  }
  return -1;
}

// C's precedence of a binary operator, higher binding tighter (multiplicative
// 13 ... comma 1).
static int binary_precedence(CXCursor cur) {
  switch (clang_getCursorBinaryOperatorKind(cur)) {
  case CXBinaryOperator_Mul:
  case CXBinaryOperator_Div:
  case CXBinaryOperator_Rem: return 13;
  case CXBinaryOperator_Add:
  case CXBinaryOperator_Sub: return 12;
  case CXBinaryOperator_Shl:
  case CXBinaryOperator_Shr: return 11;
  case CXBinaryOperator_LT:
  case CXBinaryOperator_GT:
  case CXBinaryOperator_LE:
  case CXBinaryOperator_GE: return 10;
  case CXBinaryOperator_EQ:
  case CXBinaryOperator_NE: return 9;
  case CXBinaryOperator_And: return 8;
  case CXBinaryOperator_Xor: return 7;
  case CXBinaryOperator_Or: return 6;
  case CXBinaryOperator_LAnd: return 5;
  case CXBinaryOperator_LOr: return 4;
  case CXBinaryOperator_Comma: return 1;
  default: return 2;  // assignments
  }
}

// How tightly an initializer's text holds together where it is put in.
static int own_precedence(const Ctx *c, int node) {
  node = past_implicit(c, node);
  switch (node_at(c, node)->kind) {
  case CXCursor_BinaryOperator: return binary_precedence(node_at(c, node)->cur);
  case CXCursor_ConditionalOperator: return 3;
  case CXCursor_UnaryOperator:
  case CXCursor_CStyleCastExpr: return 14;
  default: return 16;  // a name, a literal, a member, an element, a call, a parenthesized expression
  }
}

// Whether an initializer of precedence `own` needs parentheses in the place
// of the name at node: as an operand of a tighter (or, on the right, an
// equal) operator, of a unary one, or before `.`, `[` or `(`.
static bool needs_parentheses(const Ctx *c, int node, int own) {
  int p = node_at(c, node)->parent, below = node;
  while (p >= 0 && node_at(c, p)->kind == CXCursor_UnexposedExpr && node_at(c, p)->start == node_at(c, below)->start &&
         node_at(c, p)->end == node_at(c, below)->end)
    below = p, p = node_at(c, p)->parent;
  if (p < 0) return false;
  const Node *up = node_at(c, p);
  bool first = p + 1 == below;
  switch (up->kind) {
  case CXCursor_BinaryOperator: {
    int prec = binary_precedence(up->cur);
    return own < prec || (own == prec && !first);
  }
  case CXCursor_ConditionalOperator: return own <= 3 && first;
  case CXCursor_UnaryOperator:
  case CXCursor_CStyleCastExpr: return own < 14;
  case CXCursor_MemberRefExpr:
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_CallExpr: return first && own < 16;
  default: return false;
  }
}

// The node of local d's declaration in function func, -1 if none.
static int declaration_in(const Ctx *c, int func, CXCursor d) {
  int i = node_of_cursor(c, d);
  return i > func && i <= node_at(c, func)->last ? i : -1;
}

// The depth below `top` of the loop whose `for (...)` declares the local at
// decl (1: a loop of the region's body), 0 when it is no loop's counter.
static int counter_depth(const Ctx *c, int decl, int top) {
  int ds = node_at(c, decl)->parent, loop = ds >= 0 ? node_at(c, ds)->parent : -1;
  ForParts fp;
  if (loop < 0 || node_at(c, loop)->kind != CXCursor_ForStmt || !for_parts(c, loop, &fp) || fp.init != ds) return 0;
  int depth = 0;
  for (int p = loop; p >= 0 && p != top; p = node_at(c, p)->parent) depth += front_is_loop(node_at(c, p)->kind);
  return depth;
}

static const char *const block_identity[] = {"blockIdx", "gridDim", "clusterIdx", "clusterDim", NULL};

// Whether node i lies in the body of a region other than the one being
// written (nor one around it or inside it): its threads make that
// assignment, this region's do not (`if (causal) nk = min(nk, qt + 1);` in
// the consumer only changes the consumer's nk).
static bool in_other_region(const Canon *x, int i) {
  const Ctx *c = x->w->c;
  const Kernel *k = x->w->k;
  for (int r = 0; r < k->regions.len && x->top >= 0; r++) {
    int body = k->regions.items[r].body.node;
    if (body < 0 || body == x->top || node_holds(c, body, node_at(c, x->top)->start) ||
        node_holds(c, x->top, node_at(c, body)->start))
      continue;
    if (node_holds(c, body, node_at(c, i)->start)) return true;
  }
  return false;
}

// A local that is assigned after its declaration (or has no initializer),
// or a parameter that is: its name (a loop's counter: `#depth`), then each
// value given to it outside the regions and in this one, in order, with its
// operator.
static void put_assigned(Canon *x, CXCursor d, int decl, size_t name_start, size_t name_end) {
  Ctx *c = x->w->c;
  const Node *f = node_at(c, x->w->k->func);
  int depth = decl >= 0 ? counter_depth(c, decl, x->top) : 0;
  if (depth)
    buf_printf(x->b, "#%d", depth);
  else
    put_text(x, name_start, name_end);
  if (x->depth >= MAX_EXPAND) {
    x->opaque = true;
    return;
  }
  bool any = false;  // (a parameter that only another region assigns reads as its name)
  for (int i = x->w->k->func + 1; i <= f->last; i++) {
    CXCursor var;
    int from = -1;
    if (!assignment_at(c, i, clang_getNullCursor(), &var, &from) || !clang_equalCursors(var, d) ||
        in_other_region(x, i))
      continue;
    if (!any) buf_putc(x->b, '{');
    any = true;
    const Node *n = node_at(c, i);
    if (from < 0)
      buf_puts(x->b, c->src->data[n->start] == '-' || c->src->data[n->end - 1] == '-' ? "--" : "++");
    else if (n->kind == CXCursor_VarDecl)
      buf_putc(x->b, '=');
    else
      put_text(x, from > i + 1 ? node_at(c, i + 1)->end : n->start, node_at(c, from)->start);  // `=`, `+=`, ...
    if (from >= 0) {
      Canon y = *x;
      y.self = d, y.depth = x->depth + 1;
      canon_put(&y, from);
      x->opaque |= y.opaque, x->memory |= y.memory;
    }
    buf_putc(x->b, ';');
  }
  if (any) buf_putc(x->b, '}');
}

// The initializer of local d of function func when d is never assigned
// after it, nor its address taken; -1 otherwise.
static int constant_init(const Ctx *c, int func, CXCursor d) {
  int decl = declaration_in(c, func, d), init = -1;
  CXCursor var;
  if (decl < 0 || !assignment_at(c, decl, clang_getNullCursor(), &var, &init) || init < 0 ||
      assigns_to(c, func, d) >= 0 || aliased_in(c, func, d) >= 0)
    return -1;
  return init;
}

// A name read in a condition, as compared.
static void put_name(Canon *x, int j) {
  Ctx *c = x->w->c;
  const Node *m = node_at(c, j);
  CXCursor d = clang_getCursorReferenced(m->cur);
  switch (clang_getCursorKind(d)) {
  case CXCursor_VarDecl: break;
  case CXCursor_FunctionDecl:
  case CXCursor_CXXMethod:
  case CXCursor_FunctionTemplate:
  case CXCursor_EnumConstantDecl:
  case CXCursor_NonTypeTemplateParameter: put_text(x, m->start, m->end); return;
  case CXCursor_ParmDecl:
  case CXCursor_UnexposedDecl:  // a structured binding
    x->opaque = true;
    if (assigns_to(c, x->w->k->func, d) >= 0)  // a parameter given new values (`nk = min(nk, last);`)
      put_assigned(x, d, -1, m->start, m->end);
    else
      put_text(x, m->start, m->end);
    return;
  default: put_text(x, m->start, m->end); return;  // a dependent name: a template's, known at compile time
  }
  if (!clang_Cursor_isNull(x->self) && clang_equalCursors(d, x->self)) {
    buf_puts(x->b, "@self");
    return;
  }
  CXString s = clang_getCursorSpelling(d);
  for (int i = 0; block_identity[i]; i++)
    if (!strcmp(clang_getCString(s), block_identity[i])) x->opaque = true;
  clang_disposeString(s);
  int which = tile_variable(x->w, d);
  if (which >= 0) {
    x->opaque = true;
    buf_printf(x->b, "@%d", which);
    return;
  }
  const int func = x->w->k->func;
  if (!automatic_in(c, d, func)) {  // a constant of the file, or memory
    if (!clang_isConstQualifiedType(clang_getCursorType(d))) x->opaque = x->memory = true;
    put_text(x, m->start, m->end);
    return;
  }
  if (aliased_in(c, func, d) >= 0) {
    x->opaque = x->memory = true;
    put_text(x, m->start, m->end);
    return;
  }
  int decl = declaration_in(c, func, d), init = constant_init(c, func, d);
  if (init < 0 || x->depth >= MAX_EXPAND) {
    put_assigned(x, d, decl, m->start, m->end);
    return;
  }
  bool paren = needs_parentheses(c, j, own_precedence(c, init));
  if (paren) buf_putc(x->b, '(');
  x->depth++;
  canon_put(x, init);
  x->depth--;
  if (paren) buf_putc(x->b, ')');
}

void canon_put(Canon *x, int node) {
  const Ctx *c = x->w->c;
  const Node *n = node_at(c, node);
  if (n->kind == CXCursor_DeclRefExpr) {
    put_name(x, node);
    return;
  }
  size_t pos = n->start;
  for (int j = node + 1; j <= n->last; j++) {
    const Node *m = node_at(c, j);
    if (m->start < pos || m->end > n->end) continue;
    switch (m->kind) {
    case CXCursor_ArraySubscriptExpr:
    case CXCursor_CallExpr: x->opaque = x->memory = true; break;
    case CXCursor_UnaryOperator:
      if (c->src->data[m->start] == '*') x->opaque = x->memory = true;
      break;
    case CXCursor_MemberRefExpr:
      for (size_t q = m->start; q + 1 < m->end; q++)
        if (c->src->data[q] == '-' && c->src->data[q + 1] == '>') x->opaque = x->memory = true;
      break;
    case CXCursor_DeclRefExpr:
      put_text(x, pos, m->start);
      put_name(x, j);
      pos = m->end;
      j = m->last;
      break;
    default: break;
    }
  }
  put_text(x, pos, n->end);
}

// The first child of node, past parentheses and implicit conversions.
static int operand(const Ctx *c, int node) {
  int kid;
  return front_children(c->front, node, &kid, 1) == 1 ? past_implicit(c, kid) : -1;
}

// A condition as compared, its negations taken out: `!c`, `a != b`, `a >=
// b`, `a <= b` are written `c`, `a==b`, `a<b`, `b<a`, and true is returned
// (the condition is the negation of what is written); `a > b` is `b<a`.
bool canon_condition(Canon *x, int cond) {
  const Ctx *c = x->w->c;
  bool negated = false;
  int n = past_implicit(c, cond);
  for (int through = 0;;) {
    const Node *m = node_at(c, n);
    if (m->kind == CXCursor_DeclRefExpr && through < MAX_EXPAND) {  // a local constant: its initializer's form
      CXCursor d = clang_getCursorReferenced(m->cur);
      int init =
          clang_getCursorKind(d) == CXCursor_VarDecl && automatic_in(c, d, x->w->k->func) && tile_variable(x->w, d) < 0
              ? constant_init(c, x->w->k->func, d)
              : -1;
      if (init >= 0) {
        n = past_implicit(c, init), through++;
        continue;
      }
    }
    bool not = m->kind == CXCursor_UnaryOperator && c->src->data[m->start] == '!';
    if ((m->kind != CXCursor_ParenExpr && !not ) || operand(c, n) < 0) break;
    negated ^= not ;
    n = operand(c, n);
  }
  int kids[2];
  if (node_at(c, n)->kind == CXCursor_BinaryOperator && front_children(c->front, n, kids, 2) == 2) {
    const char *op = NULL;
    bool swap = false, flip = false;
    switch (clang_getCursorBinaryOperatorKind(node_at(c, n)->cur)) {
    case CXBinaryOperator_NE: op = "==", flip = true; break;
    case CXBinaryOperator_GE: op = "<", flip = true; break;
    case CXBinaryOperator_LE: op = "<", flip = swap = true; break;
    case CXBinaryOperator_GT: op = "<", swap = true; break;
    default: break;
    }
    if (op) {
      canon_put(x, kids[swap]);
      buf_puts(x->b, op);
      canon_put(x, kids[!swap]);
      return negated ^ flip;
    }
  }
  canon_put(x, n);
  return negated;
}

// Where op runs in the kernel's function: where it is written, or, in a
// lambda that a variable holds and one call runs, at that call.
static size_t op_site(Ctx *c, const Kernel *k, const Op *op) {
  int node = front_first_at(c->front, op->an->start);
  size_t at = op->an->start;
  for (int p = node < c->front->nnodes ? node_at(c, node)->parent : -1; p >= 0 && p != k->func;) {
    if (node_at(c, p)->kind != CXCursor_LambdaExpr) {
      p = node_at(c, p)->parent;
      continue;
    }
    int up = run_parent(c, k, p);
    if (up < 0) break;
    if (up != node_at(c, p)->parent) at = node_at(c, up)->start;
    p = up;
  }
  return at;
}

Walks kernel_walks(Ctx *c, const Kernel *k) {
  int *loops = arena_alloc(c->arena, sizeof(int) * (size_t)(c->anns->len + 1)), nloops = 0;
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->dir.kind != DIR_PERSISTENT || an->skipped || an->bad || !node_holds(c, k->func, an->start)) continue;
    int loop = front_first_at(c->front, an->start);
    if (loop < c->front->nnodes && node_at(c, loop)->kind == CXCursor_ForStmt) loops[nloops++] = loop;
  }
  size_t *site = arena_alloc(c->arena, sizeof(size_t) * (size_t)(k->ops.len + 1));
  for (int i = 0; i < k->ops.len; i++) site[i] = op_site(c, k, &k->ops.items[i]);
  return (Walks){c, k, loops, nloops, site};
}

Canon canon_in(const Walks *w, Buf *b, int top) {
  return (Canon){.w = w, .b = b, .top = top, .self = clang_getNullCursor()};
}

const char *canon_text(Canon *x, int node, bool *opaque) {
  Buf b = {0};
  Canon y = *x;
  y.b = &b, y.opaque = false, y.memory = false, y.depth = 0;
  canon_put(&y, node);
  const char *out = arena_strndup(x->w->c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  if (opaque) *opaque = y.opaque;
  return out;
}

// The node under parentheses, implicit conversions and casts to an integer
// type (`(unsigned)nk`, `static_cast<int>(n)`: the same count unless the
// value is negative, when neither loop runs as meant).
static int past_integer_casts(const Ctx *c, int node) {
  for (;;) {
    node = past_implicit(c, node);
    const Node *n = node_at(c, node);
    bool cast = n->kind == CXCursor_CStyleCastExpr || n->kind == CXCursor_CXXStaticCastExpr ||
                n->kind == CXCursor_CXXFunctionalCastExpr;
    int kids[2], nk = front_children(c->front, node, kids, 2);
    if ((n->kind != CXCursor_ParenExpr && !(cast && cursor_is_integer(n->cur))) || nk < 1) return node;
    node = kids[nk - 1];
  }
}

// A local constant's initializer (`const int last = nk - 1;`), -1 when
// name is not one.
static int local_constant(Canon *x, int name) {
  const Ctx *c = x->w->c;
  if (node_at(c, name)->kind != CXCursor_DeclRefExpr || x->depth >= MAX_EXPAND) return -1;
  CXCursor d = clang_getCursorReferenced(node_at(c, name)->cur);
  if (clang_getCursorKind(d) != CXCursor_VarDecl || !automatic_in(c, d, x->w->k->func) || tile_variable(x->w, d) >= 0)
    return -1;
  return constant_init(c, x->w->k->func, d);
}

static bool add_term(Canon *x, int node, long long coef, CanonSum *sum) {
  bool opaque;
  const char *text = canon_text(x, node, &opaque);
  for (int i = 0; i < sum->n; i++)
    if (!strcmp(sum->terms[i].text, text)) return sum->terms[i].coef += coef, true;
  if (sum->n == CANON_TERMS) return false;
  sum->terms[sum->n++] = (CanonTerm){text, node_text_flat(x->w->c, node), coef, opaque};
  return true;
}

// Whether the expression at node reads the partition's index (`wg`): the
// same name, another value in each part, which libclang may evaluate to one.
static bool reads_partition_index(const Canon *x, int node) {
  const Ctx *c = x->w->c;
  Span name = x->w->k->part_name;
  for (int i = node; i <= node_at(c, node)->last && name.len; i++) {
    const Node *n = node_at(c, i);
    if (n->kind == CXCursor_DeclRefExpr && n->end - n->start == name.len &&
        !memcmp(c->src->data + n->start, name.s, name.len))
      return true;
  }
  return false;
}

static bool put_sum(Canon *x, int node, long long coef, CanonSum *sum) {
  const Ctx *c = x->w->c;
  long long v;
  bool u;
  node = past_integer_casts(c, node);
  const Node *n = node_at(c, node);
  bool part = reads_partition_index(x, node);
  if (part && n->kind == CXCursor_DeclRefExpr) return add_term(x, node, coef, sum);
  if (!part && front_eval_int(n->cur, &v, &u)) return sum->k += coef * v, true;
  int kids[2], init = local_constant(x, node);
  if (init >= 0) {
    x->depth++;
    bool ok = put_sum(x, init, coef, sum);
    x->depth--;
    return ok;
  }
  if (n->kind == CXCursor_UnaryOperator && c->src->data[n->start] == '-' && c->src->data[n->start + 1] != '-' &&
      front_children(c->front, node, kids, 1) == 1)
    return put_sum(x, kids[0], -coef, sum);
  if (n->kind == CXCursor_BinaryOperator && front_children(c->front, node, kids, 2) == 2) {
    switch (clang_getCursorBinaryOperatorKind(n->cur)) {
    case CXBinaryOperator_Add: return put_sum(x, kids[0], coef, sum) && put_sum(x, kids[1], coef, sum);
    case CXBinaryOperator_Sub: return put_sum(x, kids[0], coef, sum) && put_sum(x, kids[1], -coef, sum);
    case CXBinaryOperator_Mul:
      for (int i = 0; i < 2; i++)
        if (!reads_partition_index(x, kids[i]) &&
            front_eval_int(node_at(c, past_integer_casts(c, kids[i]))->cur, &v, &u) && v > 0 && v < (1 << 20))
          return put_sum(x, kids[!i], coef * v, sum);
      break;
    default: break;
    }
  }
  return add_term(x, node, coef, sum);
}

bool canon_sum(Canon *x, int node, long long coef, CanonSum *sum) {
  Canon y = *x;
  y.depth = 0;
  return put_sum(&y, node, coef, sum);
}
