// vectorize.c - `#pragma tirx vectorize` before `for (int v = 0; v < W; ++v)`:
// each array accessed as `p[base + v]` is loaded and stored once as an 8- or
// 16-byte vector (float4, int4, uint4, ...), and the body runs W times on the
// lanes. The vector path is taken where it computes what the loop computes:
// the guards of accesses that some lanes skip hold in every lane, every
// address is aligned to the vector size, and no written vector overlaps
// another array's; otherwise the original loop runs under nvcc's `#pragma
// unroll`. When the body does not fit the pattern, the loop gets `#pragma
// unroll` and a remark (-Rpass) says why; when it fits but no run-time test
// can tell (a guard on a value of the body, a base the body changes), it is
// an error.
#include <stdio.h>
#include <string.h>

#include "ast.h"
#include "thread.h"
#include "unroll.h"
#include "vectorize.h"

enum { MAX_ARRAYS = 16 };

typedef struct {
  char *array;   // the array expression, as written
  char *base;    // the offset added to v, as written ("0" for p[v])
  char *elem;    // element type, unqualified
  char *vector;  // vector type of one chunk (8 or 16 bytes) of its elements
  long long object;  // where the array variable it is part of (`x` of x[p]) is declared; -1: a pointer
  bool read, written;
  bool alone;    // a local array variable that no pointer reaches
  bool restricted;  // a __restrict__ pointer variable
  bool always;   // accessed in every lane (not under a condition of the body)
  CXCursor var;  // the variable the array expression names (`p` of p[v]); null for any other expression
} Array;

typedef struct Vectorize Vectorize;

typedef struct {
  Vectorize *vz;
  int array;
  int node;  // the access
} Lane;

// A condition that must hold (or fail: want false) in every lane for the
// vector path to run: it guards an access that the scalar loop may skip.
typedef struct {
  int node;
  bool want;
} Guard;

enum { MAX_GUARDS = 16 };

struct Vectorize {
  Array arrays[MAX_ARRAYS];
  int narrays;
  const char *guards;  // the guards, tested in every lane before the vector path; NULL: none
  VEC(const char *) apart;  // the other accesses' tests against the vectors: each lies outside one
  int width, bytes;  // lanes, and bytes per array access (8, 16, or 32 as two 16-byte vectors)
  int chunk;         // bytes per vector: 8 or 16
  const char *var, *var_type;
  bool var_used;     // v is used outside the vectorized accesses
  size_t loop_start, body_start, end;
  int line;
  int lane;          // the lane being rendered; -1 in the scalar loop
  int id;            // names this copy's lane arrays
};

static void render_lane(Render *r, const Edit *e) {
  const Lane *l = e->data;
  if (l->vz->lane < 0)
    render_text(r, arena_strndup(r->edits->arena, r->src->data + e->start, e->end - e->start));
  else
    render_text(r, arena_printf(r->edits->arena, "__tirx_%d_%d[%d]", l->vz->id, l->array, l->vz->lane));
}

static const char *address(Arena *a, const Array *ar) {
  return arena_printf(a, "(const void *)&(%s)[%s]", ar->array, ar->base);
}

// Whether the vectors of arrays i and j must be tested for overlap: one of
// them is written, and they are not two different array variables, nor one
// that no pointer reaches (testing its address would also keep it out of
// registers), nor a __restrict__ pointer (whose promise is that they do not
// overlap: the loop itself would be undefined).
static bool may_overlap(const Vectorize *vz, int i, int j) {
  const Array *p = &vz->arrays[i], *q = &vz->arrays[j];
  if (p->object >= 0 && p->object == q->object) return p->written || q->written;
  return (p->written || q->written) && !p->alone && !q->alone && !p->restricted && !q->restricted &&
         (p->object < 0 || q->object < 0);
}

// The run-time test that picks the vector path: the guards in every lane
// (first: the addresses may be computed only where they hold), every address
// aligned to the vector size, and no written vector overlapping another
// array's. Aligned vectors of one size either coincide or are apart, so
// "apart" is "different" unless a vector is two chunks (32 bytes).
static void render_test(Render *r, const Vectorize *vz) {
  Arena *a = r->edits->arena;
  render_text(r, "if (");
  if (vz->guards) {
    render_text(r, vz->guards);
    render_text(r, " &&");
    render_wrap(r, vz->line, 4);
  }
  render_text(r, "(");
  for (int i = 0; i < vz->narrays; i++)
    render_text(r, arena_printf(a, "%s(unsigned long long)%s", i ? " | " : "", address(a, &vz->arrays[i])));
  render_text(r, arena_printf(a, ") %% %d == 0", vz->chunk));
  bool first = true;
  for (int i = 0; i < vz->narrays; i++)
    for (int j = i + 1; j < vz->narrays; j++) {
      if (!may_overlap(vz, i, j)) continue;
      if (first) {
        render_text(r, " &&");
        render_wrap(r, vz->line, 4);
      } else {
        render_text(r, " && ");
      }
      first = false;
      const char *p = address(a, &vz->arrays[i]), *q = address(a, &vz->arrays[j]);
      if (vz->bytes == vz->chunk)
        render_text(r, arena_printf(a, "%s != %s", p, q));
      else
        render_text(r, arena_printf(a, "((unsigned long long)%s + %d <= (unsigned long long)%s || "
                                       "(unsigned long long)%s + %d <= (unsigned long long)%s)",
                                    p, vz->bytes, q, q, vz->bytes, p));
    }
  for (int i = 0; i < vz->apart.len; i++) {
    render_text(r, " &&");
    render_wrap(r, vz->line, 4);
    render_text(r, vz->apart.items[i]);
  }
  render_text(r, ") {");
}

static void render_vectorized(Render *r, const Edit *e) {
  Vectorize *vz = e->data;
  Arena *a = r->edits->arena;
  int id = vz->id = ++r->counter;
  render_test(r, vz);
  for (int i = 0; i < vz->narrays; i++) {
    const Array *ar = &vz->arrays[i];
    render_line_start(r, vz->line);
    render_gen(r, vz->line, "  alignas(%d) %s __tirx_%d_%d[%d];", vz->chunk, ar->elem, id, i, vz->width);
    if (ar->read && vz->bytes == vz->chunk)
      render_text(r, arena_printf(a, " *(%s *)__tirx_%d_%d = *(const %s *)&(%s)[%s];", ar->vector, id, i,
                                  ar->vector, ar->array, ar->base));
    for (int j = 0; ar->read && vz->bytes > vz->chunk && j < vz->bytes / vz->chunk; j++)
      render_text(r, arena_printf(a, " ((%s *)__tirx_%d_%d)[%d] = ((const %s *)&(%s)[%s])[%d];", ar->vector, id, i,
                                  j, ar->vector, ar->array, ar->base, j));
  }
  for (int k = 0; k < vz->width; k++) {
    vz->lane = k;
    render_line_start(r, vz->line);
    if (vz->var_used)
      render_gen(r, vz->line, "  { const %s %s = %d; ", vz->var_type, vz->var, k);
    else
      render_gen(r, vz->line, "  { ");
    render_range(r, vz->body_start, vz->end);
    render_text(r, " }");
  }
  for (int i = 0; i < vz->narrays; i++) {
    const Array *ar = &vz->arrays[i];
    if (!ar->written) continue;
    render_line_start(r, vz->line);
    if (vz->bytes == vz->chunk)
      render_gen(r, vz->line, "  *(%s *)&(%s)[%s] = *(const %s *)__tirx_%d_%d;", ar->vector, ar->array, ar->base,
                 ar->vector, id, i);
    else
      render_gen(r, vz->line, " ");
    for (int j = 0; vz->bytes > vz->chunk && j < vz->bytes / vz->chunk; j++)
      render_text(r, arena_printf(a, " ((%s *)&(%s)[%s])[%d] = ((const %s *)__tirx_%d_%d)[%d];", ar->vector,
                                  ar->array, ar->base, j, ar->vector, id, i, j));
  }
  render_line_start(r, vz->line);
  render_gen(r, vz->line, "} else {");
  vz->lane = -1;
  render_line_start(r, vz->line);
  render_text(r, "_Pragma(\"unroll\") ");
  render_range(r, vz->loop_start, vz->end);
  render_text(r, " }");
}

static const char *vector_type(Arena *a, CXType elem, int width, int bytes) {
  static const struct {
    enum CXTypeKind kind;
    const char *name;
  } native[] = {{CXType_Float, "float"}, {CXType_Int, "int"}, {CXType_UInt, "uint"}, {CXType_Double, "double"},
                {CXType_LongLong, "longlong"}, {CXType_ULongLong, "ulonglong"}};
  enum CXTypeKind k = clang_getCanonicalType(elem).kind;
  for (size_t i = 0; i < sizeof native / sizeof *native; i++)
    if (native[i].kind == k && width <= 4) return arena_printf(a, "%s%d", native[i].name, width);
  return bytes == 16 ? "uint4" : "uint2";
}

typedef struct {
  Ctx *c;
  const char *why;  // the reason the pattern does not fit, NULL while it does
  int at;           // node of the reason
} Fit;

static void misfit(Fit *f, int node, const char *why) {
  if (!f->why) f->why = why, f->at = node;
}

// Side-effect-free expression: safe to evaluate more than once.
static bool pure(const Ctx *c, int node) {
  for (int i = node; i <= node_at(c, node)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind == CXCursor_CallExpr || n->kind == CXCursor_CompoundAssignOperator) return false;
    if (n->kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(n->cur) == CXBinaryOperator_Assign)
      return false;
    if (n->kind == CXCursor_UnaryOperator) {
      enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(n->cur);
      if (op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec) return false;
    }
  }
  return true;
}

static char *squeeze(Arena *a, const char *s) {
  char *out = arena_alloc(a, strlen(s) + 1), *o = out;
  for (; *s; s++)
    if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') *o++ = *s;
  return out;
}

// Whether the type is const, through typedefs too (`typedef const __half ch`).
static bool is_const_type(CXType t) {
  CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
  bool is_const = !strncmp(clang_getCString(s), "const ", 6);
  clang_disposeString(s);
  return is_const;
}

// The 16-bit float types of cuda_fp16.h and cuda_bf16.h: classes, but plain
// data that a vector of bytes carries (their pairs, __half2 and
// __nv_bfloat162, are 4 bytes; 8 of them travel as one uint4).
static bool is_half_type(CXType t) {
  CXString s = clang_getTypeSpelling(clang_getCanonicalType(clang_getUnqualifiedType(t)));
  const char *n = clang_getCString(s);
  bool half = !strcmp(n, "__half") || !strcmp(n, "__nv_bfloat16");
  clang_disposeString(s);
  return half && clang_Type_getSizeOf(t) == 2;
}

// Whether node i is written: the left side of an assignment, or ++/--.
static bool is_written(const Ctx *c, int i, bool *also_read) {
  int p = node_at(c, i)->parent;
  while (p >= 0 && (node_at(c, p)->kind == CXCursor_ParenExpr || node_at(c, p)->kind == CXCursor_UnexposedExpr)) {
    i = p;
    p = node_at(c, p)->parent;
  }
  *also_read = true;
  if (p < 0) return false;
  const Node *n = node_at(c, p);
  if ((n->kind == CXCursor_BinaryOperator || n->kind == CXCursor_CompoundAssignOperator) && p + 1 == i) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(n->cur);
    if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign) {
      *also_read = op != CXBinaryOperator_Assign;
      return true;
    }
  }
  if (n->kind == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(n->cur);
    if (op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec) return true;
  }
  // A __half or __nv_bfloat16 element's assignments are operator calls, and
  // a call may take it by reference: unless it is const, it may be written
  // (loaded and stored back).
  if (n->kind == CXCursor_CallExpr && is_half_type(clang_getCursorType(node_at(c, i)->cur)) &&
      !is_const_type(clang_getCursorType(node_at(c, i)->cur)))
    return true;
  // Written by other than its name: bound to a reference to non-const (`float
  // &r = y[b + v]`, `cswap(lo[b + v], hi[b + v])`), through ?:, ',' or a
  // cast to a reference, or an asm output: its lane is loaded and stored back.
  return object_written_at(c, i) >= 0;
}

// The conditions between node i and the body that decide whether i runs,
// outermost first, into g[0, return value): each must hold (want) or fail.
// *stop: a statement around i that runs it a number of times no condition
// says (a loop, a switch, an 'if' with a declaration); -1 if none.
static int guards_of(const Ctx *c, int i, int body, Guard *g, int max, int *stop) {
  int n = 0;
  *stop = -1;
  for (int child = i, p = node_at(c, i)->parent; child != body && p >= 0; child = p, p = node_at(c, p)->parent) {
    enum CXCursorKind k = node_at(c, p)->kind;
    int kids[3], nk = front_children(c->front, p, kids, 3), cond = -1;
    bool want = true;
    if (k == CXCursor_IfStmt || k == CXCursor_ConditionalOperator) {
      if (nk < 2 || !clang_isExpression(node_at(c, kids[0])->kind) || (k == CXCursor_ConditionalOperator && nk != 3))
        return *stop = p, 0;
      if (child != kids[0]) cond = kids[0], want = child == kids[1];
    } else if (k == CXCursor_BinaryOperator && nk == 2 && child == kids[1]) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(node_at(c, p)->cur);
      if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) cond = kids[0], want = op == CXBinaryOperator_LAnd;
    } else if (k == CXCursor_SwitchStmt || (front_is_loop(k) && k != CXCursor_DoStmt)) {
      return *stop = p, 0;
    }
    if (cond < 0) continue;
    if (n == max) return *stop = p, 0;
    g[n++] = (Guard){cond, want};
  }
  for (int l = 0, r = n - 1; l < r; l++, r--) {  // outermost first: it protects the inner ones
    Guard t = g[l];
    g[l] = g[r], g[r] = t;
  }
  return n;
}

// Whether node i reads memory through a pointer other than a subscript:
// `*q`, `s->x`.
static bool through_pointer(const Ctx *c, int i) {
  const Node *n = node_at(c, i);
  return (n->kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(n->cur) == CXUnaryOperator_Deref) ||
         (n->kind == CXCursor_MemberRefExpr && strstr(node_text(c, i), "->"));
}

// Whether node i waits for or orders against other threads (by name): a barrier
// (`__syncthreads()`, `__syncwarp()`, `tirx_region_sync()`, a cooperative
// group's `sync()`), a fence (`__threadfence()`), or an asm statement that
// is volatile and clobbers memory (`bar.sync`).
static bool synchronizes(const Ctx *c, int i) {
  const Node *n = node_at(c, i);
  if (n->kind == CXCursor_AsmStmt) {
    AsmParts a;
    return !asm_parts(c, n->cur, &a) || (a.is_volatile && a.clobbers_memory);
  }
  if (n->kind != CXCursor_CallExpr) return false;
  CXString s = clang_getCursorSpelling(n->cur);
  bool sync = names_a_barrier(clang_getCString(s));
  clang_disposeString(s);
  return sync;
}

// The node in node's subtree that takes decl's address or passes it to a
// call (which may bind it to a reference: a pointer may then change it), or
// otherwise lets it change other than by its name (aliased_in: `int &r = b`,
// an asm output, a lambda that assigns it); -1 if none.
static int escapes(const Ctx *c, int node, CXCursor decl) {
  for (int i = node; i <= node_at(c, node)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_DeclRefExpr || !is_ref_to(n->cur, decl) || n->parent < 0) continue;
    int p = n->parent;
    while (p >= 0 && node_at(c, p)->kind == CXCursor_ParenExpr) p = node_at(c, p)->parent;
    if (p < 0) continue;
    const Node *up = node_at(c, p);
    if (up->kind == CXCursor_CallExpr ||
        (up->kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(up->cur) == CXUnaryOperator_AddrOf))
      return p;
  }
  return aliased_in(c, node, decl);
}

// The node in body that assigns decl (=, op=, ++, --), takes its address or
// passes it to a call; -1 if none.
static int changes(const Ctx *c, int body, CXCursor decl) {
  int at = assigns_to(c, body, decl);
  return at >= 0 ? at : escapes(c, body, decl);
}

// Why a variable the condition reads may not have, before the loop, the
// value it has in a lane; NULL when it has (v, a constant, or a local that
// the body leaves alone).
static const char *unknown_before_loop(const Ctx *c, int ref, int body, CXCursor var) {
  CXCursor d = clang_getCursorReferenced(node_at(c, ref)->cur);
  enum CXCursorKind k = clang_getCursorKind(d);
  if (clang_equalCursors(d, var))
    return node_at(c, ref)->from_macro ? "is the loop variable in a macro expansion" : NULL;
  if (k == CXCursor_EnumConstantDecl || k == CXCursor_NonTypeTemplateParameter) return NULL;
  if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl) return "is not a variable";
  if (cursor_in(c, d, body)) return "is declared in the loop body";
  enum CXTypeKind tk = clang_getCursorType(d).kind;
  if (tk == CXType_LValueReference || tk == CXType_RValueReference) return "is a reference (it reads memory)";
  if (clang_isConstQualifiedType(clang_getCanonicalType(clang_getCursorType(d)))) return NULL;  // `const float *q` may move
  int func = node_at(c, ref)->func;
  if (!automatic_in(c, d, func)) return "is not a local variable (a call or another thread may change it)";
  if (changes(c, body, d) >= 0) return "changes in the loop body";
  if (escapes(c, func, d) >= 0)
    return "has its address taken, is passed to a call or bound to a reference, or is assigned in a lambda (it may "
           "change other than by its name)";
  return NULL;
}

// Why the condition, evaluated before the loop with v replaced by a lane's
// number, may not give what it gives in that lane (*at: where); NULL when
// it gives the same: no side effects, no memory read, only v, constants and
// locals that the body leaves alone.
static const char *untestable(const Ctx *c, int cond, int body, CXCursor var, int *at) {
  for (int i = cond; i <= node_at(c, cond)->last; i++) {
    const Node *n = node_at(c, i);
    const char *why = NULL;
    if (n->kind == CXCursor_CallExpr || n->kind == CXCursor_LambdaExpr)
      why = "calls a function";
    else if (is_assignment(n))
      why = "assigns";
    else if (n->kind == CXCursor_ArraySubscriptExpr || through_pointer(c, i))
      why = "reads memory";
    else if (n->kind == CXCursor_DeclRefExpr)
      why = unknown_before_loop(c, i, body, var);
    if (why) return *at = i, arena_printf(c->arena, "'%s' %s", node_text(c, i), why);
  }
  return NULL;
}

// Whether a reference in node's subtree names a declaration of the body.
static bool uses_body_decl(const Ctx *c, int node, int body) {
  for (int i = node; i <= node_at(c, node)->last; i++)
    if (node_at(c, i)->kind == CXCursor_DeclRefExpr &&
        cursor_in(c, clang_getCursorReferenced(node_at(c, i)->cur), body))
      return true;
  return false;
}

// The subscript whose array expression node i is (through parentheses and
// implicit casts: `p` in `p[i]`, `(p)[i]`), or -1.
static int subscript_of(const Ctx *c, int i) {
  int at = i, p = node_at(c, i)->parent, kids[2];
  while (p >= 0 && (node_at(c, p)->kind == CXCursor_UnexposedExpr || node_at(c, p)->kind == CXCursor_ParenExpr))
    at = p, p = node_at(c, p)->parent;
  return p >= 0 && node_at(c, p)->kind == CXCursor_ArraySubscriptExpr && front_children(c->front, p, kids, 2) == 2 &&
                 kids[0] == at
             ? p
             : -1;
}

// Whether d is a local array variable of the function func and every use of
// it reads or writes an element (`x[p][v]`, not `x[p]` passed on or `&x[0]`):
// then no pointer can reach it.
static bool unreachable_by_pointer(const Ctx *c, int func, CXCursor d) {
  if (!automatic_in(c, d, func)) return false;
  for (int i = func; i <= node_at(c, func)->last; i++) {
    if (node_at(c, i)->kind != CXCursor_DeclRefExpr || !is_ref_to(node_at(c, i)->cur, d)) continue;
    int sub = -1, p;
    for (int at = i; (p = subscript_of(c, at)) >= 0;) at = sub = p;  // up through the subscripts whose array it is
    if (sub < 0 || clang_getCursorType(node_at(c, sub)->cur).kind == CXType_ConstantArray) return false;
    for (p = node_at(c, sub)->parent; p >= 0 && node_at(c, p)->kind == CXCursor_ParenExpr;) p = node_at(c, p)->parent;
    if (p >= 0 && node_at(c, p)->kind == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(node_at(c, p)->cur) == CXUnaryOperator_AddrOf)
      return false;
  }
  return true;
}

// Whether e names a pointer variable declared __restrict__: by the type's
// qualifier, never its spelling (a typedef named unrestricted_t).
static bool is_restrict_pointer(CXCursor e) {
  e = front_strip(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr) return false;
  CXType t = clang_getCursorType(clang_getCursorReferenced(e));
  return t.kind == CXType_Pointer && clang_isRestrictQualifiedType(t);
}

// The variable that e names (`p`, `(p)`), or a null cursor.
static CXCursor named_variable(CXCursor e) {
  e = front_strip(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr) return clang_getNullCursor();
  CXCursor d = clang_getCursorReferenced(e);
  enum CXCursorKind k = clang_getCursorKind(d);
  return k == CXCursor_VarDecl || k == CXCursor_ParmDecl ? d : clang_getNullCursor();
}

// A use in the body of a vectorized array's variable other than `p[...]`
// (passed to a call, `p + 1`, copied to another pointer): whatever reaches
// memory through it does so behind the vector path, which holds the array's
// elements in registers from before the body to after it (a pointer to const
// to an array the loop only reads is harmless). Its node, or -1.
static int passed_on(const Ctx *c, const Vectorize *vz, int body) {
  for (int i = body; i <= node_at(c, body)->last; i++) {
    bool also_read;  // (an assignment to it is fixed_access's error)
    if (node_at(c, i)->kind != CXCursor_DeclRefExpr || subscript_of(c, i) >= 0 || is_written(c, i, &also_read)) continue;
    CXCursor d = clang_getCursorReferenced(node_at(c, i)->cur);
    for (int k = 0; k < vz->narrays; k++)
      if (!clang_Cursor_isNull(vz->arrays[k].var) && clang_equalCursors(vz->arrays[k].var, d) &&
          (vz->arrays[k].written || !points_to_const(clang_getCursorType(node_at(c, i)->cur))))
        return i;
  }
  return -1;
}

// Where the array variable that the array expression is (`x`) or is a row
// of (`x[p]`, x declared `float x[4][4]`) is declared; -1 when it is reached
// through a pointer (or declared in another file). Two different ones never
// overlap; *alone: no pointer can reach it either.
static long long array_object(const Ctx *c, int func, CXCursor e, bool *alone) {
  e = front_strip(e);
  if (clang_getCursorType(e).kind != CXType_ConstantArray) return -1;
  CXCursor kids[2];
  if (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr)
    return cursor_child_count(e) == 2 && cursor_children(e, kids, 2) ? array_object(c, func, kids[0], alone) : -1;
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr) return -1;
  CXCursor d = clang_getCursorReferenced(e);
  size_t at;
  if (clang_getCursorKind(d) != CXCursor_VarDecl || !front_offset(c->front, clang_getCursorLocation(d), &at))
    return -1;
  *alone = unreachable_by_pointer(c, func, d);
  return (long long)at;
}

// One access `p[idx]` whose index uses v: records its array; returns the
// number of references to v it accounts for.
static int take_access(Fit *f, Vectorize *vz, int node, int body, CXCursor var, const LoopHeader *h,
                       Lane **lane_out) {
  Ctx *c = f->c;
  int kids[2];
  if (front_children(c->front, node, kids, 2) != 2) return misfit(f, node, "an access that clang could not read"), 0;
  int arr = kids[0], idx = kids[1];
  if (refers_to(c, arr, var)) return misfit(f, node, "the array expression itself depends on the loop variable"), 0;
  // idx is v, base + v or v + base.
  char *base = NULL;
  int sub = idx;
  while (node_at(c, sub)->kind == CXCursor_UnexposedExpr || node_at(c, sub)->kind == CXCursor_ParenExpr) sub++;
  if (is_ref_to(node_at(c, sub)->cur, var)) {
    base = "0";
  } else if (node_at(c, sub)->kind == CXCursor_BinaryOperator &&
             clang_getCursorBinaryOperatorKind(node_at(c, sub)->cur) == CXBinaryOperator_Add) {
    int ops[2];
    if (front_children(c->front, sub, ops, 2) == 2) {
      int other = is_ref_to(node_at(c, ops[0])->cur, var) ? ops[1] : is_ref_to(node_at(c, ops[1])->cur, var) ? ops[0] : -1;
      if (other >= 0 && !refers_to(c, other, var)) base = node_text(c, other);
      if (other >= 0 && !pure(c, other)) return misfit(f, node, "an index has side effects"), 0;
    }
  }
  if (!base) return misfit(f, idx, "an index is not 'v', 'base + v' or 'v + base'"), 0;
  if (!pure(c, arr)) return misfit(f, arr, "an array expression has side effects"), 0;
  if (uses_body_decl(c, arr, body) || uses_body_decl(c, idx, body))
    return misfit(f, node, "the array or its offset uses a variable declared in the loop body"), 0;
  int parent = node_at(c, node)->parent;
  if (parent >= 0 && node_at(c, parent)->kind == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(node_at(c, parent)->cur) == CXUnaryOperator_AddrOf)
    return misfit(f, node, "the address of an element is taken"), 0;
  char *array = node_text(c, arr);
  CXType et = clang_getCursorType(node_at(c, node)->cur);
  enum CXTypeKind ek = clang_getCanonicalType(et).kind;
  if ((ek < CXType_FirstBuiltin || ek > CXType_LastBuiltin || ek == CXType_Void) && !is_half_type(et))
    return misfit(f, node, "an element type that is not a built-in scalar, __half or __nv_bfloat16"), 0;
  if (clang_isVolatileQualifiedType(et) || clang_isVolatileQualifiedType(clang_getCanonicalType(et)))
    return misfit(f, node, "a volatile element: each of its accesses must stay an access of its own"), 0;
  int size = (int)clang_Type_getSizeOf(et);
  int bytes = size * h->count;
  if (size <= 0 || (bytes != 8 && bytes != 16 && bytes != 32))
    return misfit(f, node, "an element type whose vector of this width is not 8, 16 or 32 bytes"), 0;
  int chunk = bytes > 16 ? 16 : bytes;  // 32 bytes: two 16-byte vectors (8 floats)
  int k;
  for (k = 0; k < vz->narrays; k++)
    if (!strcmp(squeeze(c->arena, vz->arrays[k].array), squeeze(c->arena, array))) break;
  if (k == vz->narrays) {
    bool alone = false;
    if (k == MAX_ARRAYS) return misfit(f, node, "too many arrays"), 0;
    CXString es = clang_getTypeSpelling(clang_getUnqualifiedType(et));
    vz->arrays[k] = (Array){.array = array, .base = base,
                            .elem = arena_strndup(c->arena, clang_getCString(es), strlen(clang_getCString(es))),
                            .object = array_object(c, node_at(c, node)->func, node_at(c, arr)->cur, &alone),
                            .alone = alone,
                            .restricted = is_restrict_pointer(node_at(c, arr)->cur),
                            .var = named_variable(node_at(c, arr)->cur),
                            .vector = (char *)vector_type(c->arena, et, h->count * chunk / bytes, chunk)};
    clang_disposeString(es);
    vz->narrays++;
    if (vz->bytes && vz->bytes != bytes) return misfit(f, node, "arrays of different element sizes"), 0;
    vz->bytes = bytes;
    vz->chunk = chunk;
  } else if (strcmp(squeeze(c->arena, vz->arrays[k].base), squeeze(c->arena, base))) {
    return misfit(f, node, "one array is accessed at two different offsets"), 0;
  }
  bool also_read;
  if (is_written(c, node, &also_read)) {
    vz->arrays[k].written = true;
    if (also_read) vz->arrays[k].read = true;
  } else {
    vz->arrays[k].read = true;
  }
  Guard g[1];
  int stop;
  if (!guards_of(c, node, body, g, 1, &stop) && stop < 0) vz->arrays[k].always = true;
  Lane *l = arena_alloc(c->arena, sizeof *l);
  *l = (Lane){vz, k, node};
  *lane_out = l;
  int refs = 0;
  for (int i = idx; i <= node_at(c, idx)->last; i++)
    if (node_at(c, i)->kind == CXCursor_DeclRefExpr && is_ref_to(node_at(c, i)->cur, var)) refs++;
  return refs;
}

// The run-time test that the element `x` lies outside array ar's vector
// (once, however often the body names it).
static void add_apart(Ctx *c, Vectorize *vz, const Array *ar, const char *x) {
  const char *d = arena_printf(c->arena, "(unsigned long long)&(%s)", x);
  const char *v = arena_printf(c->arena, "(unsigned long long)%s", address(c->arena, ar));
  const char *test = arena_printf(c->arena, "(%s + sizeof(%s) <= %s || %s + %d <= %s)", d, x, v, v, vz->bytes, d);
  for (int i = 0; i < vz->apart.len; i++)
    if (!strcmp(vz->apart.items[i], test)) return;
  VEC_PUSH(c->arena, vz->apart, test);
}

// An access at an index without v (`D[b]`) next to the vectors: where it
// may reach a vector and one of the two is written, the scalar loop sees in
// D[b] what the lanes before it wrote (or writes what later lanes read), the
// vector path what was there before the loop. The same array (as written) is
// a misfit; another one not known apart (two array variables, a local array
// no pointer reaches, a __restrict__ pointer) gets a run-time test that D[b]
// lies outside the vector, and is a misfit when its address cannot be
// computed before the loop.
static void test_other(Fit *f, Vectorize *vz, int node, int body, CXCursor var) {
  Ctx *c = f->c;
  int kids[2], at;
  if (front_children(c->front, node, kids, 2) != 2) {
    misfit(f, node, "an access that clang could not read");
    return;
  }
  bool also_read, written = is_written(c, node, &also_read), alone = false;
  CXCursor arr = node_at(c, kids[0])->cur;
  long long object = array_object(c, node_at(c, node)->func, arr, &alone);
  bool restricted = is_restrict_pointer(arr), fixed = clang_getCursorType(front_strip(arr)).kind == CXType_ConstantArray &&
                                                      !clang_Cursor_isNull(named_variable(arr));
  const char *text = squeeze(c->arena, node_text(c, kids[0]));
  for (int k = 0; k < vz->narrays; k++) {
    const Array *ar = &vz->arrays[k];
    if (!ar->written && !written) continue;
    if (!strcmp(squeeze(c->arena, ar->array), text)) {
      misfit(f, node, ar->written ? "an array the loop writes is also accessed at an index without 'v'"
                                  : "an array the loop vectorizes is also written at an index without 'v'");
      return;
    }
    if (ar->alone || alone || ar->restricted || restricted || (object >= 0 && ar->object >= 0 && object != ar->object))
      continue;
    if ((!fixed && untestable(c, kids[0], body, var, &at)) || untestable(c, kids[1], body, var, &at)) {
      misfit(f, node, arena_printf(c->arena, "'%s' may lie in the vector of '%s' (neither is __restrict__), and its "
                                             "address cannot be computed before the loop to test it",
                                   node_text(c, node), ar->array));
      return;
    }
    add_apart(c, vz, ar, arena_printf(c->arena, "(%s)[%s]", node_text(c, kids[0]), node_text(c, kids[1])));
  }
}

// An access through a pointer that may reach the vectors (`s->x`, `*q`; a
// written one: any vector, else the written ones) whose address can be
// computed before the loop: tested apart from them, as test_other tests
// `D[b]`. False where it cannot be: its pointer reads memory, calls, uses v
// or a variable the body changes, or it names a bit-field (no address).
static bool test_through_pointer(Ctx *c, Vectorize *vz, int node, int body, CXCursor var) {
  int ptr, at;
  bool also_read, written = is_written(c, node, &also_read);
  if (front_children(c->front, node, &ptr, 1) != 1 || refers_to(c, node, var) ||
      untestable(c, ptr, body, var, &at) || clang_Cursor_isBitField(clang_getCursorReferenced(node_at(c, node)->cur)))
    return false;
  for (int k = 0; k < vz->narrays; k++) {
    const Array *ar = &vz->arrays[k];
    if ((ar->written || written) && !ar->alone && !ar->restricted) add_apart(c, vz, ar, node_text(c, node));
  }
  return true;
}

// A node of the body that may write memory: an assignment or ++/-- to
// anything but a local variable, a call (through a pointer, a reference or a
// global), or asm; one that is not a vectorized access's store if there is
// one (for the message), -1 if none.
static int writes_memory(const Ctx *c, int body, CXCursor var) {
  int lane_store = -1;
  for (int i = body; i <= node_at(c, body)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind == CXCursor_CallExpr || n->kind == CXCursor_AsmStmt) return i;
    if (!is_assignment(n)) continue;
    CXCursor target = front_strip(node_at(c, i + 1)->cur), d = clang_getCursorReferenced(target);
    enum CXTypeKind tk = clang_getCursorType(d).kind;
    if (clang_getCursorKind(target) == CXCursor_ArraySubscriptExpr && refers_to(c, i + 1, var)) {
      if (lane_store < 0) lane_store = i;
    } else if (clang_getCursorKind(target) != CXCursor_DeclRefExpr || clang_getCursorKind(d) != CXCursor_VarDecl ||
               tk == CXType_LValueReference || tk == CXType_RValueReference || !automatic_in(c, d, n->func)) {
      return i;
    }
  }
  return lane_store;
}

// What in the access's array expression or offset the body may change
// through memory (a memory read, a call, a variable that is not a local or
// whose address is taken), or -1: the scalar loop evaluates it again in
// every lane, the vector path once. (A variable the body assigns by name is
// fixed_access's error.)
static int reads_changeable(const Ctx *c, int access, int body, CXCursor var) {
  for (int i = access; i <= node_at(c, access)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind == CXCursor_CallExpr) return i;
    if (n->kind == CXCursor_ArraySubscriptExpr && i != access &&
        clang_getCursorType(n->cur).kind != CXType_ConstantArray)  // a row of an array is an address, not a read
      return i;
    if (through_pointer(c, i)) return i;
    if (n->kind != CXCursor_DeclRefExpr || is_ref_to(n->cur, var)) continue;
    CXCursor d = clang_getCursorReferenced(n->cur);
    if (clang_getCursorType(d).kind == CXType_ConstantArray) continue;  // an array variable's address never changes
    const char *why = unknown_before_loop(c, i, body, var);
    if (why && strcmp(why, "changes in the loop body") != 0) return i;
  }
  return -1;
}

// Whether e is a local scalar variable of the function func (`t`), or its
// address (`&t`): what a call reaches through it is that variable, no array element.
static bool local_object(const Ctx *c, CXCursor e, int func) {
  e = front_strip(e);
  if (clang_getCursorKind(e) == CXCursor_UnaryOperator) {
    CXCursor kids[1];
    if (cursor_child_count(e) != 1 || !cursor_children(e, kids, 1)) return false;
    e = front_strip(kids[0]);
  }
  CXCursor d = clang_getCursorReferenced(e);
  enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(d)).kind;
  return clang_getCursorKind(e) == CXCursor_DeclRefExpr && clang_getCursorKind(d) == CXCursor_VarDecl &&
         tk != CXType_LValueReference && tk != CXType_RValueReference && tk != CXType_Pointer &&
         tk != CXType_ConstantArray && automatic_in(c, d, func);
}

// Whether the loop writes a vectorized array, and whether one of them may be
// reached through a pointer (neither __restrict__ nor a local no pointer reaches).
static void array_traits(const Vectorize *vz, bool *written, bool *shared) {
  *written = *shared = false;
  for (int k = 0; k < vz->narrays; k++) {
    *written = *written || vz->arrays[k].written;
    *shared = *shared || !(vz->arrays[k].alone || vz->arrays[k].restricted);
  }
}

// A call in the body that gets a pointer (or a reference), or an access
// through a pointer other than `p[...]` (`*q`, `s->x`), that may reach a
// vectorized array (neither is __restrict__, nor the array a local no
// pointer reaches): it may read what the vector path has not stored yet, or
// write what it has already loaded. Its node (a call's argument), or -1.
// Whether the function a call runs (defined in this file; those it calls,
// a few deep) names a variable of global storage of pointer or array type:
// what it reaches through that may be a vectorized array's element, and no
// argument of the call says so.
static bool callee_names_global_memory(const Ctx *c, CXCursor callee, int depth) {
  int def = node_of_cursor(c, clang_getCursorDefinition(callee));
  if (def < 0 || depth > 4) return false;
  for (int j = def; j <= node_at(c, def)->last; j++) {
    const Node *n = node_at(c, j);
    if (n->kind == CXCursor_CallExpr) {
      CXCursor next = clang_getCursorReferenced(n->cur);
      if (!clang_Cursor_isNull(next) && !clang_equalCursors(next, callee) &&
          callee_names_global_memory(c, next, depth + 1))
        return true;
      continue;
    }
    if (n->kind != CXCursor_DeclRefExpr) continue;
    CXCursor d = clang_getCursorReferenced(n->cur);
    if (clang_getCursorKind(d) != CXCursor_VarDecl ||
        front_is_function(clang_getCursorKind(clang_getCursorSemanticParent(d))))
      continue;  // a local, or not a variable
    CXType t = clang_getCanonicalType(clang_getCursorType(d));
    if (t.kind == CXType_Pointer || t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray) return true;
  }
  return false;
}

static int call_reaches(Ctx *c, Vectorize *vz, int body, CXCursor var) {
  bool written, shared;
  array_traits(vz, &written, &shared);
  if (!shared) return -1;
  for (int i = body; i <= node_at(c, body)->last; i++) {
    const Node *n = node_at(c, i);
    bool also_read;
    if (through_pointer(c, i) && (written || is_written(c, i, &also_read)) && !test_through_pointer(c, vz, i, body, var))
      return i;  // `*q = 0`, `s->x += 1` beside the vectors: the same, without a call, where no test can tell
    if (n->kind != CXCursor_CallExpr) continue;
    if (callee_names_global_memory(c, clang_getCursorReferenced(n->cur), 0)) return i;
    int nargs = clang_Cursor_getNumArguments(n->cur);
    CXCursor callee = clang_getCursorReferenced(n->cur);
    CXString name = clang_getCursorSpelling(callee);
    // An operator's arguments (`h = x` on __half, `a * b`) are its operands,
    // which the accesses' own checks follow; a member operator's object is
    // not among its parameters either.
    const char *spelled = clang_getCString(name);
    if (!strncmp(spelled, "operator", 8) && !is_ident_char((unsigned char)spelled[8])) callee = clang_getNullCursor();
    clang_disposeString(name);
    for (int a = 0; a < nargs; a++) {
      CXCursor arg = clang_Cursor_getArgument(n->cur, (unsigned)a);
      CXType t = clang_getCanonicalType(clang_getCursorType(arg));
      // An argument bound to a reference parameter (`inc(D[b])` with `void inc(float &)`)
      // is reached as through a pointer: the expression's type does not say so, the parameter's does.
      if (!clang_Cursor_isNull(callee) && a < clang_Cursor_getNumArguments(callee)) {
        CXType param = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(callee, (unsigned)a)));
        if (param.kind == CXType_LValueReference || param.kind == CXType_RValueReference) t = param;
      }
      if (t.kind != CXType_Pointer && t.kind != CXType_LValueReference && t.kind != CXType_RValueReference) continue;
      bool to_const = is_const_type(clang_getPointeeType(t));
      if (to_const && !written) continue;
      if (local_object(c, arg, n->func)) continue;  // `inc(t)`, `f(&t)`: a register of the function
      if (to_const && t.kind != CXType_Pointer && clang_getCursorKind(front_strip(arg)) == CXCursor_ArraySubscriptExpr)
        continue;  // `get(D[b])`: the element itself, which test_other tests against the vectors
      int at = node_of_cursor(c, arg);
      if (at < 0) return i;
      if (clang_getCursorKind(front_strip(arg)) == CXCursor_ArraySubscriptExpr && t.kind != CXType_Pointer &&
          refers_to(c, at, var))
        continue;  // `twice(in[b + v])`: the lane's own element, loaded and stored back by the lane
      bool restricted = false;
      for (int j = at; j <= node_at(c, at)->last && !restricted; j++)
        restricted = node_at(c, j)->kind == CXCursor_DeclRefExpr && is_restrict_pointer(node_at(c, j)->cur);
      if (!restricted) return at;
    }
  }
  return -1;
}

// Whether the address of variable d is taken anywhere in the file (`&f`,
// `&f.y`, `&f.a[2]`): a pointer may then reach it by another name.
static bool address_taken(const Ctx *c, CXCursor d) {
  for (int i = 0; i < c->front->nnodes; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(n->cur) != CXUnaryOperator_AddrOf)
      continue;
    CXCursor e = n->cur, kids[2];
    while (cursor_children(e, kids, 2) >= 1) {  // down through the operand's members and subscripts
      e = front_strip(kids[0]);
      enum CXCursorKind k = clang_getCursorKind(e);
      if (k == CXCursor_DeclRefExpr) return is_ref_to(e, d);
      if (k != CXCursor_MemberRefExpr && k != CXCursor_ArraySubscriptExpr) break;
    }
  }
  return false;
}

// A variable that the body names (`f.y`, `t`) and whose address the file
// takes (`p = (float *)&f`), beside vectorized arrays that a pointer may
// reach: a vectorized pointer may hold it, and the vector path, which loads
// before the body and stores after it, would have the body read it as it
// was before the loop (or store over what the body wrote to it). Its node,
// or -1. (A subscript of a local array is tested like any other access.)
static int named_object_reached(const Ctx *c, const Vectorize *vz, int body, CXCursor var) {
  bool written, shared;
  array_traits(vz, &written, &shared);
  for (int i = body; i <= node_at(c, body)->last && shared; i++) {
    if (node_at(c, i)->kind != CXCursor_DeclRefExpr || is_ref_to(node_at(c, i)->cur, var) || subscript_of(c, i) >= 0)
      continue;
    CXCursor d = clang_getCursorReferenced(node_at(c, i)->cur);
    enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(d)).kind;
    if (clang_getCursorKind(d) != CXCursor_VarDecl || t == CXType_Pointer || t == CXType_LValueReference ||
        t == CXType_RValueReference)
      continue;
    bool vectorized = false, also_read;
    for (int k = 0; k < vz->narrays && !vectorized; k++)
      vectorized = !clang_Cursor_isNull(vz->arrays[k].var) && clang_equalCursors(vz->arrays[k].var, d);
    if (!vectorized && (written || is_written(c, i, &also_read)) && address_taken(c, d)) return i;
  }
  return -1;
}

// An access whose array or offset names a variable that the body changes
// would address another vector in each lane: an error at the change.
static bool fixed_access(Ctx *c, const Lane *l, int body, CXCursor var) {
  for (int i = l->node; i <= node_at(c, l->node)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_DeclRefExpr || is_ref_to(n->cur, var)) continue;
    CXCursor d = clang_getCursorReferenced(n->cur);
    int at = changes(c, body, d);
    if (at < 0) continue;
    CXString name = clang_getCursorSpelling(d);
    diag_error(c->diag, node_at(c, at)->start,
               "vectorize: '%s' changes in the loop body, and the access '%s' uses it: the vector path would read "
               "and write the vector at its value before the loop, not the element that each lane reaches",
               clang_getCString(name), node_text(c, l->node));
    diag_note(c->diag, n->start, "'%s' is used here; compute the index before the loop, or write '#pragma unroll'",
              clang_getCString(name));
    clang_disposeString(name);
    return false;
  }
  return true;
}

// What the vector path does to every lane of the array, for messages.
static const char *traffic(const Array *ar) {
  return ar->read && ar->written ? "reads and writes" : ar->written ? "writes" : "reads";
}

// The guard's text in lane k: each use of v replaced by k.
static char *lane_text(const Ctx *c, int cond, CXCursor var, const char *var_type, int k) {
  Buf b = {0};
  size_t at = node_at(c, cond)->start;
  for (int i = cond; i <= node_at(c, cond)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_DeclRefExpr || !is_ref_to(n->cur, var)) continue;
    buf_put(&b, c->src->data + at, n->start - at);
    if (!strcmp(var_type, "int"))
      buf_printf(&b, "%d", k);
    else if (!strcmp(var_type, "unsigned int"))
      buf_printf(&b, "%du", k);
    else
      buf_printf(&b, "(%s)%d", var_type, k);
    at = n->end;
  }
  buf_put(&b, c->src->data + at, node_at(c, cond)->end - at);
  char *out = arena_strndup(c->arena, b.data, b.len);
  buf_free(&b);
  return out;
}

// The guards taken so far, each condition once, and their test.
typedef struct {
  const char *text[MAX_GUARDS];  // the condition, without blanks
  bool want[MAX_GUARDS];
  int n;
  Buf test;
  int clash;  // a condition taken both ways (a ? a[v] : b[v]): the test never holds; -1 if none
} Guards;

// Adds the guard to the test (its operands one by one where it is a && that
// must hold); false after an error when it cannot be tested before the loop.
static bool add_guard(Ctx *c, Vectorize *vz, Guards *gs, Guard g, const Lane *l, int body, CXCursor var) {
  int s = g.node, kids[2];
  while (node_at(c, s)->kind == CXCursor_ParenExpr || node_at(c, s)->kind == CXCursor_UnexposedExpr) s++;
  if (g.want && node_at(c, s)->kind == CXCursor_BinaryOperator &&
      clang_getCursorBinaryOperatorKind(node_at(c, s)->cur) == CXBinaryOperator_LAnd &&
      front_children(c->front, s, kids, 2) == 2)
    return add_guard(c, vz, gs, (Guard){kids[0], true}, l, body, var) &&
           add_guard(c, vz, gs, (Guard){kids[1], true}, l, body, var);
  int at;
  const char *why = untestable(c, g.node, body, var, &at);
  if (why) {
    diag_error(c->diag, node_at(c, at)->start,
               "vectorize: the access '%s' runs only in the lanes where '%s' %s, and that cannot be tested before "
               "the loop: %s",
               node_text(c, l->node), node_text(c, g.node), g.want ? "holds" : "fails", why);
    diag_note(c->diag, node_at(c, l->node)->start,
              "the vector path %s every lane of '%s'; access it in every lane (choose the value with '?:'), or "
              "write '#pragma unroll'",
              traffic(&vz->arrays[l->array]), vz->arrays[l->array].array);
    return false;
  }
  const char *text = squeeze(c->arena, node_text(c, g.node));
  for (int i = 0; i < gs->n; i++)
    if (!strcmp(gs->text[i], text)) {  // one test for the guards of several accesses
      if (gs->want[i] != g.want && gs->clash < 0) gs->clash = g.node;
      return true;
    }
  if (gs->n < MAX_GUARDS) gs->text[gs->n] = text, gs->want[gs->n++] = g.want;
  bool per_lane = refers_to(c, g.node, var);
  for (int k = 0; k < (per_lane ? vz->width : 1); k++)
    buf_printf(&gs->test, "%s%s(%s)", gs->test.len ? " && " : "", g.want ? "" : "!",
               per_lane ? lane_text(c, g.node, var, vz->var_type, k) : node_text(c, g.node));
  return true;
}

// The guards of the accesses to arrays that some lane may not access, into
// vz->guards: the vector path runs only where every access runs in every
// lane. False after an error; *clash as in Guards.
static bool take_guards(Ctx *c, Vectorize *vz, const Edit *lanes, int n, int body, CXCursor var, int *clash) {
  Guards gs = {.clash = -1};
  bool ok = true;
  for (int i = 0; i < n && ok; i++) {
    const Lane *l = lanes[i].data;
    if (vz->arrays[l->array].always) continue;
    Guard g[MAX_GUARDS];
    int stop, ng = guards_of(c, l->node, body, g, MAX_GUARDS, &stop);
    if (stop >= 0) {
      enum CXCursorKind k = node_at(c, stop)->kind;
      const char *what = front_is_loop(k)                   ? "loop"
                         : k == CXCursor_SwitchStmt         ? "'switch'"
                         : k == CXCursor_IfStmt             ? "'if' with a declaration"
                         : k == CXCursor_ConditionalOperator ? "'?:' without a middle operand"
                                                             : "nest of conditions";
      diag_error(c->diag, node_at(c, l->node)->start,
                 "vectorize: the access '%s' is inside a %s in the loop body: whether it runs in a lane cannot be "
                 "tested before the loop",
                 node_text(c, l->node), what);
      diag_note(c->diag, node_at(c, stop)->start,
                "the vector path %s every lane of '%s'; access it in every lane, outside the %s, or write "
                "'#pragma unroll'",
                traffic(&vz->arrays[l->array]), vz->arrays[l->array].array, what);
      ok = false;
    }
    for (int k = 0; k < ng && ok; k++) ok = add_guard(c, vz, &gs, g[k], l, body, var);
  }
  if (ok && gs.test.len) vz->guards = arena_strndup(c->arena, gs.test.data, gs.test.len);
  buf_free(&gs.test);
  *clash = gs.clash;
  return ok;
}

static void fall_back(Ctx *c, const Annotation *an, size_t at, const char *why) {
  diag_remark(c->diag, at, "vectorize: %s; the loop is left to nvcc's '#pragma unroll'", why);
  edit_replace(c->edits, an->start, an->end, nvcc_pragma(c, an, "unroll"));
  c->fell_back++;
}

void rewrite_vectorize(Ctx *c, const Annotation *an, Stmt st) {
  static const char *const none[] = {NULL};
  if (!check_clauses(c, an, none) || !no_head_args(c, an)) return;
  if (!front_is_loop(node_at(c, st.node)->kind)) {
    diag_error(c->diag, st.start, "expected a loop after '%s'", spelling_of(an));
    return;
  }
  if (in_declared_constexpr(c, st.node)) {  // the vectors are uninitialized arrays, loaded through casts
    fall_back(c, an, st.start,
              "the loop is in a constexpr function, which cannot hold the vector path "
              "(uninitialized arrays, pointer casts)");
    return;
  }
  Diag quiet = {.src = c->src};
  LoopHeader h;
  bool read = read_loop(c, &quiet, an, st, &h);
  if (read && !h.constant) {  // the width differs from one instantiation to the next
    fall_back(c, an, st.start, "the trip count depends on a template parameter (the vector width must be known before instantiation)");
    return;
  }
  if (!read || !h.constant || h.start != 0 || h.step != 1 || !h.declared ||
      (h.count != 2 && h.count != 4 && h.count != 8 && h.count != 16))
  {
    fall_back(c, an, st.start, "the loop is not 'for (int v = 0; v < W; ++v)' with W a constant 2, 4, 8 or 16");
    return;
  }
  size_t skipped = first_skipped(c, h.fp.body);
  if (skipped != SIZE_MAX) {  // its accesses were never parsed: they could be neither checked nor rewritten
    fall_back(c, an, skipped,
              "the body has code the preprocessor skipped in this pass (an '#if' branch that nvcc's other "
              "pass compiles), which tirx-pp can neither check nor rewrite");
    return;
  }
  Vectorize *vz = arena_alloc(c->arena, sizeof *vz);
  *vz = (Vectorize){.width = h.count, .var = h.name, .var_type = h.type, .loop_start = st.start,
                    .body_start = lex_skip_blank(c->src, h.fp.rparen + 1), .end = st.end,
                    .line = source_line(c->src, st.start), .lane = -1};
  Fit f = {.c = c};
  int body = h.fp.body, refs = 0, covered = 0;
  VEC(Edit) lanes = {0};
  VEC(int) others = {0};  // the accesses whose index does not use v
  for (int i = body; i <= node_at(c, body)->last && !f.why; i++) {
    const Node *n = node_at(c, i);
    if (n->kind == CXCursor_LambdaExpr) {
      // One that captures reaches the loop's arrays by name, wherever it is
      // called (maybe after the loop); one that captures nothing reaches them
      // through its parameters only, which the call's arguments show (its
      // own return is no jump of the loop's).
      size_t open = lex_skip_blank(c->src, n->start + 1);
      if (open < c->src->len && c->src->data[open] == ']') {
        i = n->last;
        continue;
      }
      misfit(&f, i, "the body holds a lambda that captures, whose accesses run wherever it is called");
      break;
    }
    if (front_is_jump(n->kind)) misfit(&f, i, "the body jumps (break, continue, return or goto)");
    if (synchronizes(c, i)) {
      misfit(&f, i,
             arena_printf(c->arena,
                          "the body waits for other threads ('%s'): the vectors are loaded before "
                          "the body, and would miss what they write before it",
                          node_text(c, i)));
      break;
    }
    if (n->kind == CXCursor_UnaryExpr && refers_to(c, i, h.var)) {  // sizeof, alignof: nothing there is read
      misfit(&f, i, "an unevaluated operand ('sizeof', 'alignof') names the loop variable");
      break;
    }
    if (n->kind == CXCursor_ArraySubscriptExpr && refers_to(c, i, h.var) && n->from_macro) {
      misfit(&f, i, "an access comes from a macro expansion");
      break;
    }
    if (n->kind == CXCursor_ArraySubscriptExpr) {
      int kids[2];
      if (front_children(c->front, i, kids, 2) == 2 && !refers_to(c, kids[1], h.var)) {
        VEC_PUSH(c->arena, others, i);
        continue;
      }
      Lane *l = NULL;
      covered += take_access(&f, vz, i, body, h.var, &h, &l);
      if (l) VEC_PUSH(c->arena, lanes, ((Edit){.start = n->start, .end = n->end, .fn = render_lane, .data = l}));
      i = n->last;  // nested subscripts belong to this access
    }
  }
  if (!f.why && vz->narrays == 0) misfit(&f, body, "no array is accessed as 'p[base + v]'");
  int used = f.why ? -1 : passed_on(c, vz, body);
  if (used >= 0)
    misfit(&f, used, arena_printf(c->arena, "'%s' is used in the body other than as '%s[...]' (passed on, or an "
                                            "address computed from it): what reaches memory through it does not "
                                            "see the vectors, which hold their elements from before the body to after it",
                                  node_text(c, used), node_text(c, used)));
  for (int i = 0; i < others.len && !f.why; i++) test_other(&f, vz, others.items[i], body, h.var);
  if (f.why) {
    fall_back(c, an, node_at(c, f.at)->start, f.why);
    return;
  }
  for (int i = 0; i < lanes.len; i++)
    if (!fixed_access(c, lanes.items[i].data, body, h.var)) return;
  int clash;
  if (!take_guards(c, vz, lanes.items, lanes.len, body, h.var, &clash)) return;
  if (clash >= 0) {
    fall_back(c, an, node_at(c, clash)->start,
              arena_printf(c->arena, "accesses that some lanes skip run where '%s' holds and where it fails: no "
                                     "lane runs them all, so the vector path would never run",
                           node_text(c, clash)));
    return;
  }
  int write = writes_memory(c, body, h.var);
  for (int i = 0; i < lanes.len && write >= 0; i++) {
    const Lane *l = lanes.items[i].data;
    int r = reads_changeable(c, l->node, body, h.var);
    if (r >= 0) {
      fall_back(c, an, node_at(c, r)->start,
                arena_printf(c->arena, "'%s' in the access '%s' may change when the body writes memory ('%s'): the "
                                       "loop evaluates it in every lane, the vector path once; read it into a local "
                                       "before the loop",
                             node_text(c, r), node_text(c, l->node), node_text(c, write)));
      return;
    }
  }
  int reach = call_reaches(c, vz, body, h.var);
  if (reach >= 0 && node_at(c, reach)->kind == CXCursor_CallExpr) {
    fall_back(c, an, node_at(c, reach)->start,
              arena_printf(c->arena, "'%s' runs a function that reaches memory through a pointer or array of global "
                                     "storage, which may hold the vectorized arrays' elements (they are not "
                                     "__restrict__): it would find them as they were before the loop, not as the "
                                     "lanes before it left them",
                           node_text(c, reach)));
    return;
  }
  if (reach >= 0) {
    bool deref = node_at(c, reach)->kind == CXCursor_UnaryOperator || node_at(c, reach)->kind == CXCursor_MemberRefExpr;
    fall_back(c, an, node_at(c, reach)->start,
              arena_printf(c->arena, "'%s' %s, which may reach the vectorized arrays' elements (neither it nor they "
                                     "are __restrict__)%s: %s would find them as they were before the loop, not as the "
                                     "lanes before it left them",
                           node_text(c, reach), deref ? "accesses memory through a pointer" : "is passed to a call",
                           deref ? ", and its address cannot be tested before the loop" : "",
                           deref ? "the access" : "the call"));
    return;
  }
  int named = named_object_reached(c, vz, body, h.var);
  if (named >= 0) {
    fall_back(c, an, node_at(c, named)->start,
              arena_printf(c->arena,
                           "'%s' is named in the body and its address is taken in this file: a vectorized "
                           "pointer may hold it, and the body would read it as it was before the loop, "
                           "not as the lanes before it left it (declare the pointers __restrict__ if none "
                           "does)",
                           node_text(c, named)));
    return;
  }
  for (int i = body; i <= node_at(c, body)->last; i++)
    if (node_at(c, i)->kind == CXCursor_DeclRefExpr && is_ref_to(node_at(c, i)->cur, h.var)) refs++;
  vz->var_used = refs > covered;
  for (int i = 0; i < lanes.len; i++) edit_add(c->edits, lanes.items[i]);
  diag_remark(c->diag, an->start, "vectorize: %d array%s as %d-byte vectors", vz->narrays, vz->narrays == 1 ? "" : "s",
              vz->bytes);
  note_copies(c, an->start, st.end, vz->width + 1, an->start);  // the lanes and the scalar loop
  edit_add(c->edits, (Edit){.start = an->start, .end = st.end, .fn = render_vectorized, .data = vz});
}
