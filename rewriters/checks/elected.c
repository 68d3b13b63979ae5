// elected.c - what the statement under `elect` may do. elect runs it on one
// lane of each warp, any one (elect.sync: PTX does not say which), so:
//   - it may not reach a warp collective (a shuffle, a vote, __syncwarp,
//     wgmma, ldmatrix, mma.sync, ...): one lane with the full mask is
//     undefined, and the result is that lane's own value at best;
//   - what it does may not depend on which lane runs it: a value that
//     differs between the lanes (lanes.c) stored, passed to a call that may
//     write memory, returned or tested there makes the output depend on the
//     election; in a helper or a lambda, a parameter holds what each call of
//     it in the file passes;
//   - what it computes into a local may not be read after it from a lane
//     named by number (`__shfl_sync(m, x, 0)`): the elected lane is any one. `#pragma tirx uniform(x)` on the statement (or one around
//     it) asserts that x is the same in every lane (an xor-butterfly sum).
// The conditions above an elect are uniform.c's.
#include <stdio.h>
#include <string.h>

#include "ast.h"
#include "elected.h"
#include "kernel.h"
#include "lanes.h"
#include "uniform.h"

enum {
  MAX_DEPTH = 4,       // helpers followed into, as lanes.c and uniform.c follow them
  MAX_FUNCTIONS = 64,  // helper bodies read for one elect (a budget, not a limit of the language)
  MAX_EFFECTS = 8,     // the values one node's effect is checked on: a call's first arguments
};

// ---- warp collectives reached from the elected statement -----------------

// A call that the chain went through: its callee and where it is.
typedef struct {
  const char *name;
  CXCursor at;
} Link;

typedef struct {
  Ctx *c;
  Link chain[MAX_DEPTH + 1];
  int depth, read;
  const char *found;  // the collective, when one was found
  CXCursor found_at;
  int nfound;  // chain[0, nfound) leads to it
  bool full_mask;  // its mask names all 32 lanes
} Walk;

static bool has_prefix(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }

static bool has_suffix(const char *s, const char *p) {
  size_t n = strlen(s), m = strlen(p);
  return n >= m && !strcmp(s + n - m, p);
}

static bool any_of(const char *s, const char *const *list) {
  for (; *list; list++)
    if (!strcmp(s, *list)) return true;
  return false;
}

// The collective a call is, by its callee: a CUDA warp intrinsic, a
// cooperative group's collective, a WMMA operation; NULL for anything else.
static const char *collective_call(Ctx *c, CXCursor call) {
  static const char *const intrinsics[] = {"__ballot_sync", "__any_sync", "__all_sync", "__uni_sync",
                                           "__syncwarp", "__ballot", "__any", "__all", NULL};
  static const char *const group_ops[] = {"sync", "shfl", "shfl_up", "shfl_down", "shfl_xor", "any", "all",
                                          "ballot", "match_any", "match_all", "reduce", "inclusive_scan",
                                          "exclusive_scan", "barrier_arrive", "barrier_wait", NULL};
  CXCursor callee = clang_getCursorReferenced(call);
  if (clang_Cursor_isNull(callee)) return NULL;
  CXString s = clang_getCursorSpelling(callee);
  const char *name = clang_getCString(s), *what = NULL;
  if (any_of(name, intrinsics) || has_prefix(name, "__shfl") || has_prefix(name, "__match_") ||
      (has_prefix(name, "__reduce_") && has_suffix(name, "_sync")))
    what = arena_printf(c->arena, "%s()", name);
  else if (in_namespace(callee, "cooperative_groups") && any_of(name, group_ops))
    what = arena_printf(c->arena, "cooperative_groups %s()", name);
  else if (in_namespace(callee, "wmma") && has_suffix(name, "_sync"))
    what = arena_printf(c->arena, "wmma::%s()", name);
  clang_disposeString(s);
  return what;
}

// The PTX warp collective that an asm statement's text names, or NULL.
static const char *collective_asm(Ctx *c, CXCursor stmt) {
  static const char *const mnemonics[] = {"shfl.sync", "vote.sync", "match.sync", "redux.sync", "bar.warp.sync",
                                          "elect.sync", "wgmma.", "mma.sync", "ldmatrix", "stmatrix",
                                          "movmatrix", NULL};
  unsigned a, b;
  const char *text = cursor_file_text(c, stmt, &a, &b);
  if (!text) return NULL;
  for (const char *const *m = mnemonics; *m; m++) {
    size_t n = strlen(*m);
    for (unsigned i = a; i + n <= b; i++)
      if (!memcmp(text + i, *m, n)) return arena_printf(c->arena, "inline asm '%s'", has_suffix(*m, ".") ? "wgmma" : *m);
  }
  return NULL;
}

static enum CXChildVisitResult visit(CXCursor cur, CXCursor parent, CXClientData data);

// The body a callee runs: its definition, or, for a specialization of a
// function template that nothing instantiates (a call in a kernel template
// that the file never instantiates), the template's own definition.
static CXCursor body_of(CXCursor callee) {
  CXCursor def = clang_getCursorDefinition(callee);
  if (!clang_Cursor_isNull(def)) return def;
  CXCursor pattern = clang_getSpecializedCursorTemplate(callee);
  return clang_Cursor_isNull(pattern) ? pattern : clang_getCursorDefinition(pattern);
}

// Reads the body of what a call runs, one level deeper in the chain.
static void follow(Walk *w, CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  CXCursor def = body_of(callee);
  // (A call's definition is never a lambda expression: a lambda's call
  // refers to its operator(), a method, which front_is_function names too.)
  if (clang_Cursor_isNull(def) || !front_is_function(clang_getCursorKind(def)) || w->depth >= MAX_DEPTH ||
      w->read >= MAX_FUNCTIONS)
    return;
  for (int i = 0; i < w->depth; i++)  // recursion
    if (clang_equalCursors(clang_getCursorReferenced(w->chain[i].at), callee)) return;
  CXString s = clang_getCursorSpelling(callee);
  w->chain[w->depth++] = (Link){arena_printf(w->c->arena, "%s", clang_getCString(s)), call};
  clang_disposeString(s);
  w->read++;
  clang_visitChildren(def, visit, w);
  if (!w->found) w->depth--;
}

// Whether e is `__activemask()`, or a variable initialized with it: under
// elect that mask names the one elected lane, which does reach the call, so
// a collective with it is well defined.
static bool is_active_mask(CXCursor e) {
  e = front_strip(e);
  if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
    CXCursor var = clang_getCursorReferenced(e), kids[4];
    if (clang_getCursorKind(var) != CXCursor_VarDecl) return false;
    int nk = cursor_child_count(var);  // the initializer is the last child, stored when there are at most 4
    return nk >= 1 && nk <= 4 && cursor_children(var, kids, 4) && is_active_mask(kids[nk - 1]);
  }
  if (clang_getCursorKind(e) != CXCursor_CallExpr) return false;
  CXString s = clang_getCursorSpelling(clang_getCursorReferenced(e));
  bool yes = !strcmp(clang_getCString(s), "__activemask");
  clang_disposeString(s);
  return yes;
}

// The mask of a CUDA `*_sync` intrinsic (its first argument): 1 when it is
// all 32 lanes (or absent: __syncwarp()), 0 when it is another value, -1 when
// it is __activemask() (well defined under elect).
static int mask_kind(CXCursor call, const char *what) {
  if (!has_suffix(what, "_sync()") || has_prefix(what, "cooperative_groups") || has_prefix(what, "wmma")) return 1;
  if (clang_Cursor_getNumArguments(call) < 1) return 1;
  CXCursor mask = clang_Cursor_getArgument(call, 0);
  if (is_active_mask(mask)) return -1;
  long long v;
  bool u;
  return front_eval_int(mask, &v, &u) && (v & 0xffffffffll) == 0xffffffffll ? 1 : 0;
}

static enum CXChildVisitResult visit(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  Walk *w = data;
  enum CXCursorKind k = clang_getCursorKind(cur);
  const char *what = k == CXCursor_CallExpr ? collective_call(w->c, cur) : k == CXCursor_AsmStmt ? collective_asm(w->c, cur) : NULL;
  int mask = what && k == CXCursor_CallExpr ? mask_kind(cur, what) : 1;
  if (what && mask >= 0) {
    w->full_mask = mask == 1;
    w->found = what, w->found_at = cur, w->nfound = w->depth;
    return CXChildVisit_Break;
  }
  if (k == CXCursor_CallExpr) follow(w, cur);
  return w->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

// A header's path as the messages show files: relative to this file's
// folder, joined to the folder that the message's own file name has (`k.cu`
// including "inc/red.cuh": `inc/red.cuh`); its base name when it is
// elsewhere.
static const char *shown_path(Ctx *c, const char *path) {
  const char *shown = c->diag->src->path, *shown_slash = strrchr(shown, '/');
  const char *mine = arena_realpath(c->arena, shown);  // this file's folder, as the compiler names the header's
  const char *slash = mine ? strrchr(mine, '/') : NULL;
  size_t dir = slash ? (size_t)(slash - mine) + 1 : 0;
  const char *out;
  if (dir && !strncmp(path, mine, dir))
    out = arena_printf(c->arena, "%.*s%s", shown_slash ? (int)(shown_slash - shown) + 1 : 0, shown, path + dir);
  else
    out = arena_printf(c->arena, "%s", strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
  return out;
}

// Where a cursor is, for a message: `LINE:COL` in this file, `FILE:LINE:COL`
// in another (its path as the compiler found it), and in this one too when
// `files` (a chain that crosses files names each).
static const char *where(Ctx *c, CXCursor cur, bool files) {
  CXFile file;
  unsigned line, col;
  clang_getExpansionLocation(clang_getCursorLocation(cur), &file, &line, &col, NULL);
  size_t off;
  if (front_offset(c->front, clang_getCursorLocation(cur), &off))
    return files ? arena_printf(c->arena, "%s:%u:%u", c->diag->src->path, line, col) : arena_printf(c->arena, "%u:%u", line, col);
  CXString name = clang_getFileName(file);
  const char *path = clang_getCString(name) ? clang_getCString(name) : "?";
  const char *s = arena_printf(c->arena, "%s:%u:%u", shown_path(c, path), line, col);
  clang_disposeString(name);
  return s;
}

// Whether the cursor is in this file.
static bool here(Ctx *c, CXCursor cur) {
  size_t off;
  return front_offset(c->front, clang_getCursorLocation(cur), &off);
}

// One error when the statement `body` of the elect `if` at node `elect`
// reaches a warp collective; true when reported.
static bool check_collectives(Ctx *c, int elect, int body, const char *spelling) {
  Walk w = {.c = c};
  CXCursor cur = node_at(c, body)->cur;
  if (visit(cur, cur, &w) == CXChildVisit_Recurse) clang_visitChildren(cur, visit, &w);
  if (!w.found) return false;
  bool files = !here(c, w.found_at);
  for (int i = 0; i < w.nfound; i++) files |= !here(c, w.chain[i].at);
  const char *chain = arena_printf(c->arena, "elect at %s", where(c, node_at(c, elect)->cur, files));
  for (int i = 0; i < w.nfound; i++)
    chain = arena_printf(c->arena, "%s -> %s() at %s", chain, w.chain[i].name, where(c, w.chain[i].at, files));
  chain = arena_printf(c->arena, "%s -> %s at %s", chain, w.found, where(c, w.found_at, files));
  size_t at = node_at(c, body)->start;
  if (w.nfound > 0) front_offset(c->front, clang_getCursorLocation(w.chain[0].at), &at);
  else front_offset(c->front, clang_getCursorLocation(w.found_at), &at);
  diag_error(c->diag, at,
             "%s runs %s, a warp collective, on one lane of each warp (%s): %s, it is undefined in PTX, and its "
             "result would be that lane's own value at best; call it before the elect, in every lane, and elect "
             "only what one lane does with the result",
             spelling, w.found, chain,
             w.full_mask ? "with the full mask and one lane there" : "with lanes in its mask that do not run it");
  diag_note(c->diag, node_at(c, elect)->start, "elect is here");
  return true;
}

// ---- values that differ between the lanes --------------------------------

static bool is_pointer(CXCursor e) {
  return clang_getCanonicalType(clang_getCursorType(front_strip(e))).kind == CXType_Pointer;
}

// Whether an lvalue is a variable of this thread (a local or a parameter, or
// an element or member of one), which no other thread sees: writing it is
// no effect by itself (a read of it later is checked where it is read).
static bool thread_own(Ctx *c, CXCursor lhs) {
  lhs = front_strip(lhs);
  CXCursor kids[2];
  int nk = cursor_child_count(lhs);  // all of them: `a[i]` has two exactly
  cursor_children(lhs, kids, 2);
  enum CXCursorKind k = clang_getCursorKind(lhs);
  if ((k == CXCursor_ArraySubscriptExpr && nk == 2) || (k == CXCursor_MemberRefExpr && nk >= 1))
    return !is_pointer(kids[0]) && thread_own(c, kids[0]);  // p[i], p->m: memory
  if (k != CXCursor_DeclRefExpr) return false;
  CXCursor var = clang_getCursorReferenced(lhs);
  if (clang_getCursorType(var).kind == CXType_LValueReference) return false;
  if (clang_getCursorKind(var) == CXCursor_ParmDecl) return true;
  int node = clang_getCursorKind(var) == CXCursor_VarDecl ? node_of_cursor(c, var) : -1;
  if (node < 0 || node_at(c, node)->func < 0 || is_block_variable(var))
    return false;  // a __shared__ array is the block's
  return true;
}

// Whether a call is an overloaded assignment operator (=, +=, ...).
static bool is_assign_operator(CXCursor call) {
  CXString s = clang_getCursorSpelling(clang_getCursorReferenced(call));
  const char *name = clang_getCString(s);
  bool yes = has_prefix(name, "operator") && has_suffix(name, "=") && strcmp(name, "operator==") &&
             strcmp(name, "operator!=") && strcmp(name, "operator<=") && strcmp(name, "operator>=");
  clang_disposeString(s);
  return yes;
}

// Whether a call may write memory or have another effect through its
// arguments: its value unused, a pointer argument, or a reference parameter.
static bool call_has_effect(Ctx *c, int call) {
  int p = node_at(c, call)->parent;
  if (p < 0 || !clang_isExpression(node_at(c, p)->kind)) {
    if (p < 0 || node_at(c, p)->kind != CXCursor_VarDecl) return true;
  }
  CXCursor callee = clang_getCursorReferenced(node_at(c, call)->cur);
  for (int i = 0; i < clang_Cursor_getNumArguments(node_at(c, call)->cur); i++) {
    CXType t = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(node_at(c, call)->cur, i)));
    if (t.kind == CXType_Pointer) return true;
  }
  for (int i = 0; i < clang_Cursor_getNumArguments(callee); i++)
    if (clang_getCursorType(clang_Cursor_getArgument(callee, i)).kind == CXType_LValueReference) return true;
  return false;
}

// The parts of an lvalue that its address depends on, appended to out (at
// most max in all): `a[i]` its index and what a pointer `a` holds, `p->m` and
// `*p` the pointer; a variable itself (`g`, `s.m`) has one address in every
// lane. Returns the new count.
static int address_parts(CXCursor lhs, CXCursor *out, int n, int max) {
  lhs = front_strip(lhs);
  CXCursor kids[2];
  int nk = cursor_child_count(lhs);  // all of them: `a[i]` has two exactly
  cursor_children(lhs, kids, 2);
  enum CXCursorKind k = clang_getCursorKind(lhs);
  bool pointer = nk >= 1 && is_pointer(kids[0]);
  if (k == CXCursor_DeclRefExpr || n >= max) return n;
  if (k == CXCursor_ArraySubscriptExpr && nk == 2) {
    out[n++] = kids[1];
    if (!pointer) return address_parts(kids[0], out, n, max);  // an array of its own: where it is
    if (n < max) out[n++] = kids[0];
    return n;
  }
  if (k == CXCursor_MemberRefExpr && nk >= 1) {
    if (!pointer) return address_parts(kids[0], out, n, max);
    out[n++] = kids[0];
    return n;
  }
  out[n++] = lhs;  // *p, and what else: its value
  return n;
}

// The expressions whose value makes what node j does (j in the elected
// statement): written to out, at most MAX_EFFECTS; 0 when j has no effect of
// its own.
static int effects_of(Ctx *c, int j, CXCursor *out);

// Whether node j (an operand of `?:`, `&&`, `||`) does something itself.
static bool has_effect(Ctx *c, int j) {
  CXCursor e[MAX_EFFECTS];
  for (int i = j; i <= node_at(c, j)->last; i++)
    if (effects_of(c, i, e) > 0) return true;
  return false;
}

static int effects_of(Ctx *c, int j, CXCursor *out) {
  const Node *n = node_at(c, j);
  CXCursor kids[3];
  int nk = cursor_children(n->cur, kids, 3), arms[3], narms = front_children(c->front, j, arms, 3);
  switch (n->kind) {
  case CXCursor_ConditionalOperator:  // `c ? f() : g()` and `c && f()` choose which effect happens
    if (narms != 3 || (!has_effect(c, arms[1]) && !has_effect(c, arms[2]))) return 0;
    out[0] = kids[0];
    return 1;
  case CXCursor_BinaryOperator: {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(n->cur);
    if ((op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) && narms == 2 && has_effect(c, arms[1])) {
      out[0] = kids[0];
      return 1;
    }
    if (op != CXBinaryOperator_Assign) return 0;
  }
    /* fall through */
    /* fall through */
  case CXCursor_CompoundAssignOperator:
    if (nk != 2 || thread_own(c, kids[0])) return 0;
    out[0] = kids[1];
    return address_parts(kids[0], out, 1, MAX_EFFECTS);
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(n->cur);
    if (op < CXUnaryOperator_PostInc || op > CXUnaryOperator_PreDec || nk != 1 || thread_own(c, kids[0])) return 0;
    return address_parts(kids[0], out, 0, MAX_EFFECTS);
  }
  case CXCursor_CallExpr: {
    int na = clang_Cursor_getNumArguments(n->cur), m = 0;
    if (is_assign_operator(n->cur) && na == 2) {  // a class's `x = e`, `x += e`: as the built-in ones
      if (thread_own(c, clang_Cursor_getArgument(n->cur, 0))) return 0;
      out[0] = clang_Cursor_getArgument(n->cur, 1);
      return address_parts(clang_Cursor_getArgument(n->cur, 0), out, 1, MAX_EFFECTS);
    }
    if (!call_has_effect(c, j)) return 0;
    for (int i = 0; i < na && m < MAX_EFFECTS; i++) out[m++] = clang_Cursor_getArgument(n->cur, i);
    return m;
  }
  case CXCursor_AsmStmt: {  // its inputs, when it does more than compute its outputs
    AsmParts a;
    CXCursor ops[16];
    int nops = cursor_children(n->cur, ops, 16), m = 0;
    bool outputs = false;
    if (!asm_parts(c, n->cur, &a)) return 0;
    for (int i = 0; i < nops; i++) outputs |= asm_is_output(&a, ops[i]);
    if (outputs && !a.is_volatile && !a.clobbers_memory) return 0;
    for (int i = 0; i < nops && m < MAX_EFFECTS; i++)
      if (clang_isExpression(clang_getCursorKind(ops[i])) && !asm_is_output(&a, ops[i])) out[m++] = ops[i];
    return m;
  }
  case CXCursor_ReturnStmt:
    if (nk < 1) return 0;
    out[0] = kids[0];
    return 1;
  case CXCursor_IfStmt:
  case CXCursor_WhileStmt:
  case CXCursor_SwitchStmt:  // which effect happens (a `?:` without one: its value is its user's)
    if (nk < 2) return 0;
    out[0] = kids[0];
    return 1;
  case CXCursor_DoStmt:
    if (nk < 2) return 0;
    out[0] = kids[1];
    return 1;
  case CXCursor_ForStmt: {
    ForParts fp;
    if (!for_parts(c, j, &fp) || fp.cond < 0) return 0;
    out[0] = node_at(c, fp.cond)->cur;
    return 1;
  }
  default: return 0;
  }
}

// What in the expression e (of value v) differs between the lanes: the first
// variable that does, else the first member (threadIdx.x) or call that does,
// else e; as a node of this file.
// The node of this file that spans the expression e (the first, outermost),
// -1 if none: a cursor met as a child is not always equal to the node's.
static int node_of_expr(Ctx *c, CXCursor e) {
  size_t a = 0, b = 0;
  CXSourceRange r = clang_getCursorExtent(e);
  if (front_offset(c->front, clang_getRangeStart(r), &a) && front_offset(c->front, clang_getRangeEnd(r), &b)) {
    for (int i = front_first_at(c->front, a); i < c->front->nnodes && node_at(c, i)->start < b; i++)
      if (node_at(c, i)->start == a && node_at(c, i)->end == b) return i;
  }
  return -1;
}

// Whether node i is what a plain assignment writes (`s` of `out[b] = s = v`):
// its value there is the one assigned, not one it brings.
static bool assigned_to(Ctx *c, int i) {
  int p = parent_past_implicit(c, i), kids[2];
  return p >= 0 && node_at(c, p)->kind == CXCursor_BinaryOperator &&
         clang_getCursorBinaryOperatorKind(node_at(c, p)->cur) == CXBinaryOperator_Assign &&
         front_children(c->front, p, kids, 2) == 2 && i >= kids[0] && i <= node_at(c, kids[0])->last &&
         node_at(c, i)->start == node_at(c, kids[0])->start && node_at(c, i)->end == node_at(c, kids[0])->end;
}

static int culprit(Ctx *c, WarpEnv *env, CXCursor e, WarpKind at_least) {
  int root = node_of_expr(c, e);
  if (root < 0) return -1;
  static const enum CXCursorKind order[] = {CXCursor_DeclRefExpr, CXCursor_MemberRefExpr, CXCursor_CallExpr};
  for (int o = 0; o < 3; o++)
    for (int i = root; i <= node_at(c, root)->last; i++)
      if (node_at(c, i)->kind == order[o] && !assigned_to(c, i) &&
          warp_value(c, env, node_at(c, i)->cur).kind >= at_least)
        return i;
  return root;
}

// The variables that the `#pragma tirx uniform(x, ...)` around node i name,
// and where each is named.
static int asserted_vars(Ctx *c, const Stmt *stmts, int i, CXCursor **out, size_t **where_named) {
  VEC(CXCursor) vars = {0};
  VEC(size_t) named = {0};
  size_t off = node_at(c, i)->start;
  for (int a = 0; a < c->anns->len; a++) {
    const Annotation *an = &c->anns->items[a];
    if (an->skipped || an->spelling == SPELL_CALL || an->dir.kind != DIR_UNIFORM || !an->dir.head.has_args ||
        !stmts[a].end || off < stmts[a].start || off >= stmts[a].end)
      continue;
    for (int v = 0; v < an->dir.head.nargs; v++) {
      CXCursor var = var_read_in(c, stmts[a].node, an->dir.head.args[v].expr);
      if (clang_Cursor_isNull(var))  // `x[0]`: an error of its own; x is taken as meant, no second error
        var = var_read_in(c, stmts[a].node, leading_name(an->dir.head.args[v].expr));
      if (clang_Cursor_isNull(var)) continue;
      VEC_PUSH(c->arena, vars, var);
      VEC_PUSH(c->arena, named, an->dir.head.args[v].expr.off);
    }
  }
  *out = vars.items, *where_named = named.items;
  return vars.len;
}

// Where CUB's BlockReduce or WarpReduce (cub_reduction) leaves its result,
// as messages say it.
static const char *cub_holder(const char *cub) {
  return !strcmp(cub, "BlockReduce") ? "thread 0 of the block" : "lane 0 of the warp";
}

// The test that keeps the thread holding a CUB reduction's result.
static const char *cub_test(const char *cub) {
  return !strcmp(cub, "BlockReduce") ? "if (threadIdx.x == 0)" : "if (lane == 0)";
}

// A note at what made the variable read at node `what` differ between the
// lanes, when that is elsewhere (`w` of `w = v * 2` where `v = in[threadIdx.x]`:
// the load).
static void note_origin(Ctx *c, WarpEnv *env, int what) {
  if (node_at(c, what)->kind != CXCursor_DeclRefExpr) return;
  WarpValue v = warp_value(c, env, node_at(c, what)->cur);
  int from = clang_Cursor_isNull(v.why) ? -1 : node_of_expr(c, v.why);
  if (from < 0 || from == what) return;
  const char *cub = cub_reduction(c, v.why);
  if (cub)
    diag_note(c->diag, node_at(c, from)->start,
              "'%s' differs between the lanes because of '%s': CUB's %s defines its result in %s only",
              node_text(c, what), node_text(c, from), cub, cub_holder(cub));
  else
    diag_note(c->diag, node_at(c, from)->start, "'%s' %s between the lanes because of '%s'", node_text(c, what),
              v.kind == WARP_UNKNOWN ? "may differ" : "differs", node_text(c, from));
}

// Whether v is known to differ between the lanes whatever the data: a
// thread index (threadIdx.x, its lane number threadIdx.x % 32) or a lane
// intrinsic's value. A load or a shuffle may hold one value in every lane
// (an xor butterfly's sum), which uniform(x) may assert. (CUB's reductions,
// defined in one thread only, are cub_reduction's.)
static bool proven_per_lane(WarpValue v) {
  if (v.kind == WARP_THREAD) return true;
  if (v.kind != WARP_LANE || clang_getCursorKind(v.why) != CXCursor_CallExpr) return false;
  CXString s = clang_getCursorSpelling(clang_getCursorReferenced(v.why));
  const char *name = clang_getCString(s);
  static const char *const lane_ids[] = {"tirx_lane_id", "LaneId", "laneid", "thread_rank", "thread_index", NULL};
  bool yes = has_prefix(name, "__lanemask_") || any_of(name, lane_ids);
  clang_disposeString(s);
  return yes;
}

// `#pragma tirx uniform(name)` (at `at`) on a local whose value that reaches
// the elect is the result of CUB's reduction `cub` (at `result`), which the
// other lanes do not hold: not the same in every lane whatever the data.
static void report_cub_assertion(Ctx *c, int elect, const char *name, size_t at, const char *cub, size_t result) {
  diag_error(c->diag, at,
             "'%s' is asserted warp-uniform, but it holds the result of CUB's %s, which is defined in %s only (the "
             "other lanes hold no such value): the assertion would hide that the elected statement depends on which "
             "lane is elected; remove '%s' from uniform(...) and keep '%s' on the statement that uses the result",
             name, cub, cub_holder(cub), name, cub_test(cub));
  diag_note(c->diag, result, "'%s' is set from CUB's %s here", name, cub);
  diag_note(c->diag, node_at(c, elect)->start, "elect is here");
}

static bool writes_into(Ctx *c, int i, CXCursor d, int *from);

// Whether a loop around node `at` (up to function func) holds node i too:
// what i writes then reaches `at` on the next iteration.
static bool loop_around_both(Ctx *c, int func, int i, int at) {
  for (int p = node_at(c, at)->parent; p >= 0 && p != func; p = node_at(c, p)->parent)
    if (front_is_loop(node_at(c, p)->kind) && i >= p && i <= node_at(c, p)->last) return true;
  return false;
}

// The one write of local `var` that reaches node `at` of function func: the
// last before it, a plain `x = e;` or an initialization that is a statement
// of a block around `at` (so every path to `at` passes it), with no write
// after `at` that a loop brings back, no goto, and its address not taken.
// The node of the value it stores; -1 if none.
static int only_write_before(Ctx *c, int func, int at, CXCursor var) {
  if (aliased_in(c, func, var) >= 0) return -1;
  int last = -1, value = -1;
  for (int i = func + 1; i <= node_at(c, func)->last; i++) {
    int from;
    enum CXCursorKind k = node_at(c, i)->kind;
    if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt) return -1;
    if (!writes_into(c, i, var, &from)) continue;
    if (node_at(c, i)->start < node_at(c, at)->start)
      last = i, value = from;
    else if (loop_around_both(c, func, i, at))
      return -1;
  }
  if (last < 0 || value < 0) return -1;
  const Node *w = node_at(c, last);
  bool plain = w->kind == CXCursor_VarDecl || (w->kind == CXCursor_BinaryOperator &&
                                               clang_getCursorBinaryOperatorKind(w->cur) == CXBinaryOperator_Assign);
  int block = w->kind == CXCursor_VarDecl ? (w->parent >= 0 ? node_at(c, w->parent)->parent : -1)
                                          : parent_past_implicit(c, last);
  bool around =
      block >= 0 && node_at(c, block)->kind == CXCursor_CompoundStmt && at > block && at <= node_at(c, block)->last;
  return plain && around ? value : -1;
}

// An error when `#pragma tirx uniform(x)` asserts a value that is proven to
// differ between the lanes (a lane number, threadIdx.x): the assertion would
// hide the very error this check exists for. True when reported.
static bool check_assertions(Ctx *c, int elect, const CXCursor *vars, const size_t *named, int nvars) {
  if (nvars == 0) return false;
  int func = node_at(c, elect)->func;
  WarpEnv *plain = warp_env_at(c, func, elect, NULL, 0);
  for (int i = 0; i < nvars; i++) {
    CXString s = clang_getCursorSpelling(vars[i]);
    const char *name = arena_printf(c->arena, "%s", clang_getCString(s));
    clang_disposeString(s);
    int stored = only_write_before(c, func, elect, vars[i]);
    const char *cub = stored >= 0 ? cub_reduction(c, node_at(c, stored)->cur) : NULL;
    if (cub) {
      report_cub_assertion(c, elect, name, named[i], cub, node_at(c, stored)->start);
      return true;
    }
    WarpValue v = warp_var(plain, vars[i]);
    if (!proven_per_lane(v)) continue;
    size_t proof;
    CXCursor from = clang_Cursor_isNull(v.why) ? vars[i] : v.why;
    bool has_proof = front_offset(c->front, clang_getCursorLocation(from), &proof);
    diag_error(c->diag, named[i],
               "'%s' is asserted warp-uniform, but it is proven to differ between the lanes of a warp (%s): the "
               "assertion would hide that the elected statement depends on which lane is elected; remove '%s' from "
               "uniform(...) and keep the test of the lane that holds what is needed ('if (lane == 0)' after a "
               "__shfl_down_sync reduction, 'if (lane == 31)' after a scan)",
               name, v.kind == WARP_THREAD ? "it is computed from threadIdx.x" : "it is a lane's own number", name);
    if (has_proof) diag_note(c->diag, proof, "'%s' differs between the lanes from here", name);
    diag_note(c->diag, node_at(c, elect)->start, "elect is here");
    return true;
  }
  return false;
}

// The first effect of the elected statement `body` whose value under env is
// not the same in every lane (a lambda's body inside it runs where the
// lambda is called): the node that makes it so (culprit), its value in *v;
// -1 if none.
static int lane_effect(Ctx *c, WarpEnv *env, int body, WarpValue *v) {
  int func = node_at(c, body)->func;
  for (int j = body; j <= node_at(c, body)->last; j++) {
    if (node_at(c, j)->func != func) continue;
    CXCursor e[MAX_EFFECTS];
    int ne = effects_of(c, j, e);
    for (int k = 0; k < ne; k++) {
      *v = warp_value(c, env, e[k]);
      if (v->kind == WARP_UNIFORM) continue;
      int what = culprit(c, env, e[k], v->kind == WARP_UNKNOWN ? WARP_UNKNOWN : WARP_THREAD);
      if (what >= 0) return what;
    }
  }
  return -1;
}

static const char *const keep_lane_test =
    "keep the test of the lane that holds what is needed ('if (lane == 0)' after a __shfl_down_sync reduction, "
    "'if (lane == 31)' after a scan)";

// ---- a helper's parameters, with the arguments of its calls ---------------

// check_lane_values reads a parameter of the elect's function as the same in
// every lane, as a kernel's is. A helper's or a lambda's holds what its calls
// pass: the elected statement is checked again with the arguments of each
// call of the file, and of the calls of the function that call stands in,
// MAX_DEPTH calls up to a kernel. A function that the file never calls by
// name (passed on as a pointer, a lambda given to another function) is not
// checked so (docs/known-problems.md).

// A chain of calls: call[0] runs the elect's function, call[d + 1] the
// function that call[d] stands in.
typedef struct {
  int call[MAX_DEPTH];
  int n;
  int budget;  // the chains left to read (a budget, as MAX_FUNCTIONS is)
} Callers;

// Whether a function's parameters hold what its calls pass: a helper or a
// lambda with parameters, not a kernel (its arguments are the launch's, the
// same in every thread).
static bool takes_arguments(Ctx *c, int func) {
  if (front_is_kernel(c->front, func)) return false;
  for (int i = func + 1; i <= node_at(c, func)->last; i++)
    if (node_at(c, i)->kind == CXCursor_ParmDecl && node_at(c, i)->parent == func) return true;
  return false;
}

// Whether node i is a call that may run function `func`.
static bool calls_function(Ctx *c, int i, int func) {
  int defs[8];
  int n = node_at(c, i)->kind == CXCursor_CallExpr ? call_definitions(c, i, defs, 8) : 0;
  for (int d = 0; d < n; d++)
    if (defs[d] == func) return true;
  return false;
}

// The locals of the function that ch->call[d] stands in, as seen at that
// call, its parameters bound to the arguments of ch->call[d + 1] (the
// outermost: the same in every lane), `#pragma tirx uniform(x)` around the
// call asserted.
static WarpEnv *caller_env(Ctx *c, const Stmt *stmts, const Callers *ch, int d) {
  int call = ch->call[d];
  WarpValue params[16];
  int np = 0;
  if (d + 1 < ch->n)
    np = warp_args(c, caller_env(c, stmts, ch, d + 1), node_at(c, ch->call[d + 1])->cur, params, NULL, 16);
  CXCursor *vars;
  size_t *named;
  int nvars = asserted_vars(c, stmts, call, &vars, &named);
  return warp_env_bound_at(c, node_at(c, call)->func, np ? params : NULL, np, ch->n - d, call, vars, nvars);
}

// The parameter at position `index` of function `func` (a null cursor if none).
static CXCursor parameter_at(Ctx *c, int func, int index) {
  for (int i = func + 1; i <= node_at(c, func)->last; i++)
    if (node_at(c, i)->kind == CXCursor_ParmDecl && node_at(c, i)->parent == func && index-- == 0)
      return node_at(c, i)->cur;
  return clang_getNullCursor();
}

// How messages name the function that the call at node `call` runs: its
// callee as written, up to the '(' of the arguments (`store_one`,
// `reduce<float, 16>`, a lambda's variable), else its name.
static const char *called_name(Ctx *c, int call) {
  const Node *n = node_at(c, call);
  size_t paren = n->end;
  for (int depth = 0; paren > n->start;) {
    char ch = c->src->data[--paren];
    depth += ch == ')' ? 1 : ch == '(' ? -1 : 0;
    if (!depth) break;
  }
  if (paren > n->start && paren - n->start <= 60 && c->src->data[paren] == '(')
    return arena_printf(c->arena, "%.*s", (int)(paren - n->start), c->src->data + n->start);
  return callee_name(c, call);
}

// The elected statement read with the arguments of the chain: one message
// for the first parameter of the elect's function that, holding its argument
// alone (the others the same in every lane), makes what the statement does
// differ between the lanes. True when reported.
static bool check_chain(Ctx *c, const Stmt *stmts, const Callers *ch, int elect, int body, const char *spelling,
                        const CXCursor *vars, int nvars) {
  int func = node_at(c, elect)->func, call = ch->call[0];
  WarpValue args[16], alone[16];
  CXCursor arg[16];
  int na = warp_args(c, caller_env(c, stmts, ch, 0), node_at(c, call)->cur, args, arg, 16);
  for (int p = 0; p < na; p++) {
    if (args[p].kind == WARP_UNIFORM) continue;
    for (int q = 0; q < na; q++) alone[q] = q == p ? args[p] : (WarpValue){WARP_UNIFORM, false, clang_getNullCursor()};
    WarpEnv *env = warp_env_bound_at(c, func, alone, na, ch->n, elect, vars, nvars);
    WarpValue v;
    int what = lane_effect(c, env, body, &v);
    CXCursor param = parameter_at(c, func, p);
    if (what < 0 || clang_Cursor_isNull(param)) continue;
    CXString ps = clang_getCursorSpelling(param);
    const char *pname = arena_printf(c->arena, "%s", clang_getCString(ps));
    clang_disposeString(ps);
    bool unknown = v.kind == WARP_UNKNOWN;
    int given = node_of_expr(c, arg[p]);
    const char *text = node_text(c, what), *passed = given >= 0 ? node_text_flat(c, given) : "its argument";
    bool is_param = node_at(c, what)->kind == CXCursor_DeclRefExpr &&
                    clang_equalCursors(clang_getCursorReferenced(node_at(c, what)->cur), param);
    const char *who = is_param ? arena_printf(c->arena, "parameter '%s'", pname)
                               : arena_printf(c->arena, "'%s' (computed from parameter '%s')", text, pname);
    diag_at(c->diag, unknown ? DIAG_WARNING : DIAG_ERROR, node_at(c, what)->start, 0,
            "%s %s between the lanes of a warp: the call of %s() at line %d passes '%s' for '%s', which %s, and %s "
            "runs this statement on one lane, any one: what it does %s on which lane is elected; %s",
            who, unknown ? "may differ" : "can differ", called_name(c, call),
            source_line(c->src, node_at(c, call)->start), passed, pname, unknown ? "may differ" : "does", spelling,
            unknown ? "may depend" : "depends",
            unknown ? arena_printf(c->arena,
                                   "if every lane of a warp holds the same '%s' there, say so with '#pragma "
                                   "tirx uniform(%s)' on the elected statement",
                                   pname, pname)
                    : keep_lane_test);
    diag_note(c->diag, given >= 0 ? node_at(c, given)->start : node_at(c, call)->start,
              "'%s' is passed for '%s' here, and it %s between the lanes of a warp", passed, pname,
              unknown ? "may differ" : "differs");
    for (int d = 1; d < ch->n; d++)
      diag_note(c->diag, node_at(c, ch->call[d])->start, "through this call of %s()", called_name(c, ch->call[d]));
    diag_note(c->diag, node_at(c, elect)->start, "elect is here");
    return true;
  }
  return false;
}

// Every chain of calls (ch, its first ch->n calls fixed) that ends in a call
// of `func` (the function that ch->call[ch->n - 1] runs), checked
// (check_chain). True when one was reported.
static bool check_callers(Ctx *c, const Stmt *stmts, Callers *ch, int func, int elect, int body, const char *spelling,
                          const CXCursor *vars, int nvars) {
  for (int i = 0; i < c->front->nnodes && ch->budget > 0; i++) {
    if ((i >= func && i <= node_at(c, func)->last) || !calls_function(c, i, func)) continue;
    bool recursion = false;  // (a call from a function of the chain)
    for (int d = 0; d < ch->n; d++) recursion |= node_at(c, i)->func == node_at(c, ch->call[d])->func;
    if (recursion) continue;
    ch->call[ch->n++] = i;
    ch->budget--;
    int outer = node_at(c, i)->func;
    bool reported = check_chain(c, stmts, ch, elect, body, spelling, vars, nvars) ||
                    (ch->n < MAX_DEPTH && outer >= 0 && takes_arguments(c, outer) &&
                     check_callers(c, stmts, ch, outer, elect, body, spelling, vars, nvars));
    ch->n--;
    if (reported) return true;
  }
  return false;
}

// One message when what the elected statement `body` does depends on a value
// that differs between the lanes (an error) or may (a warning): under the
// function's own values, else with the arguments of the calls of a helper.
static void check_lane_values(Ctx *c, const Stmt *stmts, int elect, int body, const char *spelling) {
  CXCursor *vars;
  size_t *named;
  int nvars = asserted_vars(c, stmts, body, &vars, &named);
  if (check_assertions(c, elect, vars, named, nvars)) return;
  int func = node_at(c, elect)->func;
  WarpEnv *env = warp_env_at(c, func, elect, vars, nvars);
  WarpValue v;
  int what = lane_effect(c, env, body, &v);
  if (what < 0) {
    Callers ch = {.budget = MAX_FUNCTIONS};
    if (takes_arguments(c, func)) check_callers(c, stmts, &ch, func, elect, body, spelling, vars, nvars);
    return;
  }
  const char *text = node_text(c, what);
  if (v.kind == WARP_UNKNOWN)
    diag_warning(c->diag, node_at(c, what)->start,
                 "'%s' may differ between the lanes of a warp, and %s runs this statement on one lane, any one: "
                 "what it does may depend on which lane is elected%s",
                 text, spelling,
                 node_at(c, what)->kind == CXCursor_DeclRefExpr
                     ? arena_printf(c->arena,
                                    "; if every lane of a warp holds the same '%s' there, say so with "
                                    "'#pragma tirx uniform(%s)' on the elected statement",
                                    text, text)
                     : "");
  else
    diag_error(c->diag, node_at(c, what)->start,
               "'%s' can differ between the lanes of a warp, and %s runs this statement on one lane, any one: what "
               "it does depends on which lane is elected; %s",
               text, spelling, keep_lane_test);
  note_origin(c, env, what);
  diag_note(c->diag, node_at(c, elect)->start, "elect is here");
}

// ---- a value of the elected lane, read from a lane by its number ----------

// The local variable an lvalue names (`x`, not `x.m` or `p[i]`), or a null cursor.
static CXCursor local_named(CXCursor lhs) {
  lhs = front_strip(lhs);
  CXCursor var = clang_getNullCursor();
  if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr) return var;
  CXCursor ref = clang_getCursorReferenced(lhs);
  if (clang_getCursorKind(ref) != CXCursor_VarDecl || clang_Cursor_getStorageClass(ref) == CX_SC_Static) return var;
  return front_is_function(clang_getCursorKind(clang_getCursorSemanticParent(ref))) ? ref : var;
}

// The local that node j writes as a whole (`x = e`, `x += e`, `x++`, a
// class's `x = e`), or a null cursor.
static CXCursor local_written(Ctx *c, int j, bool *plain) {
  const Node *n = node_at(c, j);
  CXCursor kids[2];
  int nk = cursor_child_count(n->cur);  // all of them: `x = e` has two exactly
  cursor_children(n->cur, kids, 2);
  *plain = false;
  if (n->kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(n->cur) == CXBinaryOperator_Assign &&
      nk == 2)
    return *plain = true, local_named(kids[0]);
  if ((n->kind == CXCursor_CompoundAssignOperator && nk == 2) ||
      (n->kind == CXCursor_UnaryOperator && nk == 1 &&
       clang_getCursorUnaryOperatorKind(n->cur) >= CXUnaryOperator_PostInc &&
       clang_getCursorUnaryOperatorKind(n->cur) <= CXUnaryOperator_PreDec))
    return local_named(kids[0]);
  if (n->kind == CXCursor_CallExpr && is_assign_operator(n->cur) && clang_Cursor_getNumArguments(n->cur) == 2)
    return local_named(clang_Cursor_getArgument(n->cur, 0));
  return clang_getNullCursor();
}

// For a shuffle that reads its value from a lane given by number
// (`__shfl_sync(mask, v, 0)`, a cooperative group's `shfl(v, 0)`): v, and
// the lane in *lane; a null cursor for any other call.
static CXCursor shuffled_from_lane(CXCursor call, long long *lane) {
  CXCursor callee = clang_getCursorReferenced(call), v = clang_getNullCursor();
  if (clang_Cursor_isNull(callee)) return v;
  CXString s = clang_getCursorSpelling(callee);
  const char *name = clang_getCString(s);
  int value = !strcmp(name, "__shfl_sync") ? 1
              : !strcmp(name, "shfl") && in_namespace(callee, "cooperative_groups") ? 0
                                                                                     : -1;
  clang_disposeString(s);
  bool u;
  if (value < 0 || clang_Cursor_getNumArguments(call) < value + 2 ||
      !front_eval_int(clang_Cursor_getArgument(call, value + 1), lane, &u))
    return v;
  return clang_Cursor_getArgument(call, value);
}

// A local that the elected statement writes holds what it computed in the
// elected lane only. Read after the elect by a shuffle from lane N (the
// warp-aggregated atomic: `if (lane == 0) base = atomicAdd(p, n); base =
// __shfl_sync(~0u, base, 0);` with the `if` replaced by elect), it is right
// only when lane N happens to be the one elected, which PTX does not say. An
// error at the first such shuffle after the elect in its function, unless a
// plain `x = e;` between them gave every lane a value of its own. True when
// reported.
static bool check_broadcast(Ctx *c, int elect, int body, const char *spelling) {
  enum { MAX_WRITTEN = 16 };
  CXCursor written[MAX_WRITTEN];
  int nw = 0, func = node_at(c, elect)->func;
  bool plain;
  for (int j = body; j <= node_at(c, body)->last && nw < MAX_WRITTEN; j++) {
    CXCursor var = local_written(c, j, &plain);
    if (clang_Cursor_isNull(var)) continue;
    size_t decl;
    if (front_offset(c->front, clang_getCursorLocation(var), &decl) && decl >= node_at(c, body)->start &&
        decl < node_at(c, body)->end)
      continue;  // declared in the statement: gone after it
    written[nw++] = var;
  }
  int replaced[MAX_WRITTEN];  // the node after which a `x = e;` replaced the elected value
  for (int w = 0; w < nw; w++) replaced[w] = node_at(c, func)->last;
  for (int i = node_at(c, elect)->last + 1; i <= node_at(c, func)->last && nw > 0; i++) {
    for (int w = 0; w < nw; w++)
      if (i > replaced[w]) written[w] = written[nw - 1], replaced[w] = replaced[nw - 1], nw--, w--;
    if (node_at(c, i)->func != func) continue;
    CXCursor var = local_written(c, i, &plain);
    if (!clang_Cursor_isNull(var) && plain && node_at(c, i)->parent >= 0 &&
        node_at(c, node_at(c, i)->parent)->kind == CXCursor_CompoundStmt)  // `x = e;`: every lane's own value
      for (int w = 0; w < nw; w++)
        if (clang_equalCursors(written[w], var) && replaced[w] > node_at(c, i)->last) replaced[w] = node_at(c, i)->last;
    long long lane;
    CXCursor v = node_at(c, i)->kind == CXCursor_CallExpr ? shuffled_from_lane(node_at(c, i)->cur, &lane)
                                                         : clang_getNullCursor();
    if (clang_Cursor_isNull(v)) continue;
    CXCursor read = local_named(v);
    for (int w = 0; w < nw && !clang_Cursor_isNull(read); w++) {
      if (!clang_equalCursors(written[w], read)) continue;
      int at = node_of_expr(c, v);
      CXString name = clang_getCursorSpelling(read);
      diag_error(c->diag, at >= 0 ? node_at(c, at)->start : node_at(c, i)->start,
                 "'%s' is written under %s, so only the elected lane holds that value, and this shuffle reads it "
                 "from lane %lld: elect.sync elects a lane that PTX does not name, lane %lld or another; keep the "
                 "lane test ('if (lane == %lld)') on the statement that computes what lane %lld broadcasts",
                 clang_getCString(name), spelling, lane, lane, lane, lane);
      clang_disposeString(name);
      diag_note(c->diag, node_at(c, elect)->start, "elect is here");
      return true;
    }
  }
  return false;
}

// ---- once in every warp, not once in the block ---------------------------

// elect runs its statement on one lane of every warp that reaches it. Where
// more than one warp does, an `if (threadIdx.x == 0)` rewritten into elect
// does its work once per warp: the same TMA copy issued N times (its bytes
// counted N times on its barrier), or one place read, changed and written by
// N warps at once. (An atomic once per warp is well defined, and often
// meant: a warp's slot, a count of warps; a store of each warp's value to one
// place is not told apart from a store of one value reliably.) Said where both are proven: how
// many warps reach the elect (its region's, or the partition's block; a
// plain kernel's, which may be one warp, is not known: nothing is said), and
// that nothing in the operands tells the warps apart. A condition above the
// elect not proven the same in every warp may leave a single warp: then
// nothing is said.

typedef struct {
  Ctx *c;
  const Kernel *k;
  Names visiting;  // locals being proven (a loop counter's ++i reads itself)
} WarpsAlike;

// A call whose value may differ between the warps (or lanes) for the same
// arguments: a lane's or a group's number or size, a vote, a shuffle, an
// atomic's old value, a clock.
static bool per_thread_call(const char *name) {
  static const char prefixes[] =  // each followed by a space
      "__shfl __match __reduce_ __lanemask __ballot __any __all __uni __activemask __syncthreads_ atomic clock "
      "__clock __globaltimer tirx_lane tirx_elect elect thread_rank thread_index meta_group coalesced_threads "
      "tiled_partition num_threads size __popc __ffs fetch_ exchange compare_exchange ";
  for (const char *p = prefixes, *sp; (sp = strchr(p, ' ')); p = sp + 1)
    if (!strncmp(name, p, (size_t)(sp - p))) return true;
  return false;
}

static bool alike_in_warps(WarpsAlike *w, int x, int depth);
static bool conditions_alike(WarpsAlike *w, int i, int top, int depth);

// Whether node i writes into local d, whole or in part (`d = e`, `d.row = e`,
// `d[0] += e`, `++d`): the node its value comes from in *from (-1: ++ / --).
static bool writes_into(Ctx *c, int i, CXCursor d, int *from) {
  CXCursor var;
  if (assignment_at(c, i, clang_getNullCursor(), &var, from)) return clang_equalCursors(var, d);
  int kids[2];
  if (!is_assignment(node_at(c, i)) || front_children(c->front, i, kids, 2) < 1 || !refers_to(c, kids[0], d))
    return false;
  *from = node_at(c, i)->kind == CXCursor_UnaryOperator ? -1 : kids[1];
  return true;
}

// Whether every value the kernel's local d takes is the same in every warp:
// each initializer and assignment (of d or of a member or element of it) is,
// none stands under a condition not proven the same in every warp, and its
// address is not taken where it may be written through.
static bool local_alike(WarpsAlike *w, CXCursor d, int depth) {
  Ctx *c = w->c;
  for (int i = 0; i < w->visiting.len; i++)
    if (clang_equalCursors(w->visiting.items[i], d)) return true;
  if (depth >= MAX_DEPTH || aliased_in(c, w->k->func, d) >= 0) return false;
  VEC_PUSH(c->arena, w->visiting, d);
  bool alike = true;
  for (int i = w->k->func; i <= node_at(c, w->k->func)->last && alike; i++) {
    int from;
    if (!writes_into(c, i, d, &from)) continue;
    // (Conditions above d's declaration are passed by every thread that has d.)
    int scope = node_at(c, i)->parent;
    while (scope >= 0 && scope != w->k->func && !cursor_in(c, d, scope)) scope = node_at(c, scope)->parent;
    alike = conditions_alike(w, i, scope, depth + 1) && (from < 0 || alike_in_warps(w, from, depth + 1));
  }
  w->visiting.len--;
  return alike;
}

// Whether every condition that decides if node i runs, up to `top`, has one
// value in every warp (a condition on the warp may leave some out).
static bool conditions_alike(WarpsAlike *w, int i, int top, int depth) {
  for (int p = node_at(w->c, i)->parent; p >= 0 && p != top; p = node_at(w->c, p)->parent) {
    int cond = deciding_condition(w->c, p, node_at(w->c, i)->start);
    if (cond >= 0 && !alike_in_warps(w, cond, depth)) return false;
  }
  return true;
}

typedef struct {
  int depth;
  bool thread;  // found something that answers per thread
} BodyScan;

static enum CXChildVisitResult scan_body(CXCursor cur, CXCursor parent, CXClientData data);

// Whether a function's definition (in this file or a header) reads a thread
// index, asks for a lane's or a warp's number, or calls a function that does,
// MAX_DEPTH calls deep; a function with no definition to read answers per
// thread unless it takes arguments (a math function of them).
static bool answers_per_thread(CXCursor callee, int nargs, int depth) {
  CXCursor def = clang_getCursorDefinition(callee);
  if (clang_Cursor_isNull(def)) return nargs == 0;
  if (depth >= MAX_DEPTH) return true;
  BodyScan b = {depth, false};
  clang_visitChildren(def, scan_body, &b);
  return b.thread;
}

static enum CXChildVisitResult scan_body(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  BodyScan *b = data;
  enum CXCursorKind k = clang_getCursorKind(cur);
  if (k == CXCursor_AsmStmt || k == CXCursor_GCCAsmStmt) {  // %laneid, %warpid, %tid: not read, taken as read
    b->thread = true;
    return CXChildVisit_Break;
  }
  if (k == CXCursor_DeclRefExpr || k == CXCursor_CallExpr) {
    CXCursor ref = clang_getCursorReferenced(cur);
    CXString s = clang_getCursorSpelling(ref);
    const char *name = clang_getCString(s);
    bool thread = k == CXCursor_DeclRefExpr ? !strcmp(name, "threadIdx") : per_thread_call(name);
    clang_disposeString(s);
    if (!thread && k == CXCursor_CallExpr && !clang_Cursor_isNull(ref))
      thread = answers_per_thread(ref, clang_Cursor_getNumArguments(cur), b->depth + 1);
    if (thread) {
      b->thread = true;
      return CXChildVisit_Break;
    }
  }
  return CXChildVisit_Recurse;
}

// Whether the expression at node x has one value in every warp of the
// block: it reads no thread index, calls nothing that answers per lane or
// per warp (followed into the callee's definition, in this file or a
// header), and its locals are local_alike (the kernel's parameters,
// blockIdx, __shared__ and global variables are the block's).
static bool alike_in_warps(WarpsAlike *w, int x, int depth) {
  Ctx *c = w->c;
  for (int j = x; j <= node_at(c, x)->last; j++) {
    const Node *n = node_at(c, j);
    if (n->kind == CXCursor_CallExpr || n->kind == CXCursor_DeclRefExpr) {
      CXCursor d = clang_getCursorReferenced(n->cur);
      CXString s = clang_getCursorSpelling(d);
      bool thread = n->kind == CXCursor_DeclRefExpr ? !strcmp(clang_getCString(s), "threadIdx")
                                                    : per_thread_call(clang_getCString(s));
      clang_disposeString(s);
      if (thread || (n->kind == CXCursor_CallExpr &&
                     (clang_Cursor_isNull(d) || answers_per_thread(d, clang_Cursor_getNumArguments(n->cur), depth))))
        return false;
      if (n->kind != CXCursor_DeclRefExpr) continue;
      if (clang_getCursorKind(d) == CXCursor_ParmDecl &&
          !clang_equalCursors(clang_getCursorSemanticParent(d), node_at(c, w->k->func)->cur))
        return false;  // a lambda's parameter: what its caller passes
      if (clang_getCursorKind(d) == CXCursor_VarDecl && automatic_in(c, d, w->k->func) && !local_alike(w, d, depth))
        return false;
    }
  }
  return true;
}

// Whether every argument of the call at node j is alike in every warp.
static bool call_alike(WarpsAlike *w, int j) {
  int args[16];
  int na = front_children(w->c->front, j, args, 16);
  for (int i = 1; i < na && i < 16; i++)  // (child 0: the callee)
    if (!alike_in_warps(w, args[i], 0)) return false;
  return true;
}

// The warps that run the statements of region r (NULL: of the block), and
// how messages say so; *first: its first thread. A kernel without a
// partition has the warps its launch gives it: -1 (unknown), unless its own
// __launch_bounds__ allow one warp at most.
static int warps_reaching(Ctx *c, const Kernel *k, const Region *r, const char **who, int *first) {
  *first = r ? r->first * k->group : 0;
  if (r) {
    *who = arena_printf(c->arena, "each of the %d warps of '%s'", r->threads / 32, region_label(c, r));
    return r->threads / 32;
  }
  if (!k->part) {
    Bounds b = kernel_bounds(c, k, "__launch_bounds__");
    if (!b.nargs) b = declared_bounds(c, k, "__launch_bounds__");  // (on a prototype, nvcc's too)
    *who = "every warp of the block";
    // Bounds tirx-pp cannot read (a macro, `32U`): the author said how large the block is.
    if (b.nargs < 0) return 1;
    return b.nargs > 0 && b.args[0] <= 32 ? 1 : -1;
  }
  *who = arena_printf(c->arena, "each of the %d warps of the block", k->nparts * k->group / 32);
  return k->nparts * k->group / 32;
}

// What a kernel without a partition is told besides: only a block of one
// warp runs the statement once.
static const char *if_many(int warps) {
  return warps < 0 ? "; if the block is one warp, say so with __launch_bounds__(32)" : "";
}

// In a kernel without a partition: whether the code before the elect may
// have chosen one warp (a `return` before it, `if (threadIdx.x >= 32)
// return;`) or the block's size (a condition on blockDim above it), which
// the check cannot follow: then it says nothing.
static bool block_shaped(Ctx *c, const Kernel *k, int elect) {
  size_t at = node_at(c, elect)->start;
  for (int i = k->func; i <= node_at(c, k->func)->last && node_at(c, i)->start < at; i++)
    if (node_at(c, i)->kind == CXCursor_ReturnStmt && node_at(c, i)->func == k->func) return true;
  for (int p = node_at(c, elect)->parent; p >= 0 && p != k->func; p = node_at(c, p)->parent) {
    int cond = deciding_condition(c, p, at);
    if (cond >= 0 && refers_to_any(c, cond, NULL, 0, "blockDim")) return true;
  }
  return false;
}

static Span text_span(const char *t) { return (Span){t, strlen(t), 0}; }

// Whether the plain assignment at node i reads the place it writes
// (`x[0] = x[0] + 1`, `*n = *n * 2`): an update written out, as `+=` is one.
static bool reads_own_place(Ctx *c, int i, CXCursor lhs_cur) {
  int lhs = node_of_expr(c, lhs_cur);
  if (lhs < 0) return false;
  const char *place = node_text(c, lhs);
  for (int j = node_at(c, lhs)->last + 1; j <= node_at(c, i)->last; j++)
    if (node_at(c, j)->kind == node_at(c, lhs)->kind && spans_alike(text_span(node_text(c, j)), text_span(place)))
      return true;
  return false;
}

static void check_once_per_warp(Ctx *c, const Kernel *k, int elect, int body, const char *spelling) {
  const char *who;
  const Region *r = enclosing_region(k, node_at(c, elect)->start);
  int first, warps = warps_reaching(c, k, r, &who, &first);
  if (warps == 1 || node_at(c, elect)->func != k->func) return;  // (a lambda's: where it is called)
  if (warps < 0 && block_shaped(c, k, elect)) return;
  DiagKind kind = warps > 1 ? DIAG_ERROR : DIAG_WARNING;         // known warps: an error; a launch's: a warning
  WarpsAlike w = {.c = c, .k = k};
  int top = r ? node_at(c, r->body.node)->parent : k->func;  // (the region's own test of the partition index)
  if (!conditions_alike(&w, elect, top, 0)) return;          // a condition on the warp may leave one of them
  const char *once = arena_printf(c->arena, "if (threadIdx.x == %d)", first), *scope = r ? "region" : "block";
  for (int j = body; j <= node_at(c, body)->last; j++) {
    const Node *n = node_at(c, j);
    if (n->func != k->func) continue;
    CXCursor kids[2];
    int nk = cursor_child_count(n->cur);  // all of them: `x = e` has two exactly
    cursor_children(n->cur, kids, 2);
    if (n->kind == CXCursor_CallExpr) {
      const char *name = callee_name(c, j);
      bool copy = (has_prefix(name, "tirx_tma_load") || has_prefix(name, "tirx_tma_store_") ||
                   has_prefix(name, "tirx_tma_reduce")) &&
                  clang_Cursor_getNumArguments(n->cur) > 0 && !has_prefix(name, "tirx_tma_store_commit") &&
                  !has_prefix(name, "tirx_tma_store_wait");  // (a bulk group's commit and wait are its thread's)
      if (!copy || !call_alike(&w, j)) continue;
      diag_at(
          c->diag, kind, n->start, 0,
          "%s() under %s runs in %s: elect picks one lane in every warp, not one thread, and nothing in this copy's "
          "arguments differs between the warps, so the same copy is issued once per warp (a load's bytes arrive "
          "that many times on its barrier); to issue it once, test one thread ('%s') instead of elect%s",
          name, spelling, who, once, if_many(warps));
      diag_note(c->diag, node_at(c, elect)->start, "elect is here");
      return;
    }
    // op=, ++, --, and a plain `=` that reads what it writes; not one that stores a value alone
    bool update = is_assignment(n) && (n->kind != CXCursor_BinaryOperator || (nk == 2 && reads_own_place(c, j, kids[0])));
    if (!update || nk < 1 || thread_own(c, kids[0]) || !clang_Cursor_isNull(local_named(kids[0]))) continue;
    int lhs = node_of_expr(c, kids[0]);
    CXCursor parts[MAX_EFFECTS];
    int np = address_parts(kids[0], parts, 0, MAX_EFFECTS);
    bool same_place = lhs >= 0;
    for (int p = 0; p < np && same_place; p++) {
      int part = node_of_expr(c, parts[p]);
      same_place = part >= 0 && alike_in_warps(&w, part, 0);
    }
    if (!same_place) continue;
    diag_at(c->diag, kind, n->start, 0,
            "'%s' is updated under %s in %s: elect picks one lane in every warp, not one thread, and the warps' lanes "
            "read, change and write the same '%s' at once, so updates are lost; for once in the %s, test one thread "
            "('%s'); to combine the warps' values, use an atomic%s",
            node_text(c, j), spelling, who, node_text(c, lhs), scope, once, if_many(warps));
    diag_note(c->diag, node_at(c, elect)->start, "elect is here");
    return;
  }
}

// The statement an elect `if` runs (its `then`), -1 if none.
static int elected_statement(Ctx *c, int elect) {
  int kids[3];
  int nk = front_children(c->front, elect, kids, 3);
  return nk >= 2 ? kids[1] : -1;
}

void check_elected(Ctx *c, Kernel *k, const Stmt *stmts) {
  const Node *fn = node_at(c, k->func);
  for (int i = k->func; i <= fn->last; i++) {
    const Node *n = node_at(c, i);
    if (n->func != k->func && (n->func < 0 || node_at(c, n->func)->kind != CXCursor_LambdaExpr)) continue;
    if (!is_elect_if(c, i)) continue;
    int body = elected_statement(c, i);
    if (body < 0) continue;
    const char *spelling = elect_spelling(c, i);
    int said = c->diag->errors + c->diag->warnings;
    if (!check_collectives(c, i, body, spelling) && !check_broadcast(c, i, body, spelling))
      check_lane_values(c, stmts, i, body, spelling);
    if (c->diag->errors + c->diag->warnings == said) check_once_per_warp(c, k, i, body, spelling);
  }
}
