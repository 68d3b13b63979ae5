// rings.c - how the slot an event operation names moves from one tile of a
// persistent loop to the next
// (docs/regions-and-events.md#loops-of-unknown-length).
//
// Kernels keep a ring's position in one of two ways: carried on from tile to
// tile (`s = (it + k) % STAGES` with `it += nk` after the k loop, `it++ %
// STAGES`, `++it` in the loop's step, a stage and a phase kept outside the
// tile loop), or started over every tile (`k % STAGES`, k the counter of a
// loop in the tile; a local of the tile; a variable set at the tile's top).
// Both are right as long as the two regions around the ring do the same:
// counts.c compares them. Read here from the assignments of the variables
// the slot reads; a slot that reads what these cannot follow (memory, a
// call, the tile's index, a variable written through a reference) is
// RING_UNKNOWN, and nothing is said about it.
#include <string.h>

#include "ast.h"
#include "rings.h"

enum { MAX_CHAIN = 8 };    // variables read through one another
enum { MAX_READS = 256 };  // variables read for one slot (each read scans the tile)

typedef struct {
  const Walks *w;
  int frame, body;            // the loop over the tiles, its body
  CXCursor chain[MAX_CHAIN];  // the variables being read, the innermost last
  bool read_back[MAX_CHAIN];  // a value of the variable reads it again (`s = prev + 1` after `prev = s`)
  int depth, reads;
  const char *carrier, *restarter;  // the first variable found to carry, to restart
} Reader;

static RingMove expr_move(Reader *r, int node);

static RingMove join(RingMove a, RingMove b) {
  return a == RING_UNKNOWN || b == RING_UNKNOWN ? RING_UNKNOWN : a > b ? a : b;
}

// Whether node i lies in outer's subtree, below it.
static bool below(const Ctx *c, int outer, int i) { return i > outer && i <= node_at(c, outer)->last; }

static const char *name_of(const Ctx *c, CXCursor d) {
  CXString s = clang_getCursorSpelling(d);
  const char *name = arena_strndup(c->arena, clang_getCString(s), strlen(clang_getCString(s)));
  clang_disposeString(s);
  return name;
}

// Whether d holds an integer (or an enum): a reference, a pointer or a
// class changes by more than assignments to its name.
static bool integer_variable(CXCursor d) {
  CXType t = clang_getCanonicalType(clang_getCursorType(d));
  return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) || t.kind == CXType_Enum;
}

// Whether node i sets d anew, `d = v` with v not reading d.
static bool sets_anew(const Ctx *c, int i, CXCursor d) {
  CXCursor var;
  int from;
  return node_at(c, i)->kind == CXCursor_BinaryOperator && assignment_at(c, i, clang_getNullCursor(), &var, &from) &&
         from >= 0 && clang_equalCursors(var, d) && !refers_to(c, from, d);
}

// Where d, declared before the tile loop, starts over before the read at
// node `at` in every tile: the start of a loop in the tile around the read
// (`for (k = 0; ...)`), else the last statement of the tile before the read
// that sets it (`s = 0;` at the tile's top); -1 when none. *through: the
// last node whose assignments the read may see from there.
static int restart_point(const Reader *r, CXCursor d, int at, int *through) {
  const Ctx *c = r->w->c;
  for (int p = node_at(c, at)->parent; p >= 0 && p != r->body && p != r->frame; p = node_at(c, p)->parent) {
    ForParts fp;
    if (node_at(c, p)->kind != CXCursor_ForStmt || !for_parts(c, p, &fp) || fp.init < 0 ||
        at <= node_at(c, fp.init)->last)
      continue;
    for (int i = fp.init; i <= node_at(c, fp.init)->last; i++)
      if (sets_anew(c, i, d)) return *through = node_at(c, p)->last, i;
  }
  if (node_at(c, r->body)->kind != CXCursor_CompoundStmt) return -1;
  int found = -1;
  for (int s = r->body + 1; s <= node_at(c, r->body)->last && node_at(c, s)->last < at; s = node_at(c, s)->last + 1)
    if (sets_anew(c, past_implicit(c, s), d)) found = s;
  *through = node_at(c, r->body)->last;
  return found;
}

// How a variable that starts over at node `from` in every tile (its
// declaration in the tile, a restart point) moves: as the values it takes
// from there to node `through`, and restarted when it takes more than one
// (`int s = 0; ... s = (s + 1) % STAGES`, a loop's counter).
static RingMove restarted_move(Reader *r, CXCursor d, int from, int through) {
  const Ctx *c = r->w->c;
  RingMove m = RING_FIXED;
  int values = 0;
  for (int i = from; i <= through && m != RING_UNKNOWN; i++) {
    CXCursor var;
    int v;
    if (!assignment_at(c, i, clang_getNullCursor(), &var, &v) || !clang_equalCursors(var, d)) continue;
    values++;
    if (v >= 0) m = join(m, expr_move(r, v));
  }
  if (!values) return RING_UNKNOWN;  // (declared without a value)
  if (values > 1 && m == RING_FIXED) {
    m = RING_RESTARTED;
    if (!r->restarter) r->restarter = name_of(c, d);
  }
  return m;
}

// How a variable declared before the tile loop, with no restart point,
// moves: carried when a tile moves it on from its own value (`it += nk`,
// `++stage`, `stage = (stage + 1) % STAGES`) or gives it a carried one
// (`staged = s`), fixed values aside (`stage = 0` at the wrap); fixed when
// no tile assigns it. Any other value (restarted, unknown, only fixed ones
// under a condition) leaves it unknown.
static RingMove outside_move(Reader *r, CXCursor d) {
  const Ctx *c = r->w->c;
  RingMove m = RING_FIXED;
  bool assigned = false, moved = false;
  for (int i = r->frame + 1; i <= node_at(c, r->frame)->last; i++) {
    CXCursor var;
    int v;
    if (!assignment_at(c, i, clang_getNullCursor(), &var, &v) || !clang_equalCursors(var, d)) continue;
    assigned = true;
    // (what `+=` adds does not matter: the tile goes on from the last one's value)
    if (v < 0 || node_at(c, i)->kind == CXCursor_CompoundAssignOperator || refers_to(c, v, d)) {
      moved = true;
      continue;
    }
    r->read_back[r->depth - 1] = false;
    RingMove value = expr_move(r, v);
    if (value == RING_RESTARTED || value == RING_UNKNOWN) return RING_UNKNOWN;
    moved |= r->read_back[r->depth - 1];
    m = join(m, value);
  }
  if (!assigned) return RING_FIXED;
  if (!moved && m != RING_CARRIED) return RING_UNKNOWN;
  if (!r->carrier) r->carrier = name_of(c, d);
  return RING_CARRIED;
}

// How variable (or constant) d, read at node `at`, moves over the tiles.
static RingMove var_move(Reader *r, CXCursor d, int at) {
  const Ctx *c = r->w->c;
  int func = r->w->k->func;
  enum CXCursorKind kind = clang_getCursorKind(d);
  if (kind == CXCursor_EnumConstantDecl || kind == CXCursor_NonTypeTemplateParameter) return RING_FIXED;
  if (kind != CXCursor_VarDecl && kind != CXCursor_ParmDecl) return RING_UNKNOWN;
  for (int i = 0; i < r->depth; i++)  // read again from its own values: as they say
    if (clang_equalCursors(r->chain[i], d)) return r->read_back[i] = true, RING_FIXED;
  if (kind == CXCursor_VarDecl && !automatic_in(c, d, func))  // a constant of the file, or memory
    return clang_isConstQualifiedType(clang_getCursorType(d)) ? RING_FIXED : RING_UNKNOWN;
  if (r->depth == MAX_CHAIN || ++r->reads > MAX_READS || tile_variable(r->w, d) >= 0 || !integer_variable(d) ||
      aliased_in(c, func, d) >= 0)
    return RING_UNKNOWN;
  int decl = node_of_cursor(c, d);
  if (decl < 0 && kind == CXCursor_VarDecl) return RING_UNKNOWN;
  if (decl >= 0 && below(c, r->frame, decl) && !below(c, r->body, decl))
    return RING_UNKNOWN;  // the tile loop's counter
  bool in_tile = decl >= 0 && below(c, r->body, decl);
  int through = node_at(c, r->body)->last, from = in_tile ? decl : restart_point(r, d, at, &through);
  r->chain[r->depth] = d, r->read_back[r->depth] = false, r->depth++;
  RingMove m = from >= 0 ? restarted_move(r, d, from, through) : outside_move(r, d);
  r->depth--;
  return m;
}

// How the value of the expression at node moves: as its most moving part.
static RingMove expr_move(Reader *r, int node) {
  const Ctx *c = r->w->c;
  RingMove m = RING_FIXED;
  for (int i = node; i <= node_at(c, node)->last && m != RING_UNKNOWN; i++) {
    const Node *n = node_at(c, i);
    switch (n->kind) {
    case CXCursor_CallExpr:
    case CXCursor_ArraySubscriptExpr:
    case CXCursor_MemberRefExpr:
    case CXCursor_LambdaExpr: return RING_UNKNOWN;  // what memory or a call gives is not followed
    case CXCursor_UnaryOperator:
      if (clang_getCursorUnaryOperatorKind(n->cur) == CXUnaryOperator_Deref) return RING_UNKNOWN;
      break;
    case CXCursor_DeclRefExpr:
      m = join(m, var_move(r, clang_getCursorReferenced(n->cur), i));
      i = n->last;
      break;
    default: break;
    }
  }
  return m;
}

// The slot expression of an operation's stub, `((void)(SLOT), ...)`; -1
// when there is none.
static int slot_node(const Ctx *c, int stub) {
  for (int i = stub; i <= node_at(c, stub)->last; i++) {
    int kid;
    if (node_at(c, i)->kind == CXCursor_CStyleCastExpr && front_children(c->front, i, &kid, 1) == 1) return kid;
  }
  return -1;
}

RingMove ring_move(const Walks *w, int op, int frame, const char **by) {
  const Ctx *c = w->c;
  *by = NULL;
  int stub = front_first_at(c->front, w->site[op]);
  if (!w->k->ops.items[op].slot.len || stub >= c->front->nnodes) return RING_UNKNOWN;
  int slot = slot_node(c, stub), body = -1;
  for (int i = frame + 1; i <= node_at(c, frame)->last; i = node_at(c, i)->last + 1) body = i;  // its last child
  if (slot < 0 || body < 0 || !below(c, body, slot)) return RING_UNKNOWN;
  Reader r = {.w = w, .frame = frame, .body = body};
  RingMove m = expr_move(&r, slot);
  *by = m == RING_CARRIED ? r.carrier : m == RING_RESTARTED ? r.restarter : NULL;
  return m;
}
