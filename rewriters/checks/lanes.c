// lanes.c - which values may differ between the lanes of one warp, for the
// uniformity check of `elect` (uniform.c): elect.sync with the full mask
// waits for all 32 lanes of the warp (PTX ISA, elect.sync), so a condition
// above it must be the same in every lane.
//
// A value is WARP_UNIFORM (constants, parameters, blockIdx, blockDim,
// gridDim, loop counters and what is computed from them only), a thread
// index WARP_THREAD (threadIdx.x, plus or modulo a multiple of 32: each lane
// holds its lane number plus a warp-uniform multiple of 32, so `t / 32` and
// `t < 32` are uniform, `t % 32` and `t == 0` are not), WARP_LANE (differs
// between the lanes: a lane number, thread_rank() of a group smaller than the
// block, a load at a per-lane address, a shuffle down) or WARP_UNKNOWN
// (threadIdx.y and .z: a warp holds several rows when blockDim.x is not a
// multiple of 32). blockDim.x is taken as a multiple of 32. Locals follow
// their initializers and assignments, whole or in part (a member, an element,
// through a pointer or reference to them, a call given their address), joined
// over all of them (flow-insensitive, except that a plain assignment in a
// block around the point read, before it and in no loop, drops the earlier
// ones); a write under a lane-dependent condition is lane-dependent. A
// helper of this file is followed to its returns, four
// calls deep; a function from elsewhere gives a warp-uniform value for
// warp-uniform arguments, except the lane intrinsics named below.
#include <stdio.h>
#include <string.h>

#include "ast.h"
#include "lanes.h"

enum {
  MAX_DEPTH = 4,     // helpers followed, as uniform.c follows them
  MAX_NESTING = 64,  // an expression nested deeper is not proven uniform (and no recursion runs away)
};

typedef struct {
  CXCursor var;
  WarpValue v;
} Binding;

typedef VEC(Binding) Bindings;

struct WarpEnv {
  int func, depth, nesting;
  int at;  // the node the values are read at (-1: anywhere in the function)
  Bindings vars;
  Bindings params;
  Bindings through;    // what is written through a pointer or reference local (`*p = e`, `p[i] = e`)
  VEC(CXCursor) asserted;  // `#pragma tirx uniform(x)`: read as warp-uniform whatever they are assigned
};

static bool asserted(const WarpEnv *env, CXCursor var) {
  for (int i = 0; i < env->asserted.len; i++)
    if (clang_equalCursors(env->asserted.items[i], var)) return true;
  return false;
}

static WarpValue of(WarpKind kind, CXCursor why) { return (WarpValue){kind, false, why}; }

static WarpValue same(bool aligned) { return (WarpValue){WARP_UNIFORM, aligned, clang_getNullCursor()}; }

#define uniform same(false)

static WarpValue join(WarpValue a, WarpValue b) {
  if (a.kind != b.kind) return a.kind > b.kind ? a : b;
  a.aligned = a.aligned && b.aligned;
  return a;
}

// A thread index that went through anything but a warp-aligned shift is
// lane-dependent.
static WarpValue mixed(WarpValue v, CXCursor at) {
  return v.kind == WARP_THREAD ? of(WARP_LANE, at) : v;
}

static bool named(CXCursor cur, const char *name) {
  CXString s = clang_getCursorSpelling(cur);
  bool yes = !strcmp(clang_getCString(s), name);
  clang_disposeString(s);
  return yes;
}

static bool constant(CXCursor e, long long *v) {
  bool u;
  return clang_isExpression(clang_getCursorKind(e)) && front_eval_int(e, v, &u);
}

static WarpValue *bound(Binding *b, int n, CXCursor var) {
  for (int i = 0; i < n; i++)
    if (clang_equalCursors(b[i].var, var)) return &b[i].v;
  return NULL;
}

// The last character of an expression's text (`x` of threadIdx.x: clang
// names the property of a built-in coordinate nowhere else); 0 if unknown.
static char last_char(const Ctx *c, CXCursor e) {
  // The expression's spelling location is its base's first token, in the file
  // or in the body of the macro that spells it (`#define WARP (threadIdx.x / 32)`):
  // read `NAME . c` from there.
  CXFile file;
  unsigned off;
  clang_getSpellingLocation(clang_getCursorLocation(e), &file, NULL, NULL, &off);
  size_t len;
  const char *text = file ? clang_getFileContents(c->front->tu, file, &len) : NULL;
  if (!text || off >= len) return 0;
  size_t i = off;
  while (i < len && (is_ident_char((unsigned char)text[i]))) i++;
  while (i < len && (text[i] == ' ' || text[i] == '\t')) i++;
  if (i >= len || text[i] != '.') return 0;
  for (i++; i < len && (text[i] == ' ' || text[i] == '\t'); i++) {}
  return i + 1 < len && !is_ident_char((unsigned char)text[i + 1]) ? text[i] : i + 1 == len ? text[i] : 0;
}

char thread_axis(const Ctx *c, CXCursor e) {
  CXCursor kids[1];
  e = front_strip(e);
  if (clang_getCursorKind(e) != CXCursor_MemberRefExpr || cursor_children(e, kids, 1) < 1) return 0;
  CXCursor base = front_strip(kids[0]);
  return clang_getCursorKind(base) == CXCursor_DeclRefExpr && named(base, "threadIdx") ? last_char(c, e) : 0;
}

// threadIdx.x and the other built-in coordinates (`base` is the object,
// `member` the MemberRefExpr).
static bool builtin(const Ctx *c, CXCursor base, CXCursor member, WarpValue *out) {
  base = front_strip(base);
  if (clang_getCursorKind(base) != CXCursor_DeclRefExpr) return false;
  CXString s = clang_getCursorSpelling(base);
  const char *b = clang_getCString(s);
  bool x = last_char(c, member) == 'x', yes = true;
  if (!strcmp(b, "threadIdx"))
    *out = x ? of(WARP_THREAD, clang_getNullCursor()) : of(WARP_UNKNOWN, member);
  else if (!strcmp(b, "blockDim"))
    *out = same(x);
  else if (!strcmp(b, "blockIdx") || !strcmp(b, "gridDim"))
    *out = uniform;
  else
    yes = false;
  clang_disposeString(s);
  return yes;
}

static int children(CXCursor cur, CXCursor *out, int max) { return cursor_children(cur, out, max); }

static WarpValue binary(CXCursor at, enum CXBinaryOperatorKind op, WarpValue a, WarpValue b, CXCursor rhs) {
  long long k = 0;
  bool kc = constant(rhs, &k);
  bool au = a.kind == WARP_UNIFORM, bu = b.kind == WARP_UNIFORM;
  if (au && bu) {
    bool aligned = false;
    switch (op) {
    case CXBinaryOperator_Add:
    case CXBinaryOperator_Sub:
    case CXBinaryOperator_And: aligned = a.aligned && b.aligned; break;
    case CXBinaryOperator_Mul: aligned = a.aligned || b.aligned; break;
    case CXBinaryOperator_Shl: aligned = a.aligned || (kc && k >= 5); break;
    default: break;
    }
    return same(aligned);
  }
  if (a.kind > WARP_THREAD || b.kind > WARP_THREAD) return join(a, b);
  // One side (at least) is a thread index, the other uniform or a thread index.
  WarpValue t = a.kind == WARP_THREAD ? a : b, u = a.kind == WARP_THREAD ? b : a;
  bool both = a.kind == WARP_THREAD && b.kind == WARP_THREAD;
  switch (op) {
  case CXBinaryOperator_Add:
    return !both && u.aligned ? t : of(WARP_LANE, at);
  case CXBinaryOperator_Sub:  // t - 32 * w: a thread index still (and w * 32 - t is not)
    return a.kind == WARP_THREAD && bu && b.aligned ? a : of(WARP_LANE, at);
  case CXBinaryOperator_Div:
    return a.kind == WARP_THREAD && kc && k > 0 && k % 32 == 0 ? uniform : of(WARP_LANE, at);
  case CXBinaryOperator_Rem:
    return a.kind == WARP_THREAD && kc && k > 0 && k % 32 == 0 ? a : of(WARP_LANE, at);
  case CXBinaryOperator_Shr:
    return a.kind == WARP_THREAD && kc && k >= 5 ? uniform : of(WARP_LANE, at);
  case CXBinaryOperator_And:  // t & ~31 is the warp's first thread; t & 127 a thread index
    if (a.kind == WARP_THREAD && kc && (k & 31) == 0) return uniform;
    return a.kind == WARP_THREAD && kc && (k & 31) == 31 && ((k + 1) & k) == 0 ? a : of(WARP_LANE, at);
  case CXBinaryOperator_LT:
  case CXBinaryOperator_GT:
  case CXBinaryOperator_LE:  // t <= 31 splits no warp either
  case CXBinaryOperator_GE:
    if (both) return of(WARP_LANE, at);
    if (u.aligned) return op == CXBinaryOperator_LT || op == CXBinaryOperator_GE ? uniform : of(WARP_LANE, at);
    // t <= 32 * n - 1, t > 32 * n - 1
    if (kc && (k + 1) % 32 == 0 && (op == CXBinaryOperator_LE || op == CXBinaryOperator_GT)) return uniform;
    return of(WARP_LANE, at);
  case CXBinaryOperator_Comma: return b;
  default: return of(WARP_LANE, at);
  }
}

static WarpValue value(Ctx *c, WarpEnv *env, CXCursor e);

// Whether k is the reference to the operator function of an operator call
// (`a + b` on a class type: `operator+`, or in a template the candidates of a
// dependent one).
static bool is_operator_ref(CXCursor k) {
  k = front_strip(k);
  if (clang_getCursorKind(k) != CXCursor_DeclRefExpr) return false;
  CXCursor ref[1];
  bool overloaded =
      cursor_child_count(k) == 1 && children(k, ref, 1) && clang_getCursorKind(ref[0]) == CXCursor_OverloadedDeclRef;
  CXString s = clang_getCursorSpelling(overloaded ? ref[0] : k);
  bool op = !strncmp(clang_getCString(s), "operator", 8);
  clang_disposeString(s);
  return op;
}

// The arguments of the call e (at most 16) and a method's object (null if
// none). A call's children are its callee, then its arguments, a method's
// object the MemberRefExpr's base; an operator written as one (`v + w`,
// `acc += x`) has them in source order, its operands around the operator's
// reference, a member operator's object first; a construction (`float2 v =
// in[t]`) has the arguments alone.
static int call_args(CXCursor e, CXCursor callee, CXCursor *arg, CXCursor *obj) {
  CXCursor kids[17];
  int nk = children(e, kids, 17), n = 0, op = -1;
  *obj = clang_getNullCursor();
  enum CXCursorKind k = clang_getCursorKind(callee);
  for (int i = 1; i < nk && op < 0; i++)
    if (is_operator_ref(kids[i])) op = i;
  int first = k == CXCursor_Constructor ? 0 : 1;
  if (op > 0) {
    if (k == CXCursor_CXXMethod)
      *obj = kids[0];
    else
      first = 0;
  } else if (nk >= 1 && clang_getCursorKind(front_strip(kids[0])) == CXCursor_MemberRefExpr) {
    CXCursor base[1];
    if (children(front_strip(kids[0]), base, 1) >= 1) *obj = base[0];
  }
  for (int i = first; i < nk && n < 16; i++)
    if (i != op) arg[n++] = kids[i];
  return n;
}

// Which of a helper's returns runs is decided by the statements around it
// (`if (lane) return false; return true;` returns a lane's value from two
// constants): the join of their conditions, every expression that is a
// direct child of an if, a loop, a switch or a ?: above return `ret` in `fn`.
static WarpValue return_taken(Ctx *c, WarpEnv *env, int fn, int ret) {
  WarpValue r = uniform;
  for (int p = node_at(c, ret)->parent; p >= 0 && p != fn; p = node_at(c, p)->parent) {
    enum CXCursorKind k = node_at(c, p)->kind;
    if (k != CXCursor_IfStmt && k != CXCursor_SwitchStmt && k != CXCursor_ConditionalOperator && !front_is_loop(k))
      continue;
    for (int j = p + 1; j <= node_at(c, p)->last; j = node_at(c, j)->last + 1)
      if (clang_isExpression(node_at(c, j)->kind))
        r = join(r, mixed(value(c, env, node_at(c, j)->cur), node_at(c, j)->cur));  // its truth: a lane's
  }
  return r;
}

// The member a call names by its text (`Sum` of `BlockReduceT(tmp).Sum(x)`):
// where the object's type depends on a template parameter, clang leaves the
// member unresolved and names it nowhere else. NULL when it is not a plain
// name at the end of the callee's text.
static const char *member_spelled(const Ctx *c, CXCursor member) {
  unsigned a, b;
  const char *text = cursor_file_text(c, member, &a, &b);
  if (!text) return NULL;
  unsigned from = b;
  while (from > a && is_ident_char((unsigned char)text[from - 1])) from--;
  return from < b ? arena_printf(c->arena, "%.*s", (int)(b - from), text + from) : NULL;
}

const char *cub_reduction(const Ctx *c, CXCursor call) {
  call = front_strip(call);
  if (clang_getCursorKind(call) != CXCursor_CallExpr) return NULL;
  CXCursor callee = clang_getCursorReferenced(call), member, object, cls;
  if (!clang_Cursor_isNull(callee)) {
    if (!named(callee, "Sum") && !named(callee, "Reduce")) return NULL;
    cls = clang_getCursorSemanticParent(callee);
  } else {
    // In a template over T: `cub::BlockReduce<T, N>(tmp).Sum(x)`, the object's
    // type a specialization of the class template that depends on T.
    if (children(call, &member, 1) < 1 || clang_getCursorKind(member = front_strip(member)) != CXCursor_MemberRefExpr ||
        children(member, &object, 1) < 1)
      return NULL;
    CXType t = clang_getCanonicalType(clang_getCursorType(object));
    if (t.kind == CXType_Pointer) t = clang_getCanonicalType(clang_getPointeeType(t));  // `p->Sum(x)`
    const char *name = member_spelled(c, member);
    if (!name || (strcmp(name, "Sum") && strcmp(name, "Reduce"))) return NULL;
    cls = clang_getTypeDeclaration(t);
  }
  if (!in_namespace(cls, "cub")) return NULL;
  return named(cls, "BlockReduce") ? "BlockReduce" : named(cls, "WarpReduce") ? "WarpReduce" : NULL;
}

// What a call returns: a lane intrinsic, a group's rank, a helper of this
// file followed to its returns, or any other function of its arguments.
static WarpValue call(Ctx *c, WarpEnv *env, CXCursor e) {
  CXCursor callee = clang_getCursorReferenced(e);
  CXString s = clang_getCursorSpelling(callee);
  char name[64];
  snprintf(name, sizeof name, "%s", clang_getCString(s));
  clang_disposeString(s);
  CXCursor arg[16], obj;
  int nargs = call_args(e, callee, arg, &obj);
  WarpValue args = uniform;
  for (int i = 0; i < nargs; i++) args = join(args, value(c, env, arg[i]));
  if (!clang_Cursor_isNull(obj)) args = join(args, value(c, env, obj));
  if (!strncmp(name, "__lanemask_", 11) || !strcmp(name, "tirx_lane_id") || !strcmp(name, "__match_any_sync") ||
      !strcmp(name, "LaneId") || !strcmp(name, "laneid"))
    return of(WARP_LANE, e);
  // An atomic's old value: each lane's read-modify-write sees the ones before
  // it, so the lanes get different values from the same arguments (but one
  // made under the elect itself is the elected lane's only).
  if ((!strncmp(name, "atomic", 6) || !strncmp(name, "fetch_", 6) || !strcmp(name, "exchange") ||
       !strncmp(name, "compare_exchange", 16)) &&
      !(env->at >= 0 && cursor_in(c, e, env->at)))
    return of(WARP_LANE, e);
  // CUB's block and warp reductions: the result is defined in thread 0 (lane
  // 0) only ("undefined in other threads"), not in every lane.
  if (cub_reduction(c, e)) return of(WARP_LANE, e);
  if (!strcmp(name, "thread_rank") || !strcmp(name, "thread_index")) {
    // A block's or a grid's rank is a thread index; a tile's or a coalesced group's is the lane's.
    // Another class's thread_rank() is taken for a lane's: it may be one.
    static const char *const wholes[] = {"thread_block", "grid_group", "cluster_group", NULL};
    const char *group = clang_Cursor_isNull(obj) ? NULL : cg_class_name(c->arena, clang_getCursorType(obj));
    bool whole = false;
    for (int w = 0; group && wholes[w]; w++) whole |= !strcmp(group, wholes[w]);
    bool any_group = group && !strcmp(group, "thread_group");  // a block or a tile: not known
    return whole ? of(WARP_THREAD, clang_getNullCursor()) : any_group ? of(WARP_UNKNOWN, e) : of(WARP_LANE, e);
  }
  if (!strcmp(name, "__ballot_sync") || !strcmp(name, "__any_sync") || !strcmp(name, "__all_sync") ||
      !strcmp(name, "__activemask") || !strncmp(name, "__reduce_", 9) || !strcmp(name, "__match_all_sync") ||
      !strncmp(name, "__syncthreads_", 14))
    return uniform;  // one answer for the whole warp
  if (!strcmp(name, "__shfl_sync") || !strcmp(name, "shfl")) {
    // From one source lane: uniform when that lane is, over the whole warp
    // (a width below 32 reads one lane per segment).
    int src = !strcmp(name, "shfl") ? 1 : 2;
    long long width = 32;
    if (nargs > src + 1 && !constant(arg[src + 1], &width)) width = 32;  // the default, warpSize
    if (nargs > src && width >= 32 && value(c, env, arg[src]).kind == WARP_UNIFORM) return uniform;
    return of(WARP_LANE, e);
  }
  if (!strncmp(name, "__shfl_", 7) || !strcmp(name, "shfl_down") || !strcmp(name, "shfl_up") ||
      !strcmp(name, "shfl_xor")) {  // from other lanes: as uniform as the value
    int v = name[0] == '_' ? 1 : 0;
    return nargs > v && value(c, env, arg[v]).kind == WARP_UNIFORM
               ? uniform
               : of(WARP_LANE, e);
  }
  // A helper of this file (a template's, a lambda's too): its returns, with
  // its parameters bound to the arguments.
  int fn = called_definition(c, e);
  if (fn >= 0 && fn != env->func && env->depth < MAX_DEPTH) {
    WarpValue *params = arena_alloc(c->arena, sizeof(WarpValue) * (size_t)(nargs + 1));
    for (int i = 0; i < nargs; i++) params[i] = value(c, env, arg[i]);
    WarpEnv *inner = warp_env(c, fn, params, nargs, env->depth + 1);
    WarpValue r = uniform;
    bool any = false;
    for (int i = fn + 1; i <= node_at(c, fn)->last; i++) {
      CXCursor ret[1];
      if (node_at(c, i)->kind != CXCursor_ReturnStmt || node_at(c, i)->func != fn || children(node_at(c, i)->cur, ret, 1) < 1)
        continue;
      WarpValue v = join(value(c, inner, ret[0]), return_taken(c, inner, fn, i));
      r = any ? join(r, v) : v;
      any = true;
    }
    if (r.kind >= WARP_UNKNOWN) r.why = e;
    return r;
  }
  return mixed(args, e);
}

static WarpValue value_of(Ctx *c, WarpEnv *env, CXCursor e);

static WarpValue value(Ctx *c, WarpEnv *env, CXCursor e) {
  if (env->nesting >= MAX_NESTING) return of(WARP_UNKNOWN, e);
  env->nesting++;
  WarpValue v = value_of(c, env, e);
  env->nesting--;
  return v;
}

static WarpValue value_of(Ctx *c, WarpEnv *env, CXCursor e) {
  e = front_strip(e);
  long long k;
  enum CXCursorKind kind = clang_getCursorKind(e);
  if (constant(e, &k)) return same(k % 32 == 0);
  CXCursor kids[3];
  int n = cursor_child_count(e);  // all of them: the arity tests below are exact
  children(e, kids, 3);
  switch (kind) {
  case CXCursor_DeclRefExpr: {
    CXCursor ref = clang_getCursorReferenced(e);
    if (named(ref, "warpSize")) return same(true);
    if (asserted(env, ref)) return uniform;
    WarpValue *v = bound(env->vars.items, env->vars.len, ref);
    if (!v) v = bound(env->params.items, env->params.len, ref);
    if (v && v->kind >= WARP_UNKNOWN && clang_Cursor_isNull(v->why)) return of(v->kind, e);
    if (v) return *v;
    return uniform;
  }
  case CXCursor_MemberRefExpr: {
    WarpValue b;
    if (n >= 1 && builtin(c, kids[0], e, &b)) return b;
    return n >= 1 ? mixed(value(c, env, kids[0]), e) : uniform;
  }
  case CXCursor_ArraySubscriptExpr:  // a load at a per-lane address differs between the lanes
    return n == 2 ? mixed(join(value(c, env, kids[0]), value(c, env, kids[1])), e) : uniform;
  case CXCursor_UnaryOperator: {
    if (n < 1) return uniform;
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
    WarpValue v = value(c, env, kids[0]);
    if (op == CXUnaryOperator_Plus || op == CXUnaryOperator_AddrOf) return v;
    return mixed(v, e);
  }
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    if (n != 2) return uniform;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    WarpValue a = value(c, env, kids[0]), b = value(c, env, kids[1]);
    if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) return mixed(join(a, b), e);
    if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE)
      return a.kind == WARP_UNIFORM && b.kind == WARP_UNIFORM ? uniform : mixed(join(a, b), e);
    if (op == CXBinaryOperator_Assign) return b;
    static const enum CXBinaryOperatorKind plain[] = {
        CXBinaryOperator_Mul, CXBinaryOperator_Div, CXBinaryOperator_Rem, CXBinaryOperator_Add,
        CXBinaryOperator_Sub, CXBinaryOperator_Shl, CXBinaryOperator_Shr, CXBinaryOperator_And,
        CXBinaryOperator_Xor, CXBinaryOperator_Or};  // x op= e is x op e
    if (op > CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign) op = plain[op - CXBinaryOperator_MulAssign];
    // t > 32 * n - 1 and 32 * n <= t: the thread index on the right turns the comparison around.
    if (b.kind == WARP_THREAD && a.kind == WARP_UNIFORM && op >= CXBinaryOperator_LT && op <= CXBinaryOperator_GE) {
      static const enum CXBinaryOperatorKind flip[] = {CXBinaryOperator_GT, CXBinaryOperator_LT, CXBinaryOperator_GE,
                                                       CXBinaryOperator_LE};
      return binary(e, flip[op - CXBinaryOperator_LT], b, a, kids[0]);
    }
    return binary(e, op, a, b, kids[1]);
  }
  case CXCursor_ConditionalOperator: {
    if (n != 3) return uniform;
    WarpValue cond = value(c, env, kids[0]);
    WarpValue arms = join(value(c, env, kids[1]), value(c, env, kids[2]));
    return cond.kind == WARP_UNIFORM ? arms : mixed(join(cond, arms), e);
  }
  case CXCursor_CallExpr: return call(c, env, e);
  case CXCursor_LambdaExpr: return uniform;
  default: {  // casts, constructions, pseudo-objects: what they are made of
    CXCursor all[16];
    int m = children(e, all, 16), exprs = 0;
    WarpValue v = uniform;
    for (int i = 0; i < m; i++)
      if (clang_isExpression(clang_getCursorKind(all[i]))) v = exprs++ ? join(v, value(c, env, all[i])) : value(c, env, all[i]);
    return exprs > 1 ? mixed(v, e) : v;
  }
  }
}

WarpValue warp_value(Ctx *c, WarpEnv *env, CXCursor expr) { return value(c, env, expr); }

WarpValue warp_var(WarpEnv *env, CXCursor var) {
  WarpValue *v = bound(env->vars.items, env->vars.len, var);
  if (!v) v = bound(env->params.items, env->params.len, var);
  return v ? *v : uniform;
}

int warp_args(Ctx *c, WarpEnv *caller, CXCursor call, WarpValue *out, CXCursor *args, int max) {
  CXCursor arg[16], obj;
  int nargs = call_args(call, clang_getCursorReferenced(call), arg, &obj);
  if (nargs > max) nargs = max;
  for (int i = 0; i < nargs; i++) {
    out[i] = value(c, caller, arg[i]);
    if (args) args[i] = arg[i];
  }
  return nargs;
}

WarpEnv *warp_env_of_call(Ctx *c, WarpEnv *caller, CXCursor call, int callee) {
  WarpValue *params = arena_alloc(c->arena, sizeof(WarpValue) * 16);
  int nargs = warp_args(c, caller, call, params, NULL, 16);
  return warp_env(c, callee, params, nargs, caller->depth + 1);
}

// Binds var in `in` to v joined with what it holds already; true when that grew.
static bool bind_in(Ctx *c, Bindings *in, CXCursor var, WarpValue v) {
  WarpValue *old = bound(in->items, in->len, var);
  if (!old) {
    Binding b = {var, v};
    VEC_PUSH(c->arena, *in, b);
    return true;
  }
  WarpValue j = join(*old, v);
  if (j.kind == old->kind && j.aligned == old->aligned) return false;
  *old = j;
  return true;
}

static bool bind(Ctx *c, WarpEnv *env, CXCursor var, WarpValue v) { return bind_in(c, &env->vars, var, v); }

// Whether node i and node at are in one loop of their function: a value
// assigned at i may then reach `at` on the next iteration.
static bool in_one_loop(const Ctx *c, int i, int at) {
  for (int p = node_at(c, i)->parent; p >= 0 && p != node_at(c, i)->func; p = node_at(c, p)->parent) {
    enum CXCursorKind k = node_at(c, p)->kind;
    bool loop = k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_CXXForRangeStmt;
    if (loop && at >= p && at <= node_at(c, p)->last) return true;
  }
  return false;
}

// Whether var is a variable of this function (a local or a parameter) that
// is not the block's (__shared__) nor static: each thread has its own.
static bool own_var(Ctx *c, int func, CXCursor var) {
  enum CXCursorKind k = clang_getCursorKind(var);
  if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl) return false;
  int node = node_of_cursor(c, var);
  return node >= 0 && node_at(c, node)->func == func && !is_block_variable(var);
}

static bool is_array(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_ConstantArray || t.kind == CXType_DependentSizedArray;  // `float f[N]` in a template
}

static bool is_pointer(CXCursor e) {
  return clang_getCanonicalType(clang_getCursorType(front_strip(e))).kind == CXType_Pointer;
}

// The variable that a write to the lvalue `lhs` changes: `x`, `s.m`, `a[i]`
// change x (*through false); `*p`, `p[i]`, `p->m` change what the pointer p
// points to (*through true). Null when it is none of these.
static CXCursor written_var(CXCursor lhs, bool *through) {
  lhs = front_strip(lhs);
  CXCursor kids[2];
  int nk = cursor_child_count(lhs);  // all of them: `a[i]` has two exactly
  cursor_children(lhs, kids, 2);
  enum CXCursorKind k = clang_getCursorKind(lhs);
  *through = false;
  if (k == CXCursor_DeclRefExpr) return clang_getCursorReferenced(lhs);
  bool deref = k == CXCursor_UnaryOperator && nk == 1 && clang_getCursorUnaryOperatorKind(lhs) == CXUnaryOperator_Deref;
  bool part = (k == CXCursor_ArraySubscriptExpr && nk == 2) || (k == CXCursor_MemberRefExpr && nk >= 1);
  if (!deref && !part) return clang_getNullCursor();
  if (part && !is_pointer(kids[0])) return written_var(kids[0], through);
  CXCursor p = front_strip(kids[0]);
  *through = true;
  return clang_getCursorKind(p) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(p) : clang_getNullCursor();
}

// The variable of this function whose address `e` is (`&x`, `&s.m`, `&a[i]`,
// an array `a`), null if none.
static CXCursor address_of_own(Ctx *c, int func, CXCursor e) {
  e = front_strip(e);
  CXCursor kid;
  bool through, array = clang_getCursorKind(e) == CXCursor_DeclRefExpr && is_array(clang_getCursorType(e));
  if (!array && !(clang_getCursorKind(e) == CXCursor_UnaryOperator &&
                  clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf && cursor_child_count(e) == 1 &&
                  cursor_children(e, &kid, 1)))
    return clang_getNullCursor();
  CXCursor var = written_var(array ? e : kid, &through);
  return !through && !clang_Cursor_isNull(var) && own_var(c, func, var) ? var : clang_getNullCursor();
}

// A pointer or reference local `alias` that names the local `target`
// (`int *p = &x`, `p = &x`, `int &r = x`): what is written through alias
// is written to target.
typedef struct {
  CXCursor alias, target;
} Alias;

typedef VEC(Alias) Aliases;

static Aliases aliases_of(Ctx *c, int func) {
  Aliases out = {0};
  for (int i = func + 1; i <= node_at(c, func)->last; i++) {
    CXCursor var;
    int from;
    if (!assignment_at(c, i, clang_getNullCursor(), &var, &from) || from < 0 || !own_var(c, func, var)) continue;
    CXType t = clang_getCanonicalType(clang_getCursorType(var));
    CXCursor target = clang_getNullCursor();
    if (t.kind == CXType_LValueReference && node_at(c, i)->kind == CXCursor_VarDecl) {
      bool through;
      target = written_var(node_at(c, from)->cur, &through);
      if (through || clang_Cursor_isNull(target) || !own_var(c, func, target)) target = clang_getNullCursor();
    } else if (t.kind == CXType_Pointer) {
      target = address_of_own(c, func, node_at(c, from)->cur);
    }
    if (!clang_Cursor_isNull(target)) VEC_PUSH(c->arena, out, ((Alias){var, target}));
  }
  return out;
}

// Whether a parameter of this type may be written through: a pointer or a
// reference to something not const (or, where the callee is not known, an
// argument's type: an array of non-const, which decays to such a pointer).
static bool writable_param(CXType t) {
  if (is_array(t)) return !clang_isConstQualifiedType(clang_getArrayElementType(clang_getCanonicalType(t)));
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Pointer && t.kind != CXType_LValueReference && t.kind != CXType_RValueReference) return false;
  return !clang_isConstQualifiedType(clang_getPointeeType(t));
}

// What the call at node i writes into the locals it is given by address or
// by reference: a helper of this file, what its body writes there; any other
// function, a value not proven uniform. True when a binding grew.
static bool bind_call_writes(Ctx *c, WarpEnv *env, int i, WarpValue ctl) {
  CXCursor call = node_at(c, i)->cur, callee = clang_getCursorReferenced(call);
  CXCursor def = clang_getCursorDefinition(callee);
  int fn = clang_Cursor_isNull(def) || !front_is_function(clang_getCursorKind(def)) ? -1 : node_of_cursor(c, def);
  int na = clang_Cursor_getNumArguments(call);
  WarpEnv *inner = NULL;
  bool grew = false;
  for (int a = 0; a < na; a++) {
    CXCursor arg = clang_Cursor_getArgument(call, a), param = clang_Cursor_getArgument(clang_Cursor_isNull(def) ? callee : def, a);
    bool by_ref = !clang_Cursor_isNull(param) && clang_getCanonicalType(clang_getCursorType(param)).kind == CXType_LValueReference;
    if (!clang_Cursor_isNull(param) && !writable_param(clang_getCursorType(param))) continue;
    if (clang_Cursor_isNull(param) && !writable_param(clang_getCursorType(front_strip(arg)))) continue;
    bool through;
    CXCursor var = by_ref ? written_var(arg, &through) : address_of_own(c, env->func, arg);
    if (clang_Cursor_isNull(var) || (by_ref && (through || !own_var(c, env->func, var)))) continue;
    if (fn < 0 || fn == env->func || env->depth >= MAX_DEPTH) {
      grew |= bind(c, env, var, join(of(WARP_UNKNOWN, call), ctl));
      continue;
    }
    if (!inner) inner = warp_env_of_call(c, env, call, fn);
    WarpValue *w = bound(by_ref ? inner->vars.items : inner->through.items, by_ref ? inner->vars.len : inner->through.len,
                         param);
    if (w) grew |= bind(c, env, var, join(w->kind >= WARP_UNKNOWN ? of(w->kind, call) : *w, ctl));
  }
  return grew;
}

// Joins v into what is written through the pointer p; true when that grew.
static bool bind_through(Ctx *c, WarpEnv *env, CXCursor p, WarpValue v) { return bind_in(c, &env->through, p, v); }

// The value that the assignment or initialization at node i stores.
static WarpValue stored_value(Ctx *c, WarpEnv *env, int i, CXCursor var) {
  const Node *n = node_at(c, i);
  if (n->kind == CXCursor_VarDecl) {
    CXCursor kids[16];  // the initializer: its last expression (after type references, array sizes)
    int nk = children(n->cur, kids, 16), last = -1;
    for (int j = 0; j < nk; j++)
      if (clang_isExpression(clang_getCursorKind(kids[j]))) last = j;
    return last < 0 ? uniform : value(c, env, kids[last]);
  }
  if (n->kind == CXCursor_UnaryOperator) {  // ++ / --: a thread index is one no more
    WarpValue *old = clang_Cursor_isNull(var) ? NULL : bound(env->vars.items, env->vars.len, var);
    CXCursor kid;
    WarpValue from = uniform;
    if (old)
      from = *old;
    else if (cursor_child_count(n->cur) == 1 && cursor_children(n->cur, &kid, 1))
      from = value(c, env, kid);
    WarpValue v = mixed(from, n->cur);
    if (v.kind == WARP_UNIFORM) v.aligned = false;
    return v;
  }
  return value(c, env, n->cur);  // `x = e` is e; `x op= e`, x op e
}

// The conditions that decide whether node i runs, as far as they differ
// between the lanes: a write under `if (lane == 3)`, in an arm of a
// lane-dependent `?:` or right of its `&&` holds a value that differs between
// the lanes even when what it writes does not; so does one in a loop of
// `i < lane` iterations, read after the loop (inside, the lanes still there
// have run the same iterations; read anywhere, at < 0, the loop is not
// counted).
static WarpValue control(Ctx *c, WarpEnv *env, int i) {
  WarpValue v = uniform;
  for (int child = i, p = node_at(c, i)->parent; p >= 0 && p != env->func; child = p, p = node_at(c, p)->parent) {
    enum CXCursorKind k = node_at(c, p)->kind;
    int kids[3], nk = front_children(c->front, p, kids, 3), cond = -1;
    ForParts fp;
    bool loop = k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_ForStmt;
    if (loop && (env->at < 0 || (env->at >= p && env->at <= node_at(c, p)->last))) continue;
    if ((k == CXCursor_IfStmt || k == CXCursor_WhileStmt || k == CXCursor_SwitchStmt ||
         k == CXCursor_ConditionalOperator) && nk >= 2 && child != kids[0])
      cond = kids[0];
    else if (k == CXCursor_DoStmt && nk >= 2 && child != kids[1])
      cond = kids[1];
    else if (k == CXCursor_ForStmt && for_parts(c, p, &fp) && fp.cond >= 0 && child != fp.cond && child != fp.init)
      cond = fp.cond;
    else if (k == CXCursor_BinaryOperator && nk == 2 && child == kids[1] &&
             (clang_getCursorBinaryOperatorKind(node_at(c, p)->cur) == CXBinaryOperator_LAnd ||
              clang_getCursorBinaryOperatorKind(node_at(c, p)->cur) == CXBinaryOperator_LOr))
      cond = kids[0];
    if (cond < 0) continue;
    WarpValue cv = value(c, env, node_at(c, cond)->cur);
    if (cv.kind != WARP_UNIFORM) v = join(v, mixed(cv, node_at(c, cond)->cur));
  }
  return v;
}

// One round over the writes of the function that may reach node `at` (all
// of them when at < 0); true when a binding grew.
// A write that every path to `at` passes last for its local: a plain `x =
// e;` or an initialization, a statement of a block around `at` before it,
// in no loop (a loop's next iteration would bring the earlier values back).
// The writes of x before it cannot reach `at`.
typedef struct {
  CXCursor var;
  int node;
} Kill;

typedef VEC(Kill) Kills;

static bool in_a_loop(const Ctx *c, int node, int func) {
  for (int p = node_at(c, node)->parent; p >= 0 && p != func; p = node_at(c, p)->parent)
    if (front_is_loop(node_at(c, p)->kind)) return true;
  return false;
}

static Kills kills_before(Ctx *c, int func, int at) {
  Kills out = {0};
  for (int i = func + 1; at >= 0 && i <= node_at(c, func)->last; i++)
    if (node_at(c, i)->kind == CXCursor_GotoStmt || node_at(c, i)->kind == CXCursor_IndirectGotoStmt) return out;
  for (int i = func + 1; at >= 0 && i <= node_at(c, func)->last; i++) {
    CXCursor var;
    int from;
    const Node *n = node_at(c, i);
    if (n->func != func || n->end > node_at(c, at)->start || !assignment_at(c, i, clang_getNullCursor(), &var, &from))
      continue;
    bool plain = n->kind == CXCursor_VarDecl ||
                 (n->kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(n->cur) == CXBinaryOperator_Assign);
    // The block it is a statement of: a declaration's, or an expression's past
    // the node that ends the lives of its temporaries (`x = R(tmp).Sum(x);`).
    int block = n->kind == CXCursor_VarDecl ? (n->parent >= 0 ? node_at(c, n->parent)->parent : -1)
                                            : parent_past_implicit(c, i);
    if (!plain || block < 0 || node_at(c, block)->kind != CXCursor_CompoundStmt || at <= block ||
        at > node_at(c, block)->last || in_a_loop(c, block, func) || !own_var(c, func, var))
      continue;
    bool seen = false;
    for (int k = 0; k < out.len; k++)
      if (clang_equalCursors(out.items[k].var, var)) out.items[k].node = i, seen = true;
    if (!seen) VEC_PUSH(c->arena, out, ((Kill){var, i}));
  }
  return out;
}

// Whether the write at node i to var cannot reach `at` (a later kill of var).
static bool killed(const Ctx *c, const Kills *kills, int i, CXCursor var) {
  for (int k = 0; k < kills->len; k++)
    if (clang_equalCursors(kills->items[k].var, var)) return node_at(c, i)->end <= node_at(c, kills->items[k].node)->start;
  return false;
}

// The writes before the first kill, and the kills themselves, are read in the
// env of all writes (`before`): they may read the values the kills drop.
static WarpEnv *env_for(const Ctx *c, WarpEnv *env, WarpEnv *before, const Kills *kills, int i) {
  if (!before) return env;
  for (int k = 0; k < kills->len; k++)
    if (node_at(c, i)->start <= node_at(c, kills->items[k].node)->start) return before;
  return env;
}

static bool bind_writes(Ctx *c, WarpEnv *env, const Aliases *aliases, int at, WarpEnv *before, const Kills *kills) {
  int func = env->func;
  bool grew = false;
  for (int i = func + 1; i <= node_at(c, func)->last; i++) {
    const Node *n = node_at(c, i);
    if (at >= 0 && n->start >= node_at(c, at)->end && !in_one_loop(c, i, at)) continue;
    WarpEnv *ev = env_for(c, env, before, kills, i);
    CXCursor var, lhs;
    int from, op_lhs;
    bool through = false;
    if (n->kind == CXCursor_CallExpr && operator_assignment(c, i, &op_lhs)) {  // `acc[m] += x` kept as a call
      var = written_var(node_at(c, op_lhs)->cur, &through);
      if (clang_Cursor_isNull(var) || (!through && !own_var(c, func, var))) continue;
    } else if (n->kind == CXCursor_CallExpr) {
      grew |= bind_call_writes(c, env, i, control(c, ev, i));
      continue;
    } else if (assignment_at(c, i, clang_getNullCursor(), &var, &from)) {
    } else if (is_assignment(n) && cursor_children(n->cur, &lhs, 1) >= 1) {  // s.m = e, a[i] = e, *p = e
      var = written_var(lhs, &through);
      if (clang_Cursor_isNull(var) || !own_var(c, func, var)) continue;
    } else {
      continue;
    }
    if (asserted(env, var) || (before && !through && killed(c, kills, i, var))) continue;
    WarpValue v = join(stored_value(c, ev, i, through ? clang_getNullCursor() : var), control(c, ev, i));
    grew |= through ? bind_through(c, env, var, v) : bind(c, env, var, v);
  }
  for (int a = 0; a < aliases->len; a++) {  // what is written through an alias is written to its target
    const Alias *al = &aliases->items[a];
    bool ref = clang_getCanonicalType(clang_getCursorType(al->alias)).kind == CXType_LValueReference;
    WarpValue *w = ref ? bound(env->vars.items, env->vars.len, al->alias)
                       : bound(env->through.items, env->through.len, al->alias);
    if (w && !asserted(env, al->target)) grew |= bind(c, env, al->target, *w);
  }
  return grew;
}

// A local that an asm statement writes (`"=r"(lane)` from %laneid) is not
// proven uniform; one it only reads is what it was.
static void bind_asm_outputs(Ctx *c, WarpEnv *env) {
  int func = env->func;
  for (int i = func + 1; i <= node_at(c, func)->last; i++) {
    AsmParts a;
    if (node_at(c, i)->kind != CXCursor_AsmStmt) continue;
    bool known = asm_parts(c, node_at(c, i)->cur, &a);
    for (int j = i + 1; j <= node_at(c, i)->last; j++) {
      if (node_at(c, j)->kind != CXCursor_DeclRefExpr || (known && !asm_is_output(&a, node_at(c, j)->cur))) continue;
      CXCursor var = clang_getCursorReferenced(node_at(c, j)->cur);
      if (clang_getCursorKind(var) == CXCursor_VarDecl) bind(c, env, var, of(WARP_UNKNOWN, node_at(c, i)->cur));
    }
  }
}

// `at` >= 0: only the assignments that may reach node `at` count: those
// before its end, and those in a loop around it.
static WarpEnv *make_env(Ctx *c, int func, const WarpValue *params, int nparams, int depth, const CXCursor *vars,
                         int nvars, int at) {
  WarpEnv *env = arena_alloc(c->arena, sizeof *env);
  memset(env, 0, sizeof *env);
  env->func = func, env->depth = depth, env->at = at;
  for (int i = 0; i < nvars; i++) VEC_PUSH(c->arena, env->asserted, vars[i]);
  int p = 0;
  for (int i = func + 1; i <= node_at(c, func)->last && params; i++)
    if (node_at(c, i)->kind == CXCursor_ParmDecl && node_at(c, i)->parent == func) {
      Binding b = {node_at(c, i)->cur, p < nparams ? params[p] : uniform};
      p++;
      VEC_PUSH(c->arena, env->params, b);
    }
  bind_asm_outputs(c, env);
  // The locals: a fixpoint over their initializers and assignments (the
  // lattice is finite and each round only raises).
  Aliases aliases = aliases_of(c, func);
  Kills kills = kills_before(c, func, at);
  for (int round = 0; round < 16 && bind_writes(c, env, &aliases, at, NULL, &kills); round++) {}
  if (kills.len == 0) return env;
  // Again without the killed writes, reading the earlier ones in env.
  WarpEnv *after = arena_alloc(c->arena, sizeof *after);
  *after = *env;
  memset(&after->vars, 0, sizeof after->vars);
  memset(&after->through, 0, sizeof after->through);
  bind_asm_outputs(c, after);
  for (int round = 0; round < 16 && bind_writes(c, after, &aliases, at, env, &kills); round++) {}
  return after;
}

WarpEnv *warp_env(Ctx *c, int func, const WarpValue *params, int nparams, int depth) {
  return make_env(c, func, params, nparams, depth, NULL, 0, -1);
}

WarpEnv *warp_env_at(Ctx *c, int func, int at, const CXCursor *vars, int nvars) {
  return make_env(c, func, NULL, 0, 0, vars, nvars, at);
}

WarpEnv *warp_env_bound_at(Ctx *c, int func, const WarpValue *params, int nparams, int depth, int at,
                           const CXCursor *vars, int nvars) {
  return make_env(c, func, params, nparams, depth, vars, nvars, at);
}
