// vectorize.c - `#pragma tirx vectorize` before `for (int v = 0; v < W; ++v)`:
// each array accessed as `p[base + v]` is loaded and stored once as an 8- or
// 16-byte vector (float4, int4, uint4, ...), and the body runs W times on the
// lanes. The vector path is taken when every address is aligned to the vector
// size; otherwise the original loop runs under nvcc's `#pragma unroll`. When
// the body does not fit the pattern, the loop gets `#pragma unroll` and a
// remark (-Rpass) says why.
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
  bool read, written;
  bool sure;     // accessed on every path through the body (its vector is in bounds)
  int guarded;   // node of its first access under a condition, plus one (0: none)
} Array;

typedef struct Vectorize Vectorize;

typedef struct {
  Vectorize *vz;
  int array;
} Lane;

struct Vectorize {
  Array arrays[MAX_ARRAYS];
  int narrays;
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

static void render_vectorized(Render *r, const Edit *e) {
  Vectorize *vz = e->data;
  Arena *a = r->edits->arena;
  int id = vz->id = ++r->counter;
  // The alignment test over every address.
  render_text(r, "if ((");
  for (int i = 0; i < vz->narrays; i++)
    render_text(r, arena_printf(a, "%s(unsigned long long)(const void *)&(%s)[%s]", i ? " | " : "",
                                vz->arrays[i].array, vz->arrays[i].base));
  render_text(r, arena_printf(a, ") %% %d == 0) {", vz->chunk));
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
  return false;
}

// Whether node i runs only on some paths through the body.
static bool conditional(const Ctx *c, int i, int body) {
  for (int p = node_at(c, i)->parent; p >= 0 && p != body; p = node_at(c, p)->parent) {
    enum CXCursorKind k = node_at(c, p)->kind;
    if (k == CXCursor_IfStmt || k == CXCursor_SwitchStmt || k == CXCursor_ConditionalOperator || front_is_loop(k))
      return true;
    if (k == CXCursor_BinaryOperator) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(node_at(c, p)->cur);
      if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) return true;
    }
  }
  return false;
}

// Whether node i runs only on some paths through the body, counting the
// condition of an `if` or `?:` and the left side of `&&` / `||` as always run
// (`A[v] > 0.f ? A[v] : 0.f` reads A[v] on every path).
static bool guarded(const Ctx *c, int i, int body) {
  for (int from = i, p = node_at(c, i)->parent; p >= 0 && p != body; from = p, p = node_at(c, p)->parent) {
    enum CXCursorKind k = node_at(c, p)->kind;
    bool branch = k == CXCursor_IfStmt || k == CXCursor_SwitchStmt || k == CXCursor_ConditionalOperator;
    if (k == CXCursor_BinaryOperator) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(node_at(c, p)->cur);
      branch = op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr;
    }
    if (front_is_loop(k) || (branch && from != p + 1)) return true;  // p + 1: the first child
  }
  return false;
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
  int parent = node_at(c, node)->parent;
  if (parent >= 0 && node_at(c, parent)->kind == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(node_at(c, parent)->cur) == CXUnaryOperator_AddrOf)
    return misfit(f, node, "the address of an element is taken"), 0;
  char *array = node_text(c, arr);
  CXType et = clang_getCursorType(node_at(c, node)->cur);
  enum CXTypeKind ek = clang_getCanonicalType(et).kind;
  if ((ek < CXType_FirstBuiltin || ek > CXType_LastBuiltin || ek == CXType_Void) && !is_half_type(et))
    return misfit(f, node, "an element type that is not a built-in scalar, __half or __nv_bfloat16"), 0;
  int size = (int)clang_Type_getSizeOf(et);
  int bytes = size * h->count;
  if (size <= 0 || (bytes != 8 && bytes != 16 && bytes != 32))
    return misfit(f, node, "an element type whose vector of this width is not 8, 16 or 32 bytes"), 0;
  int chunk = bytes > 16 ? 16 : bytes;  // 32 bytes: two 16-byte vectors (8 floats)
  int k;
  for (k = 0; k < vz->narrays; k++)
    if (!strcmp(squeeze(c->arena, vz->arrays[k].array), squeeze(c->arena, array))) break;
  if (k == vz->narrays) {
    if (k == MAX_ARRAYS) return misfit(f, node, "too many arrays"), 0;
    CXString es = clang_getTypeSpelling(clang_getUnqualifiedType(et));
    vz->arrays[k] = (Array){.array = array, .base = base,
                            .elem = arena_strndup(c->arena, clang_getCString(es), strlen(clang_getCString(es))),
                            .vector = (char *)vector_type(c->arena, et, h->count * chunk / bytes, chunk)};
    clang_disposeString(es);
    vz->narrays++;
    if (vz->bytes && vz->bytes != bytes) return misfit(f, node, "arrays of different element sizes"), 0;
    vz->bytes = bytes;
    vz->chunk = chunk;
  } else if (strcmp(squeeze(c->arena, vz->arrays[k].base), squeeze(c->arena, base))) {
    return misfit(f, node, "one array is accessed at two different offsets"), 0;
  }
  if (!guarded(c, node, body))
    vz->arrays[k].sure = true;
  else if (!vz->arrays[k].guarded)
    vz->arrays[k].guarded = node + 1;
  bool also_read;
  if (is_written(c, node, &also_read)) {
    vz->arrays[k].written = true;
    // A lane the body may skip must store back what was there.
    if (also_read || conditional(c, node, body)) vz->arrays[k].read = true;
  } else {
    vz->arrays[k].read = true;
  }
  Lane *l = arena_alloc(c->arena, sizeof *l);
  *l = (Lane){vz, k};
  *lane_out = l;
  int refs = 0;
  for (int i = idx; i <= node_at(c, idx)->last; i++)
    if (node_at(c, i)->kind == CXCursor_DeclRefExpr && is_ref_to(node_at(c, i)->cur, var)) refs++;
  return refs;
}

// An array that the body touches only under a condition (a tail guard such as
// `if (base + v < n)`) may end inside the vector: the vector load and store
// would touch the elements the loop skips, past the end of the data.
static void only_guarded(Fit *f, const Vectorize *vz) {
  for (int k = 0; k < vz->narrays && !f->why; k++)
    if (!vz->arrays[k].sure && vz->arrays[k].guarded)
      misfit(f, vz->arrays[k].guarded - 1,
             arena_printf(f->c->arena,
                          "every access to '%s' is under a condition (a tail guard?): one vector would load and "
                          "store the elements it skips, which may lie past the end of the data; test the whole "
                          "vector before the loop",
                          vz->arrays[k].array));
}

static void fall_back(Ctx *c, const Annotation *an, size_t at, const char *why) {
  diag_remark(c->diag, at, "vectorize: %s; the loop is left to nvcc's '#pragma unroll'", why);
  edit_replace(c->edits, an->start, an->end, nvcc_pragma(c, an, "unroll"));
}

void rewrite_vectorize(Ctx *c, const Annotation *an, Stmt st) {
  static const char *const none[] = {NULL};
  if (!check_clauses(c, an, none) || !no_head_args(c, an)) return;
  if (!front_is_loop(node_at(c, st.node)->kind)) {
    diag_error(c->diag, st.start, "expected a loop after '%s'", spelling_of(an));
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
  Vectorize *vz = arena_alloc(c->arena, sizeof *vz);
  *vz = (Vectorize){.width = h.count, .var = h.name, .var_type = h.type, .loop_start = st.start,
                    .body_start = lex_skip_blank(c->src, h.fp.rparen + 1), .end = st.end,
                    .line = source_line(c->src, st.start), .lane = -1};
  Fit f = {.c = c};
  int body = h.fp.body, refs = 0, covered = 0;
  VEC(Edit) lanes = {0};
  for (int i = body; i <= node_at(c, body)->last && !f.why; i++) {
    const Node *n = node_at(c, i);
    if (n->kind == CXCursor_BreakStmt || n->kind == CXCursor_ContinueStmt || n->kind == CXCursor_ReturnStmt ||
        n->kind == CXCursor_GotoStmt)
      misfit(&f, i, "the body jumps (break, continue, return or goto)");
    if (n->kind == CXCursor_ArraySubscriptExpr && refers_to(c, i, h.var) && n->from_macro) {
      misfit(&f, i, "an access comes from a macro expansion");
      break;
    }
    if (n->kind == CXCursor_ArraySubscriptExpr && refers_to(c, i, h.var)) {
      int kids[2];
      if (front_children(c->front, i, kids, 2) == 2 && !refers_to(c, kids[1], h.var)) continue;
      Lane *l = NULL;
      covered += take_access(&f, vz, i, body, h.var, &h, &l);
      if (l) VEC_PUSH(c->arena, lanes, ((Edit){.start = n->start, .end = n->end, .fn = render_lane, .data = l}));
      i = n->last;  // nested subscripts belong to this access
    }
  }
  if (!f.why && vz->narrays == 0) misfit(&f, body, "no array is accessed as 'p[base + v]'");
  if (!f.why) only_guarded(&f, vz);
  if (f.why) {
    fall_back(c, an, node_at(c, f.at)->start, f.why);
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
