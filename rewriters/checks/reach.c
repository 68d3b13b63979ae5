// reach.c - how many threads of one partition index reach a site that
// stands under conditions on the thread (`if (threadIdx.x % 32 == 0)
// tirx_trigger_bytes(...)`): every thread that reaches a byte trigger or a
// plain trigger under an `if` arrives, so the arrivals of a phase are the
// threads the conditions let through. Each condition between the site and
// the kernel's body is compiled into a small tree (constants folded, locals
// followed to their one initializer, conversions kept) and evaluated for each
// thread of the index: threadIdx.x = index × group + lane, threadIdx.y = threadIdx.z = 0
// (a partitioned kernel's block is one-dimensional: tirx_partition_check
// traps otherwise).
#include <limits.h>
#include <string.h>

#include "ast.h"
#include "lanes.h"
#include "place.h"
#include "reach.h"
#include "uniform.h"

enum {
  MAX_TREE = 256,  // nodes of one condition's tree
  MAX_DEPTH = 8,   // locals followed to locals' initializers
  MAX_CONDS = 16,  // conditions on one path
  MAX_ARGS = 8,    // a helper's parameters
};

// T_LANE0: its operand in the first lane of the thread's segment of v lanes
// (`__shfl_sync(~0u, x, 0)`: v = 32).
typedef enum { T_CONST, T_TID, T_PART, T_UNARY, T_BINARY, T_COND, T_CAST, T_ELECT, T_LANE0 } TreeKind;

// An integer type as the evaluation needs it: C's arithmetic is done in 64
// bits, then each value is brought back to its node's type (wrapped to its
// width, or 0/1 for bool), as `threadIdx.x << 27` or `(uint8_t)t` wrap.
typedef struct {
  int bits;  // 8 to 64; 0: unknown (left as computed)
  bool is_unsigned, is_bool;
} IntType;

typedef struct {
  TreeKind kind;
  int op;       // a unary or binary operator's kind
  int a, b, c;  // operands (tree indices)
  long long v;  // T_CONST
  IntType type;
} TreeNode;

// The function whose text a tree reads: the kernel, or a helper of this file
// called from it, its parameters standing for the caller's arguments.
typedef struct Frame {
  int func;      // the function's node
  CXCursor def;  // a helper's definition (null for the kernel)
  CXCursor callee;  // what the call names: a template's specialization holds its arguments
  CXCursor args[MAX_ARGS];
  int nargs;
  const struct Frame *caller;
} Frame;

typedef struct {
  Ctx *c;
  const Kernel *k;
  CXCursor part_var;
  ReachWalk *walk;  // NULL: no local is known but through its one initializer
  const Frame *frame;
  TreeNode nodes[MAX_TREE];
  int n;
} Tree;

static bool unsigned_type(CXType t) {
  switch (clang_getCanonicalType(t).kind) {
  case CXType_UInt:
  case CXType_ULong:
  case CXType_ULongLong:
  case CXType_UShort:
  case CXType_UChar:
  case CXType_Char_U:
  case CXType_UInt128: return true;
  default: return false;
  }
}

// By the type's kind, never clang_Type_getSizeOf (which spun forever on the
// type of threadIdx.x, a property of a built-in variable): LP64's widths.
static IntType int_type_of(CXType t) {
  CXType canon = clang_getCanonicalType(t);
  int bits = 0;
  switch (canon.kind) {
  case CXType_Char_U:
  case CXType_UChar:
  case CXType_Char_S:
  case CXType_SChar: bits = 8; break;
  case CXType_UShort:
  case CXType_Short: bits = 16; break;
  case CXType_UInt:
  case CXType_Int: bits = 32; break;
  case CXType_ULong:
  case CXType_Long:
  case CXType_ULongLong:
  case CXType_LongLong: bits = 64; break;
  default: break;
  }
  return (IntType){.bits = bits, .is_unsigned = unsigned_type(canon), .is_bool = canon.kind == CXType_Bool};
}

static bool same_type(IntType a, IntType b) {
  return a.bits == b.bits && a.is_unsigned == b.is_unsigned && a.is_bool == b.is_bool;
}

static int add(Tree *t, TreeNode n) {
  if (t->n == MAX_TREE) return -1;
  t->nodes[t->n] = n;
  return t->n++;
}

// The initializer of a local that nothing assigns after its declaration:
// its value at every read is the initializer's (the null cursor otherwise).
static CXCursor one_initializer(Tree *t, CXCursor var) {
  const Ctx *c = t->c;
  const Frame *f = t->frame;
  while (f && !automatic_in(c, var, f->func)) f = f->caller;  // a lambda reads the locals around it
  if (!f) return clang_getNullCursor();
  int func = f->func;
  if (clang_getCursorKind(var) != CXCursor_VarDecl || assigns_to(c, func, var) >= 0 || aliased_in(c, func, var) >= 0)
    return clang_getNullCursor();
  int d = node_of_cursor(c, var), kids[8];
  int n = d >= 0 ? front_children(c->front, d, kids, 8) : 0;
  for (int i = n < 8 ? n : 8; i-- > 0;)
    if (clang_isExpression(node_at(c, kids[i])->kind)) return node_at(c, kids[i])->cur;
  return clang_getNullCursor();
}

static int compile(Tree *t, CXCursor e, int depth);

// An elect written by hand: tirx_elect_one_sync(), or CuTe's elect_one_sync()
// (elect.sync: one lane of each warp whose lanes all reach it).
static bool is_elect_call(CXCursor call) {
  CXString s = clang_getCursorSpelling(call);
  const char *name = clang_getCString(s);
  bool yes = !strcmp(name, "tirx_elect_one_sync") || !strcmp(name, "elect_one_sync");
  clang_disposeString(s);
  return yes;
}

// The tree of the value a lane or warp index function of the toolkit's or
// tirx.h's returns (no arguments): `tirx_lane_id()`, CUTLASS's `LaneId()`,
// `tirx_warp_index()`, `tirx_warpgroup_index()`; -1 for any other call.
static int compile_index_call(Tree *t, CXCursor call, IntType type) {
  static const struct {
    const char *name;
    int op, by;  // threadIdx.x op by
  } known[] = {
      {"tirx_lane_id", CXBinaryOperator_Rem, 32},
      {"LaneId", CXBinaryOperator_Rem, 32},
      {"laneid", CXBinaryOperator_Rem, 32},
      {"tirx_warp_index", CXBinaryOperator_Div, 32},
      {"tirx_warpgroup_index", CXBinaryOperator_Div, 128},
  };
  if (clang_Cursor_getNumArguments(call) != 0) return -1;
  CXString s = clang_getCursorSpelling(call);
  const char *name = clang_getCString(s);
  int i = 0, n = (int)(sizeof known / sizeof known[0]);
  while (i < n && strcmp(name, known[i].name)) i++;
  clang_disposeString(s);
  if (i == n) return -1;
  IntType u32 = {.bits = 32, .is_unsigned = true};
  int tid = add(t, (TreeNode){.kind = T_TID, .type = u32});
  int by = tid < 0 ? -1 : add(t, (TreeNode){.kind = T_CONST, .v = known[i].by, .type = u32});
  return by < 0 ? -1 : add(t, (TreeNode){.kind = T_BINARY, .op = known[i].op, .a = tid, .b = by, .type = type});
}

// `__shfl_sync(m, x, 0[, w])` (or a source lane that is a multiple of w)
// with m all 32 lanes: x as the first lane of
// the thread's segment of w lanes (32 when left out) computes it
// (`canonical_warp_idx_sync()`'s form).
static int compile_lane0_shuffle(Tree *t, CXCursor call, IntType type, int depth) {
  CXString s = clang_getCursorSpelling(call);
  bool shfl = !strcmp(clang_getCString(s), "__shfl_sync");
  clang_disposeString(s);
  int n = clang_Cursor_getNumArguments(call);
  long long mask, lane, width = 32;
  bool is_unsigned;
  if (!shfl || n < 3 || n > 4 || !front_eval_int(clang_Cursor_getArgument(call, 0), &mask, &is_unsigned) ||
      (mask & 0xffffffffLL) != 0xffffffffLL ||
      !front_eval_int(clang_Cursor_getArgument(call, 2), &lane, &is_unsigned) ||
      (n == 4 && !front_eval_int(clang_Cursor_getArgument(call, 3), &width, &is_unsigned)) || width < 1 || width > 32 ||
      (width & (width - 1)) || lane % width != 0)  // (the source lane is taken modulo the width)
    return -1;
  int a = compile(t, clang_Cursor_getArgument(call, 1), depth + 1);
  return a < 0 ? -1 : add(t, (TreeNode){.kind = T_LANE0, .a = a, .v = width, .type = type});
}

// The parameters of function definition def (a template's too), into
// out[0..max) when out is given; their number, -1 past max.
static int parameters(CXCursor def, CXCursor *out, int max) {
  CXCursor kids[MAX_ARGS + 24];
  if (cursor_child_count(def) > MAX_ARGS + 24) return -1;  // a parameter may be among those not stored
  int n = cursor_children(def, kids, MAX_ARGS + 24), np = 0;
  for (int i = 0; i < n; i++)
    if (clang_getCursorKind(kids[i]) == CXCursor_ParmDecl) {
      if (np == max) return -1;
      if (out) out[np] = kids[i];
      np++;
    }
  return np;
}

// A helper of this file whose body is declarations, `if (c) return a;`
// statements and a last `return e;`: the tree of c ? a : ... e, its
// parameters standing for the call's arguments (a template's for its
// template arguments), its locals followed to their one initializer.
static int compile_helper(Tree *t, CXCursor call, int depth) {
  Ctx *c = t->c;
  int fn = called_definition(c, call), nargs = clang_Cursor_getNumArguments(call);
  // A lambda's call is its operator(): the first argument is the lambda itself.
  int first = fn >= 0 && node_at(c, fn)->kind == CXCursor_LambdaExpr ? 1 : 0;
  nargs -= first;
  if (fn < 0 || nargs < 0 || nargs > MAX_ARGS) return -1;
  CXCursor def = node_at(c, fn)->cur;
  if (nargs != parameters(def, NULL, MAX_ARGS)) return -1;
  for (const Frame *f = t->frame; f; f = f->caller)
    if (f->func == fn) return -1;  // recursion
  for (int j = fn + 1; j <= node_at(c, fn)->last; j++)
    if (node_at(c, j)->kind == CXCursor_LambdaExpr) return -1;
  int body = -1;  // the function's body: its last compound statement
  for (int j = fn + 1; j <= node_at(c, fn)->last; j = node_at(c, j)->last + 1)
    if (node_at(c, j)->kind == CXCursor_CompoundStmt) body = j;
  int guards[MAX_CONDS], values[MAX_CONDS], nguards = 0, ret = -1;
  for (int j = body < 0 ? 0 : body + 1; body >= 0 && j <= node_at(c, body)->last && ret < 0;
       j = node_at(c, j)->last + 1) {
    enum CXCursorKind kind = node_at(c, j)->kind;
    int kids[3];
    if (kind == CXCursor_DeclStmt || kind == CXCursor_NullStmt) continue;
    if (kind == CXCursor_ReturnStmt && node_at(c, j)->last > j) {
      ret = j + 1;
      continue;
    }
    // `if (c) return a;` (or `{ return a; }`), no else
    if (kind != CXCursor_IfStmt || front_children(c->front, j, kids, 3) != 2 || nguards == MAX_CONDS) return -1;
    int then = kids[1];
    if (node_at(c, then)->kind == CXCursor_CompoundStmt && front_children(c->front, then, kids + 2, 1) == 1)
      then = kids[2];
    if (node_at(c, then)->kind != CXCursor_ReturnStmt || node_at(c, then)->last == then) return -1;
    guards[nguards] = kids[0], values[nguards++] = then + 1;
  }
  if (ret < 0) return -1;
  Frame *f = arena_alloc(c->arena, sizeof(Frame));
  *f = (Frame){.func = fn, .def = def, .callee = clang_getCursorReferenced(call), .nargs = nargs, .caller = t->frame};
  for (int i = 0; i < nargs; i++) f->args[i] = clang_Cursor_getArgument(call, (unsigned)(first + i));
  t->frame = f;
  int x = compile(t, node_at(c, ret)->cur, depth + 1);
  IntType type = x < 0 ? (IntType){0} : t->nodes[x].type;
  for (int g = nguards; g-- > 0 && x >= 0;) {  // the last guard first: c1 ? a1 : (c2 ? a2 : e)
    int cond = compile(t, node_at(c, guards[g])->cur, depth + 1);
    int a = cond < 0 ? -1 : compile(t, node_at(c, values[g])->cur, depth + 1);
    x = a < 0 ? -1 : add(t, (TreeNode){.kind = T_COND, .a = cond, .b = a, .c = x, .type = type});
  }
  t->frame = f->caller;
  return x;
}

// A parameter of the helper being read: the caller's argument, read where
// the call is; -1 when the helper changes the parameter.
static int compile_parameter(Tree *t, CXCursor ref, int depth) {
  const Frame *f = t->frame;
  if (!f->caller || assigns_to(t->c, f->func, ref) >= 0 || aliased_in(t->c, f->func, ref) >= 0) return -1;
  CXCursor params[MAX_ARGS];
  int np = parameters(f->def, params, MAX_ARGS);
  for (int i = 0; i < f->nargs && i < np; i++)
    if (clang_equalCursors(params[i], ref)) {
      t->frame = f->caller;
      int x = compile(t, f->args[i], depth + 1);
      t->frame = f;
      return x;
    }
  return -1;
}

// A non-type template parameter of the helper being read: the integer its
// call gives it (`leads<32>()`, or the default); -1 otherwise.
static int compile_template_argument(Tree *t, CXCursor ref, IntType type) {
  const Frame *f = t->frame;
  if (!f->caller || clang_getCursorKind(f->def) != CXCursor_FunctionTemplate) return -1;
  CXCursor kids[16];
  int n = cursor_children(f->def, kids, 16), index = 0;
  for (int i = 0; i < n; i++) {
    enum CXCursorKind kind = clang_getCursorKind(kids[i]);
    if (kind != CXCursor_TemplateTypeParameter && kind != CXCursor_NonTypeTemplateParameter &&
        kind != CXCursor_TemplateTemplateParameter)
      continue;
    if (clang_equalCursors(kids[i], ref)) {
      if (index >= clang_Cursor_getNumTemplateArguments(f->callee) ||
          clang_Cursor_getTemplateArgumentKind(f->callee, (unsigned)index) != CXTemplateArgumentKind_Integral)
        return -1;
      long long v = clang_Cursor_getTemplateArgumentValue(f->callee, (unsigned)index);
      return add(t, (TreeNode){.kind = T_CONST, .v = v, .type = type});
    }
    index++;
  }
  return -1;
}

// Whether var is the counter of a `for` that declares it, changed by the
// loop's step only (not in its body or condition, its address not taken):
// the deadlock check's walk knows it in each round, the same in all of the
// index's threads. Any other local the walk tracks may have been assigned
// under a condition on the thread, or be a lambda's copy.
static bool loop_counter(const Ctx *c, const Kernel *k, CXCursor var) {
  int d = node_of_cursor(c, var);
  int decl = d >= 0 ? node_at(c, d)->parent : -1, loop = decl >= 0 ? node_at(c, decl)->parent : -1;
  if (loop < 0 || node_at(c, decl)->kind != CXCursor_DeclStmt || node_at(c, loop)->kind != CXCursor_ForStmt ||
      decl != loop + 1 || aliased_in(c, k->func, var) >= 0)
    return false;
  int kids[4], n = front_children(c->front, loop, kids, 4);
  if (n != 4) return false;  // init, condition, step, body
  return assigns_to(c, kids[1], var) < 0 && assigns_to(c, kids[3], var) < 0;
}

// The tree of expression e, stripped of parentheses and implicit
// conversions (compile converts to e's own type); -1 when it reads anything
// but constants, the thread index, the partition index and locals made of them.
static int compile_bare(Tree *t, CXCursor e, int depth) {
  IntType type = int_type_of(clang_getCursorType(e));
  enum CXCursorKind kind = clang_getCursorKind(e);
  long long v;
  bool is_unsigned;
  char axis = thread_axis(t->c, e);
  if (axis) return add(t, (TreeNode){.kind = axis == 'x' ? T_TID : T_CONST, .type = type});
  if (kind == CXCursor_DeclRefExpr) {
    CXCursor ref = clang_getCursorReferenced(e);
    if (!clang_Cursor_isNull(t->part_var) && clang_equalCursors(ref, t->part_var))
      return add(t, (TreeNode){.kind = T_PART, .type = type});
    if (front_eval_int(e, &v, &is_unsigned)) return add(t, (TreeNode){.kind = T_CONST, .v = v, .type = type});
    if (clang_getCursorKind(ref) == CXCursor_ParmDecl) return compile_parameter(t, ref, depth);
    if (t->walk && loop_counter(t->c, t->k, ref) && t->walk->value(t->walk->ctx, ref, &v)) {
      t->walk->used = true;
      return add(t, (TreeNode){.kind = T_CONST, .v = v, .type = type});
    }
    if (clang_getCursorKind(ref) == CXCursor_NonTypeTemplateParameter) return compile_template_argument(t, ref, type);
    CXCursor init = one_initializer(t, ref);
    return clang_Cursor_isNull(init) ? -1 : compile(t, init, depth + 1);  // (the initializer has the variable's type)
  }
  if (kind == CXCursor_VarDecl) {  // `if (bool leader = lane == 0)`: its initializer
    CXCursor init = one_initializer(t, e);
    return clang_Cursor_isNull(init) ? -1 : compile(t, init, depth + 1);
  }
  CXCursor kids[3];
  int n = cursor_child_count(e);  // all of them: the arity tests below are exact
  cursor_children(e, kids, 3);
  if (kind == CXCursor_UnaryOperator && n == 1) {
    int op = (int)clang_getCursorUnaryOperatorKind(e);
    if (op != CXUnaryOperator_Plus && op != CXUnaryOperator_Minus && op != CXUnaryOperator_Not &&
        op != CXUnaryOperator_LNot)
      return -1;
    int a = compile(t, kids[0], depth);
    return a < 0 ? -1 : add(t, (TreeNode){.kind = T_UNARY, .op = op, .a = a, .type = type});
  }
  if (kind == CXCursor_BinaryOperator && n == 2) {
    int op = (int)clang_getCursorBinaryOperatorKind(e);
    if (op < CXBinaryOperator_Mul || op > CXBinaryOperator_LOr) return -1;  // not the comma, not an assignment
    int a = compile(t, kids[0], depth), b = a < 0 ? -1 : compile(t, kids[1], depth);
    return b < 0 ? -1 : add(t, (TreeNode){.kind = T_BINARY, .op = op, .a = a, .b = b, .type = type});
  }
  if (kind == CXCursor_ConditionalOperator && n == 3) {
    int a = compile(t, kids[0], depth), b = a < 0 ? -1 : compile(t, kids[1], depth);
    int c = b < 0 ? -1 : compile(t, kids[2], depth);
    return c < 0 ? -1 : add(t, (TreeNode){.kind = T_COND, .a = a, .b = b, .c = c, .type = type});
  }
  if ((kind == CXCursor_CStyleCastExpr || kind == CXCursor_CXXStaticCastExpr ||
       kind == CXCursor_CXXFunctionalCastExpr) && n >= 1) {
    int a = compile(t, kids[n - 1 < 2 ? n - 1 : 2], depth);
    return a < 0 ? -1 : add(t, (TreeNode){.kind = T_CAST, .a = a, .type = type});
  }
  if (kind == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) == 0 && is_elect_call(e))  // a lane a warp
    return add(t, (TreeNode){.kind = T_ELECT, .type = type});
  if (kind == CXCursor_CallExpr) {
    int x = compile_index_call(t, e, type);
    if (x < 0) x = compile_lane0_shuffle(t, e, type, depth);
    if (x < 0) x = compile_helper(t, e, depth);
    if (x >= 0) return x;
  }
  if (kind == CXCursor_IntegerLiteral || kind == CXCursor_CharacterLiteral || kind == CXCursor_CXXBoolLiteralExpr ||
      kind == CXCursor_UnexposedExpr || kind == CXCursor_CallExpr)
    if (front_eval_int(e, &v, &is_unsigned)) return add(t, (TreeNode){.kind = T_CONST, .v = v, .type = type});
  return -1;
}

// The tree of expression e, converted to e's type where its implicit
// conversions change it (`threadIdx.x - 1` wraps in 32 bits before it
// widens; `bool b = t & 2` holds 0 or 1).
static int compile(Tree *t, CXCursor e, int depth) {
  if (depth > MAX_DEPTH) return -1;
  IntType type = int_type_of(clang_getCursorType(e));
  int x = compile_bare(t, front_strip(e), depth);
  if (x < 0 || same_type(t->nodes[x].type, type) || (!type.bits && !type.is_bool)) return x;
  return add(t, (TreeNode){.kind = T_CAST, .a = x, .type = type});
}

// v brought back to type: 0 or 1 for bool, wrapped to the width, sign
// extended when signed.
static long long convert(IntType type, long long v) {
  if (type.is_bool) return v != 0;
  if (!type.bits || type.bits >= 64) return v;
  unsigned long long mask = (1ULL << type.bits) - 1, u = (unsigned long long)v & mask;
  if (!type.is_unsigned && (u >> (type.bits - 1)) & 1) u |= ~mask;
  return (long long)u;
}

// The value of tree node x for one thread; false when it cannot be told
// (a division by zero, an overflow of the 64 bits).
static bool eval(const Tree *t, int x, long long tid, long long part, long long *v) {
  const TreeNode *n = &t->nodes[x];
  long long a, b;
  bool ok = true;
  switch (n->kind) {
  case T_CONST: *v = n->v; break;
  case T_TID: *v = tid; break;
  case T_PART: *v = part; break;
  case T_CAST: ok = eval(t, n->a, tid, part, v); break;
  case T_ELECT: *v = tid % 32 == 0; break;
  case T_LANE0: ok = eval(t, n->a, tid - tid % n->v, part, v); break;
  case T_COND:
    if (!eval(t, n->a, tid, part, &a) || !eval(t, a ? n->b : n->c, tid, part, v)) return false;
    break;
  case T_UNARY:
    if (!eval(t, n->a, tid, part, &a)) return false;
    switch (n->op) {
    case CXUnaryOperator_Minus: ok = a != LLONG_MIN, *v = -a; break;
    case CXUnaryOperator_Not: *v = ~a; break;
    case CXUnaryOperator_LNot: *v = !a; break;
    default: *v = a;
    }
    break;
  case T_BINARY:
    if (!eval(t, n->a, tid, part, &a)) return false;
    if (n->op == CXBinaryOperator_LAnd && !a) return *v = 0, true;
    if (n->op == CXBinaryOperator_LOr && a) return *v = 1, true;
    if (!eval(t, n->b, tid, part, &b)) return false;
    switch (n->op) {
    case CXBinaryOperator_Mul: ok = !__builtin_mul_overflow(a, b, v); break;
    case CXBinaryOperator_Div: ok = b && !(a == LLONG_MIN && b == -1) && (*v = a / b, true); break;
    case CXBinaryOperator_Rem: ok = b && !(a == LLONG_MIN && b == -1) && (*v = a % b, true); break;
    case CXBinaryOperator_Add: ok = !__builtin_add_overflow(a, b, v); break;
    case CXBinaryOperator_Sub: ok = !__builtin_sub_overflow(a, b, v); break;
    case CXBinaryOperator_Shl: ok = b >= 0 && b < 62 && a >= 0 && a <= (LLONG_MAX >> b) && (*v = a << b, true); break;
    case CXBinaryOperator_Shr: ok = b >= 0 && b < 64 && (*v = a >> b, true); break;
    case CXBinaryOperator_LT: *v = a < b; break;
    case CXBinaryOperator_GT: *v = a > b; break;
    case CXBinaryOperator_LE: *v = a <= b; break;
    case CXBinaryOperator_GE: *v = a >= b; break;
    case CXBinaryOperator_EQ: *v = a == b; break;
    case CXBinaryOperator_NE: *v = a != b; break;
    case CXBinaryOperator_And: *v = a & b; break;
    case CXBinaryOperator_Xor: *v = a ^ b; break;
    case CXBinaryOperator_Or: *v = a | b; break;
    case CXBinaryOperator_LAnd:
    case CXBinaryOperator_LOr: *v = b != 0; break;
    default: return false;
    }
  }
  if (ok) *v = convert(n->type, *v);
  return ok;
}

// Whether offset `off` lies in the branch of p (an if, ?:, && or ||) that
// runs when its condition holds; false for the other branch. An if's
// else branch is its last child with `else` before it (a condition variable
// adds children before the branches).
static bool taken_when_true(const Ctx *c, int p, size_t off) {
  if (node_at(c, p)->kind == CXCursor_BinaryOperator)
    return clang_getCursorBinaryOperatorKind(node_at(c, p)->cur) == CXBinaryOperator_LAnd;
  int kids[8], n = front_children(c->front, p, kids, 8);
  if (n < 2 || n > 8) return true;
  if (node_at(c, p)->kind == CXCursor_ConditionalOperator) return off < node_at(c, kids[1])->end;
  const Node *last = node_at(c, kids[n - 1]), *before = node_at(c, kids[n - 2]);
  if (off < last->start || off >= last->end || before->end > last->start) return true;
  LexText between = {c->src->data + before->end, last->start - before->end};
  return !text_has_word(between, 0, "else");
}

static bool holds(const Ctx *c, int a, int x) { return a <= x && x <= node_at(c, a)->last; }

// The `if` that guards exit statement j alone (`if (c) return;`, `if (c) {
// continue; }`), standing as a statement of a block around `site`: -1 when
// j is not so.
static int exit_guard(const Ctx *c, int j, int site) {
  int kids[2], g = node_at(c, j)->parent;
  if (g >= 0 && node_at(c, g)->kind == CXCursor_CompoundStmt && front_children(c->front, g, kids, 2) == 1)
    g = node_at(c, g)->parent;
  if (g < 0 || node_at(c, g)->kind != CXCursor_IfStmt || front_children(c->front, g, kids, 2) != 2 ||
      holds(c, kids[0], j))
    return -1;
  int block = node_at(c, g)->parent;
  return block >= 0 && node_at(c, block)->kind == CXCursor_CompoundStmt && holds(c, block, site) ? g : -1;
}

// The returns, breaks, continues and gotos before `off` in `top` (the site
// `site`, or the call that runs it) under a condition on the thread: some
// threads leave before the site. Those that cannot keep a thread from it (a
// break of a loop the site is not in, a return of a lambda it is not in) are
// passed over; one that an `if` of its own guards, in a block around the
// site, lets through the threads where that condition fails: appended to
// parts as wanted false (fixed: a return or break, whose thread stays gone in
// the loop's later rounds, so the condition must not change between them).
// False for any other.
static bool exit_guards(Ctx *c, const Kernel *k, int top, size_t off, int site, int *parts, bool *wants, bool *fixed,
                        int *n) {
  for (int j = top; j <= node_at(c, top)->last && node_at(c, j)->start < off; j++) {
    enum CXCursorKind kind = node_at(c, j)->kind;
    if (!front_is_jump(kind)) continue;
    bool in_lambda = false, divergent = false;  // a lambda's return leaves the lambda only
    for (int p = node_at(c, j)->parent; p >= 0 && p != top && !in_lambda; p = node_at(c, p)->parent)
      in_lambda = node_at(c, p)->kind == CXCursor_LambdaExpr;
    for (int p = node_at(c, j)->parent; p >= 0 && p != top && !in_lambda && !divergent; p = node_at(c, p)->parent)
      divergent = thread_dependent_condition(c, k, p, node_at(c, j)->start);
    if (!divergent) continue;
    int target = kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt ? jump_target(c, j) : -1;
    if (target >= 0 && !holds(c, target, site)) continue;  // it ends a loop the site is not in
    int g = kind == CXCursor_GotoStmt ? -1 : exit_guard(c, j, site);
    if (g < 0 || *n == MAX_CONDS) return false;
    parts[*n] = g + 1, wants[*n] = false, fixed[*n] = kind != CXCursor_ContinueStmt, ++*n;
  }
  return true;
}

// Whether node x's value is the same in every thread of the block: it reads
// no thread index, no partition index, calls nothing (`tirx_lane_id()`,
// `elect_one_sync()`, a helper), and reads locals only through their one
// initializer, itself such (a local assigned later, under an `if` on the
// thread, may differ).
static bool block_uniform(Ctx *c, const Kernel *k, ReachWalk *walk, int x, int depth) {
  CXCursor part = kernel_partition_var(c, k);
  for (int j = x; j <= node_at(c, x)->last; j++) {
    const Node *n = node_at(c, j);
    if (n->kind == CXCursor_CallExpr || n->kind == CXCursor_LambdaExpr || thread_axis(c, n->cur)) return false;
    if (n->kind != CXCursor_DeclRefExpr) continue;
    CXCursor d = clang_getCursorReferenced(n->cur);
    if (!clang_Cursor_isNull(part) && clang_equalCursors(d, part)) return false;
    if (clang_getCursorKind(d) == CXCursor_ParmDecl &&
        !clang_equalCursors(clang_getCursorSemanticParent(d), node_at(c, k->func)->cur))
      return false;  // a lambda's parameter: what the call passes, maybe the thread's
    if (clang_getCursorKind(d) != CXCursor_VarDecl || !automatic_in(c, d, k->func)) continue;
    long long v;
    if (walk && loop_counter(c, k, d) && walk->value(walk->ctx, d, &v)) {  // one value for the index
      walk->used = true;
      continue;
    }
    if (depth >= MAX_DEPTH || assigns_to(c, k->func, d) >= 0 || aliased_in(c, k->func, d) >= 0) return false;
    int decl = node_of_cursor(c, d), init = -1;
    CXCursor var;
    if (decl < 0 || !assignment_at(c, decl, clang_getNullCursor(), &var, &init) || init < 0 ||
        !block_uniform(c, k, walk, init, depth + 1))
      return false;
  }
  return true;
}

// The parts of condition node x that must each be `want` for the branch to
// run: the operands of `a && b` when it must hold, of `a || b` when it must
// not; appended to parts (at most MAX_CONDS).
static bool split(const Ctx *c, int x, bool want, int *parts, bool *wants, int *n) {
  while ((node_at(c, x)->kind == CXCursor_ParenExpr || node_at(c, x)->kind == CXCursor_UnexposedExpr) &&
         node_at(c, x)->last > x)
    x++;  // the first child
  int kids[2];
  if (node_at(c, x)->kind == CXCursor_BinaryOperator && front_children(c->front, x, kids, 2) == 2) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(node_at(c, x)->cur);
    if ((op == CXBinaryOperator_LAnd && want) || (op == CXBinaryOperator_LOr && !want))
      return split(c, kids[0], want, parts, wants, n) && split(c, kids[1], want, parts, wants, n);
  }
  if (*n == MAX_CONDS) return false;
  parts[*n] = x, wants[*n] = want, ++*n;
  return true;
}

// The frame of a lambda that one call runs (`call`: the use of the variable
// that holds it, or the lambda called where it stands): its parameters bound
// to the call's arguments (after the lambda itself, operator()'s first);
// none when the call is not found.
static Frame *lambda_frame(Ctx *c, int lambda, int call) {
  Frame *f = arena_alloc(c->arena, sizeof(Frame));
  *f = (Frame){.func = lambda, .def = node_at(c, lambda)->cur};
  int at = call;
  for (int up = 0; up < 3 && at >= 0 && node_at(c, at)->kind != CXCursor_CallExpr; up++) at = node_at(c, at)->parent;
  if (at < 0 || node_at(c, at)->kind != CXCursor_CallExpr) return f;
  CXCursor e = node_at(c, at)->cur;
  int nargs = clang_Cursor_getNumArguments(e) - 1;
  if (nargs < 1 || nargs > MAX_ARGS || nargs != parameters(f->def, NULL, MAX_ARGS)) return f;
  for (int a = 0; a < nargs; a++) f->args[a] = clang_Cursor_getArgument(e, (unsigned)(a + 1));
  f->nargs = nargs;
  return f;
}

int threads_reaching(Ctx *c, const Kernel *k, int i, int top, size_t off, int v) {
  return threads_reaching_at(c, k, i, top, off, v, NULL);
}

static int reaching(Ctx *c, const Kernel *k, int i, int top, size_t off, int v, ReachWalk *walk, int only);

// Whether tree node x has one value in all of index v's threads.
static bool same_in_every_lane(const Tree *t, int x, int v) {
  long long first = 0, r;
  for (long long lane = 0; lane < t->k->group; lane++) {
    if (!eval(t, x, (long long)v * t->k->group + lane, v, &r)) return false;
    if (lane == 0) first = r;
    if (r != first) return false;
  }
  return true;
}

int threads_reaching_at(Ctx *c, const Kernel *k, int i, int top, size_t off, int v, ReachWalk *walk) {
  return reaching(c, k, i, top, off, v, walk, -1);
}

int thread_reaches(Ctx *c, const Kernel *k, int i, int top, size_t off, int thread) {
  return k->nparts && k->group ? reaching(c, k, i, top, off, thread / k->group, NULL, thread % k->group) : -1;
}

// The threads of index v that reach the site, or (only >= 0) whether that
// lane of v does.
static int reaching(Ctx *c, const Kernel *k, int i, int top, size_t off, int v, ReachWalk *walk, int only) {
  if (!k->nparts) return -1;
  // One tree for all of a walk's calls (it visits a site once a round).
  Tree *t = walk && walk->scratch ? walk->scratch : arena_alloc(c->arena, sizeof(Tree));
  if (walk) walk->scratch = t;
  Frame *kernel = arena_alloc(c->arena, sizeof(Frame));
  *kernel = (Frame){.func = k->func, .def = clang_getNullCursor()};
  *t = (Tree){.c = c, .k = k, .part_var = kernel_partition_var(c, k), .walk = walk, .frame = kernel};
  int parts[MAX_CONDS], conds[MAX_CONDS], n = 0, nconds = 0;
  bool wants[MAX_CONDS], want[MAX_CONDS], fixed[MAX_CONDS] = {false};
  // A lambda's site runs where the lambda's one call runs, under what stands
  // there too: the walk up goes on from the call, its parameters standing for
  // the call's arguments (frames[j]: the function part j is read in).
  Frame *frames[MAX_CONDS], *inner = NULL;
  int nlambdas = 0, first_outer = 0;  // parts before first_outer are the current lambda's
  if (off < node_at(c, top)->start || off >= node_at(c, top)->end) return -1;
  int next, site = i;  // the site, then the call of the lambda it is in
  for (int p = node_at(c, i)->parent; p >= 0 && p != top; p = next) {
    next = node_at(c, p)->parent;
    if (node_at(c, p)->kind == CXCursor_LambdaExpr) {
      int call = run_parent(c, k, p);
      if (call < 0 || nlambdas == MAX_CONDS || !exit_guards(c, k, p, off, site, parts, wants, fixed, &n)) return -1;
      Frame *f = lambda_frame(c, p, call);
      for (int j = first_outer; j < n; j++) frames[j] = f;
      if (inner) inner->caller = f;
      inner = f, nlambdas++, first_outer = n;
      off = node_at(c, call)->start, next = call, site = call;
      continue;
    }
    int cond = deciding_condition(c, p, off);
    if (cond < 0) continue;
    enum CXCursorKind kind = node_at(c, p)->kind;
    if (kind != CXCursor_IfStmt && kind != CXCursor_ConditionalOperator && kind != CXCursor_BinaryOperator) {
      // A loop or switch: the deadlock check's walk counts its rounds, when
      // they are the same for the whole index.
      if (thread_dependent_condition(c, k, p, off)) return -1;
      continue;
    }
    if (!split(c, cond, taken_when_true(c, p, off), parts, wants, &n)) return -1;
  }
  if (!exit_guards(c, k, top, off, site, parts, wants, fixed, &n)) return -1;
  for (int j = first_outer; j < n; j++) frames[j] = kernel;
  if (inner) inner->caller = kernel;
  for (int j = 0; j < n; j++) {
    t->frame = frames[j], t->walk = fixed[j] ? NULL : walk;  // (no loop counter: the same in every round)
    int x = compile(t, node_at(c, parts[j])->cur, 0);
    if (x < 0 && fixed[j] && walk) {  // `if (h == 3) break;`: a condition of the round, which the walk takes
      t->walk = walk;
      int y = compile(t, node_at(c, parts[j])->cur, 0);
      if (y >= 0 && same_in_every_lane(t, y, v)) {
        t->frame = kernel;
        continue;
      }
    }
    t->frame = kernel, t->walk = walk;
    if (x >= 0) {
      conds[nconds] = x, want[nconds++] = wants[j];
      continue;
    }
    // What is the same in all of the block's threads lets all of them pass
    // or none (taken to pass, as the deadlock check's walk takes both
    // branches); anything else may let some of an index's threads through.
    if (!block_uniform(c, k, fixed[j] ? NULL : walk, parts[j], 0)) return -1;
  }
  int count = 0;
  for (long long lane = only < 0 ? 0 : only; lane < (only < 0 ? k->group : only + 1); lane++) {
    bool in = true;
    for (int j = 0; j < nconds && in; j++) {
      long long r;
      if (!eval(t, conds[j], (long long)v * k->group + lane, v, &r)) return -1;
      in = (r != 0) == want[j];
    }
    count += in;
  }
  return count;
}
