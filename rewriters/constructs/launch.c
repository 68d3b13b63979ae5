// launch.c - `#pragma tirx launch [grid(persistent)] [smem(BYTES)]
// [stream(S)] [async] [status(VAR)] [cluster(X[, Y])]` before `kernel<<<G, B>>>(args);` in host
// code. The launch becomes a block that prepares it (tirx_launch_begin in
// tirx.h: the shared memory limit raised, a persistent grid sized), launches
// with the prepared configuration, and checks it (tirx_launch_end: the launch
// error, then the stream unless `async`), reporting with the original line.
#include <string.h>

#include "ast.h"
#include "launch.h"
#include "stubvar.h"

typedef struct {
  Span kernel;          // `k<4>`
  Span config[4];       // grid, block[, smem[, stream]] as written
  int nconfig;
  size_t config_start;  // the first '<' of `<<<`
  size_t config_end;    // just past `>>>`
} Launch;

static Span span_of(const Source *src, size_t from, size_t to) {
  return span_trim((Span){src->data + from, to - from, from});
}

// The configuration's expressions as clang read them, into l->config: the
// arguments of the call `<<<...>>>` stands for (__cudaPushCallConfiguration),
// written between open and close (the defaults clang adds have no text).
// A template-id's commas (`blocks<1, 2>()`) are not the configuration's.
// False when there is no such call, or its arguments are not all there.
static bool config_from_ast(Ctx *c, Stmt st, size_t open, size_t close, Launch *l) {
  for (int i = st.node; i <= node_at(c, st.node)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_CallExpr || n->start != open || n->end > close + 3) continue;
    int count = 0, first = 1;  // the first child is the callee
    for (int j = i + 1; j <= n->last; j = node_at(c, j)->last + 1, first = 0) {
      const Node *arg = node_at(c, j);
      if (first || arg->end <= arg->start) continue;
      if (count == 4 || arg->start < open + 3 || arg->end > close) return false;
      l->config[count++] = span_of(c->src, arg->start, arg->end);
    }
    if (count < 2) return false;
    l->nconfig = count;
    return true;
  }
  return false;
}

// Splits `kernel<<<config>>>(args);`, the configuration as clang read it or,
// where clang's view has no call for it, at its top-level commas (clang has
// checked that it is a call); false when the statement is not a kernel launch.
static bool read_launch(Ctx *c, Stmt st, Launch *l) {
  const Source *src = c->src;
  size_t open = lex_find_top_triple(src, st.start, st.end, '<');
  if (open == st.end) return false;
  size_t close = lex_find_top_triple(src, open + 3, st.end, '>');
  if (close == st.end) return false;
  l->kernel = span_of(src, st.start, open);
  l->config_start = open;
  l->config_end = close + 3;
  if (!config_from_ast(c, st, open, close, l)) {
    Arg *args;
    l->nconfig = split_args(c->arena, span_of(src, open + 3, close), &args);
    for (int i = 0; i < l->nconfig && i < 4; i++) l->config[i] = args[i].expr;
  }
  return l->kernel.len && l->nconfig >= 2 && l->nconfig <= 4;
}

// Whether the statement is in a __device__ or __global__ function.
static bool in_device_code(Ctx *c, Stmt st) {
  int f = node_at(c, st.node)->func;
  return f >= 0 && (front_space(node_at(c, f)->cur) & FRONT_DEVICE);
}

// The one argument of clause `name`, or NULL (reported) when it has another number.
static const Span *one_arg(Ctx *c, const Annotation *an, const char *name, const char *what) {
  const Clause *cl = dir_clause(&an->dir, name);
  if (!cl) return NULL;
  if (cl->nargs != 1 || cl->args[0].name.len) {
    diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len, "'%s' in '%s' takes one argument, %s", name,
            spelling_of(an), what);
    return NULL;
  }
  return &cl->args[0].expr;
}

static bool check_launch_clauses(Ctx *c, const Annotation *an) {
  static const char *const clauses[] = {"grid", "smem", "stream", "async", "status", "cluster", NULL};
  if (!check_clauses(c, an, clauses)) return false;
  if (an->dir.head.has_args) {
    diag_error(c->diag, an->dir.head.name.off, "'%s' takes no arguments: the launch's own are its grid and block",
               spelling_of(an));
    return false;
  }
  for (int i = 0; i < an->dir.nclauses; i++) {
    const Clause *cl = &an->dir.clauses[i];
    for (int j = 0; j < i; j++)
      if (span_same(cl->name, an->dir.clauses[j].name)) {
        diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len, "'%.*s' is given twice in '%s'", (int)cl->name.len,
                cl->name.s, spelling_of(an));
        return false;
      }
    bool takes = !span_eq(cl->name, "async");
    if (!takes && cl->has_args) {
      diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len, "'async' in '%s' takes no arguments", spelling_of(an));
      return false;
    }
    if (takes && !cl->has_args) {
      diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len, "'%.*s' in '%s' needs a value: '%.*s(...)'",
              (int)cl->name.len, cl->name.s, spelling_of(an), (int)cl->name.len, cl->name.s);
      return false;
    }
  }
  const Clause *g = dir_clause(&an->dir, "grid");
  if (g && (g->nargs != 1 || !span_eq(g->args[0].expr, "persistent"))) {
    diag_at(c->diag, DIAG_ERROR, g->name.off, g->name.len,
            "'grid' in '%s' takes 'persistent': 'grid(persistent)' sizes the grid to the device", spelling_of(an));
    return false;
  }
  return true;
}

// `cluster(X[, Y])` (docs/clusters.md): integer literals, at most 8 blocks in
// all (the portable cluster size); with grid(persistent), one-dimensional.
// False (reported) when wrong; dims[] gets X, Y (1 when absent).
static bool read_cluster(Ctx *c, const Annotation *an, long long dims[2]) {
  dims[0] = dims[1] = 1;
  const Clause *cl = dir_clause(&an->dir, "cluster");
  if (!cl) return true;
  if (cl->nargs < 1 || cl->nargs > 2) {
    diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len,
            "'cluster' in '%s' takes one or two dimensions: 'cluster(X)' or 'cluster(X, Y)'", spelling_of(an));
    return false;
  }
  for (int i = 0; i < cl->nargs; i++) {
    Span v = span_trim(cl->args[i].expr);
    if (cl->args[i].name.len || !span_int_literal(v, &dims[i])) {
      diag_at(c->diag, DIAG_ERROR, v.off, v.len,
              "a cluster dimension must be an integer literal: the kernel's events and multicast masks are written "
              "for one cluster shape");
      return false;
    }
    if (dims[i] < 1 || dims[i] > 8) {
      diag_at(c->diag, DIAG_ERROR, v.off, v.len, "cluster dimension %lld: a cluster has 1 to 8 blocks", dims[i]);
      return false;
    }
  }
  if (dims[0] * dims[1] > 8) {
    diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len,
            "cluster(%lld, %lld) has %lld blocks; the portable cluster size is at most 8", dims[0], dims[1],
            dims[0] * dims[1]);
    return false;
  }
  if (dims[1] > 1 && dir_clause(&an->dir, "grid")) {
    diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len,
            "'grid(persistent)' sizes a one-dimensional grid: its clusters must be one-dimensional too, "
            "'cluster(%lld)'",
            dims[0]);
    return false;
  }
  return true;
}

// The node of the kernel this launch calls (its template, for a
// specialization), when it is defined in this file; -1 if not.
static int callee_node(Ctx *c, Stmt st) {
  CXCursor callee = clang_getCursorReferenced(node_at(c, st.node)->cur);
  if (clang_Cursor_isNull(callee)) return -1;
  CXCursor tmpl = clang_getSpecializedCursorTemplate(callee);
  if (!clang_Cursor_isNull(tmpl)) callee = tmpl;
  CXCursor def = clang_getCursorDefinition(callee);
  int i = node_of_cursor(c, def);
  return i >= 0 && (node_at(c, i)->kind == CXCursor_FunctionDecl || node_at(c, i)->kind == CXCursor_FunctionTemplate)
             ? i
             : -1;
}

// The first cluster event declared in the body of the kernel this launch
// calls, when the kernel is defined in this file; NULL if none.
static const Annotation *cluster_event_of_callee(Ctx *c, Stmt st) {
  int k = callee_node(c, st);
  if (k < 0) return NULL;
  const Node *n = node_at(c, k);
  for (int j = 0; j < c->anns->len; j++) {
    const Annotation *an = &c->anns->items[j];
    if (an->skipped || an->spelling == SPELL_CALL || an->dir.kind != DIR_EVENT || an->start < n->start ||
        an->start >= n->end)
      continue;
    for (int d = 0; d < dir_ndecls(&an->dir); d++)
      if (dir_clause(dir_decl(&an->dir, d), "cluster")) return an;
  }
  return NULL;
}

// Whether the launch's grid (`<<<G, ...>>>`) is one-dimensional as written:
// an integer, or `dim3(x)` with one argument. A dim3 of more, or a dim3
// variable, may be more.
static bool grid_one_dimensional(Ctx *c, const Launch *l) {
  Span g = span_trim(l->config[0]);
  for (int i = front_first_at(c->front, g.off); i < c->front->nnodes && node_at(c, i)->start == g.off; i++) {
    enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(node_at(c, i)->cur)).kind;
    if (node_at(c, i)->end == g.off + g.len && t >= CXType_Bool && t <= CXType_Int128) return true;  // (made a dim3)
  }
  if (g.len < 6 || memcmp(g.s, "dim3", 4)) return false;
  size_t open = lex_skip_blank(c->src, g.off + 4);
  if (open >= g.off + g.len || (c->src->data[open] != '(' && c->src->data[open] != '{')) return false;
  return lex_find_top(c->src, open + 1, g.off + g.len - 1, ',') >= g.off + g.len - 1;
}

// Whether the function at node f walks work items past its own block: a
// `#pragma tirx persistent` loop, a word that steps by the grid (gridDim, a
// cooperative group's num_blocks or this_grid), or a call to a function that
// may: one of this file that does (MAX_WALK calls deep), or one from a header
// of the program, which tirx-pp does not read (the toolkit's are taken as
// not walking).
static bool walks_items(Ctx *c, int f, int depth) {
  enum { MAX_WALK = 4 };
  const Node *n = node_at(c, f);
  LexText text = {c->src->data, n->end};
  static const char *const words[] = {"gridDim", "num_blocks", "this_grid", NULL};
  for (int w = 0; words[w]; w++)
    if (text_find_word(text, n->start, words[w], strlen(words[w])) < n->end) return true;
  for (int j = 0; j < c->anns->len; j++) {
    const Annotation *p = &c->anns->items[j];
    if (!p->skipped && p->spelling != SPELL_CALL && p->start > n->start && p->start < n->end &&
        p->dir.kind == DIR_PERSISTENT)
      return true;
  }
  for (int j = f + 1; j <= n->last; j++) {
    if (node_at(c, j)->kind != CXCursor_CallExpr) continue;
    int callee = called_definition(c, node_at(c, j)->cur);
    if (callee >= 0 && callee != f) {
      if (depth < MAX_WALK && walks_items(c, callee, depth + 1)) return true;
      continue;
    }
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(node_at(c, j)->cur));
    if (!clang_Cursor_isNull(def) && !clang_Location_isInSystemHeader(clang_getCursorLocation(def))) return true;
  }
  return false;
}

// grid(persistent) launches at most as many blocks as the device holds at
// once, in one dimension. So the kernel (when it is of this file) must walk
// its tiles, with `#pragma tirx persistent` or a loop that steps by gridDim,
// and, where the grid written may have more than one dimension, must not
// tell its blocks apart by blockIdx.y or .z, 0 in every block there: else the
// work of the blocks not launched is silently left undone. False (reported)
// when it does not.
static bool check_persistent_callee(Ctx *c, const Annotation *an, Stmt st, const Launch *l) {
  int k = callee_node(c, st);
  if (k < 0) return true;
  const Node *n = node_at(c, k);
  LexText text = {c->src->data, n->end};
  for (size_t at = n->start; !grid_one_dimensional(c, l) && (at = text_find_word(text, at, "blockIdx", 8)) < n->end;
       at += 8) {
    size_t dot = lex_skip_blank(c->src, at + 8), axis = dot < n->end ? lex_skip_blank(c->src, dot + 1) : n->end;
    if (c->src->data[dot] != '.' || axis >= n->end || (c->src->data[axis] != 'y' && c->src->data[axis] != 'z') ||
        is_ident_char((unsigned char)c->src->data[axis + 1]))
      continue;
    diag_error(c->diag, st.start,
               "'grid(persistent)' of '%s' launches a one-dimensional grid of as many blocks as the device holds at "
               "once, and '%.*s' reads blockIdx.%c, which is 0 in every block there: the work of the other rows of "
               "blocks would never be done; fold that dimension into the tiles the kernel walks",
               spelling_of(an), (int)l->kernel.len, l->kernel.s, c->src->data[axis]);
    diag_note(c->diag, at, "blockIdx.%c is read here", c->src->data[axis]);
    return false;
  }
  for (int j = 0; j < c->anns->len; j++) {
    const Annotation *p = &c->anns->items[j];
    if (p->skipped || p->spelling == SPELL_CALL || p->start <= n->start || p->start >= n->end) continue;
    for (int d = 0; p->dir.kind == DIR_EVENT && d < dir_ndecls(&p->dir); d++)
      if (dir_clause(dir_decl(&p->dir, d), "grid")) return true;  // the grid event's check says more
  }
  if (walks_items(c, k, 0)) return true;
  diag_error(c->diag, st.start,
             "'grid(persistent)' of '%s' launches at most as many blocks as the device holds at once, and '%.*s' "
             "walks no work items (no '#pragma tirx persistent' loop, no loop that steps by gridDim, in it or in "
             "the functions of this file it calls): each block does one block's work, and that of the blocks not "
             "launched would never be done; walk the tiles with '#pragma tirx persistent(tile: N)', or drop "
             "'grid(persistent)'",
             spelling_of(an), (int)l->kernel.len, l->kernel.s);
  return false;
}

// A multicast copy of the kernel whose mask is a constant that names a block
// beyond the launch's clusters (X * Y blocks, ranks 0..X*Y-1): the copy would
// write into a block that does not exist. False (reported) when one does.
static bool check_multicast_masks(Ctx *c, const Annotation *an, Stmt st, long long blocks) {
  int k = callee_node(c, st);
  if (k < 0) return true;
  for (int i = k + 1; i <= node_at(c, k)->last; i++) {
    if (node_at(c, i)->kind != CXCursor_CallExpr) continue;
    CXString sp = clang_getCursorSpelling(node_at(c, i)->cur);
    const char *name = clang_getCString(sp);
    int mask = !strcmp(name, "tirx_tma_load_2d_multicast") ? 6 : !strcmp(name, "tirx_tma_load_3d_multicast") ? 7 : 0;
    clang_disposeString(sp);
    CXCursor kids[8];  // the callee, then the arguments
    long long v;
    bool u;
    if (!mask || cursor_children(node_at(c, i)->cur, kids, 8) <= mask || !front_eval_int(kids[mask], &v, &u) ||
        (v >> blocks) == 0)
      continue;
    int over = (int)blocks;
    while (!((v >> over) & 1) && over < 62) over++;
    diag_error(c->diag, node_at(c, i)->start,
               "the mask 0x%llx of this multicast copy names block %d of the cluster, and the launch at line %d "
               "makes clusters of %lld block%s (ranks 0 to %lld)",
               (unsigned long long)v, over, source_line(c->src, an->start), blocks, blocks == 1 ? "" : "s",
               blocks - 1);
    diag_note(c->diag, an->start, "the launch");
    return false;
  }
  return true;
}

// What `tirx_launch_begin(kernel, ...)` and cudaLaunchKernelEx cannot take
// from a launch that `<<<...>>>` takes (nvcc would reject the output): an
// overloaded kernel (the name alone does not say which), and, in a cluster
// launch (the arguments go through cudaLaunchKernelEx), a call that leaves
// default arguments out. False (reported) when one of them holds.
static bool check_callee(Ctx *c, const Annotation *an, Stmt st, const Launch *l, bool cluster) {
  CXCursor callee = clang_getCursorReferenced(node_at(c, st.node)->cur);
  if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_FunctionDecl) return true;
  CXCursor def = clang_getCursorDefinition(callee);
  if (clang_Cursor_isNull(def)) def = callee;
  CXString name = clang_getCursorSpelling(callee);
  CXCursor t = clang_getSpecializedCursorTemplate(def);
  int home = -2;  // the scope (namespace, file) the kernel is declared in: its overloads are there
  for (int i = 0; i < c->front->nnodes && home == -2; i++)
    if (clang_equalCursors(node_at(c, i)->cur, def) ||
        (!clang_Cursor_isNull(t) && clang_equalCursors(node_at(c, i)->cur, t)))
      home = node_at(c, i)->parent;
  int other = -1;
  bool written_args = memchr(l->kernel.s, '<', l->kernel.len) != NULL;  // `k<2>` names no plain function
  for (int i = 0; i < c->front->nnodes && other < 0 && home != -2; i++) {
    const Node *n = node_at(c, i);
    bool function = n->kind == CXCursor_FunctionTemplate || (n->kind == CXCursor_FunctionDecl && !written_args);
    if (n->parent != home || !function) continue;
    CXString sp = clang_getCursorSpelling(n->cur);
    bool same = !strcmp(clang_getCString(sp), clang_getCString(name));
    clang_disposeString(sp);
    CXCursor d = clang_getCursorDefinition(n->cur);
    if (clang_Cursor_isNull(d)) d = n->cur;
    if (same && !clang_equalCursors(d, def) && (clang_Cursor_isNull(t) || !clang_equalCursors(d, t))) other = i;
  }
  clang_disposeString(name);
  if (other >= 0) {
    diag_error(c->diag, st.start,
               "'%s' passes '%.*s' as a function pointer, and the name is overloaded: give the kernels different "
               "names",
               spelling_of(an), (int)l->kernel.len, l->kernel.s);
    diag_note(c->diag, node_at(c, other)->start, "another '%.*s'", (int)l->kernel.len, l->kernel.s);
    return false;
  }
  if (!cluster) return true;
  CXCursor kids[64];
  int nk = cursor_children(callee, kids, 64), params = 0;
  for (int i = 0; i < nk; i++) params += clang_getCursorKind(kids[i]) == CXCursor_ParmDecl;
  size_t open = l->config_end, close = st.end;
  while (open < st.end && c->src->data[open] != '(') open++;
  while (close > open && c->src->data[close - 1] != ')') close--;
  if (open >= st.end || close <= open) return true;
  Span inside = span_of(c->src, open + 1, close - 1);
  Arg *args;
  int given = inside.len ? split_args(c->arena, inside, &args) : 0;
  if (given >= params) return true;
  diag_error(c->diag, st.start,
             "the launch leaves %d of the kernel's default arguments out: 'cluster(...)' launches through "
             "cudaLaunchKernelEx, which takes every argument; write them all",
             params - given);
  return false;
}

// A template kernel launched with template arguments left to deduction from
// the call's arguments (`k<3><<<...>>>(out)` of `template <int S, class T>
// __global__ void k(T *)`): the launch names the kernel without its call
// (tirx_launch_begin(k<3>, ...), cudaLaunchKernelEx), where nothing deduces
// them, and nvcc would reject the output. The number of parameters without a
// default, when there are more than the launch writes; 0 otherwise (also
// for a parameter pack, which may be empty).
static int deduced_template_args(Ctx *c, Stmt st, const Launch *l) {
  CXCursor callee = clang_getCursorReferenced(node_at(c, st.node)->cur);
  if (clang_Cursor_isNull(callee)) return 0;
  CXCursor tmpl = clang_getSpecializedCursorTemplate(callee);
  if (clang_Cursor_isNull(tmpl) || clang_getCursorKind(tmpl) != CXCursor_FunctionTemplate) return 0;
  CXCursor kids[64];
  int nk = cursor_children(tmpl, kids, 64), needed = 0;
  for (int i = 0; i < nk; i++) {
    enum CXCursorKind k = clang_getCursorKind(kids[i]);
    if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter &&
        k != CXCursor_TemplateTemplateParameter)
      break;
    int node = -1;  // its node: offsets in the source as written
    for (int j = 0; j < c->front->nnodes && node < 0; j++)
      if (clang_equalCursors(node_at(c, j)->cur, kids[i])) node = j;
    if (node < 0) return 0;  // not of this file
    for (size_t j = node_at(c, node)->start; j < node_at(c, node)->end; j++) {
      if (c->src->data[j] == '=') return 0;  // a default: the written ones may stop before it
      if (j + 3 <= node_at(c, node)->end && !memcmp(c->src->data + j, "...", 3)) return 0;  // a pack
    }
    needed++;
  }
  int written = 0, depth = 0;
  for (size_t i = 0; i < l->kernel.len; i++) {
    char ch = l->kernel.s[i];
    if (ch == '<' && depth++ == 0) written = 1;
    else if (ch == '(' || ch == '[') depth++;
    else if (ch == '>' || ch == ')' || ch == ']') depth--;
    else if (ch == ',' && depth == 1) written++;
  }
  return written < needed ? needed : 0;
}

// Where the launch itself passes what a clause passes too.
static bool given_once(Ctx *c, const Annotation *an, const Launch *l, int at, const char *clause) {
  if (l->nconfig <= at || !dir_clause(&an->dir, clause)) return true;
  diag_at(c->diag, DIAG_ERROR, l->config[at].off, l->config[at].len,
          "the launch passes %s and '%s' has '%s(...)': give it in one place",
          at == 2 ? "its dynamic shared memory" : "its stream", spelling_of(an), clause);
  return false;
}

void rewrite_launch(Ctx *c, const Annotation *an, Stmt st) {
  if (!check_launch_clauses(c, an)) return;
  if (in_device_code(c, st)) {
    diag_at(c->diag, DIAG_ERROR, an->dir.head.name.off, an->dir.head.name.len,
            "'%s' is for kernel launches in host code; this is in a __device__ or __global__ function",
            spelling_of(an));
    return;
  }
  Launch l;
  if (!read_launch(c, st, &l) || node_at(c, st.node)->kind != CXCursor_CallExpr || c->src->data[st.end - 1] != ';') {
    diag_error(c->diag, st.start, "expected a kernel launch 'kernel<<<grid, block>>>(...);' after '%s'",
               spelling_of(an));
    return;
  }
  if (!check_callee(c, an, st, &l, dir_clause(&an->dir, "cluster") != NULL)) return;
  int needed = deduced_template_args(c, st, &l);
  if (needed) {
    diag_error(c->diag, st.start,
               "'%s' passes '%.*s' as a function pointer, where nothing deduces template arguments from the "
               "call's arguments: write them all (the template has %d without a default)",
               spelling_of(an), (int)l.kernel.len, l.kernel.s, needed);
    return;
  }
  const Span *smem = one_arg(c, an, "smem", "the dynamic shared memory in bytes");
  const Span *stream = one_arg(c, an, "stream", "a cudaStream_t");
  const Span *status = one_arg(c, an, "status", "a cudaError_t variable");
  if ((dir_clause(&an->dir, "smem") && !smem) || (dir_clause(&an->dir, "stream") && !stream) ||
      (dir_clause(&an->dir, "status") && !status) || !given_once(c, an, &l, 2, "smem") ||
      !given_once(c, an, &l, 3, "stream"))
    return;
  long long dims[2];
  if (!read_cluster(c, an, dims)) return;
  bool cluster = dir_clause(&an->dir, "cluster") != NULL;
  if (cluster && !check_multicast_masks(c, an, st, dims[0] * dims[1])) return;
  if (dir_clause(&an->dir, "grid") && !check_persistent_callee(c, an, st, &l)) return;
  const Annotation *needs = cluster ? NULL : cluster_event_of_callee(c, st);
  if (needs) {
    diag_error(c->diag, st.start,
               "'%.*s' declares cluster events and this launch has no 'cluster(...)': say the cluster shape the "
               "kernel is written for in '%s' ('cluster(1)' for clusters of one block)",
               (int)l.kernel.len, l.kernel.s, spelling_of(an));
    diag_note(c->diag, needs->start, "a cluster event of '%.*s'", (int)l.kernel.len, l.kernel.s);
    return;
  }
  if (!smem && l.nconfig > 2) smem = &l.config[2];
  if (!stream && l.nconfig > 3) stream = &l.config[3];
  Arena *a = c->arena;
  bool persistent = dir_clause(&an->dir, "grid") != NULL, blocking = !dir_clause(&an->dir, "async");
  const char *smem_text = smem ? arena_printf(a, "(%.*s)", (int)smem->len, smem->s) : "0";
  const char *stream_text = stream ? arena_printf(a, "(%.*s)", (int)stream->len, stream->s) : "0";
  c->needs_tirx_h = true;
  const char *cluster_text = cluster ? arena_printf(a, ", dim3(%lld, %lld, 1)", dims[0], dims[1]) : "";
  edit_replace(c->edits, an->start, an->end,
               arena_printf(a, "{ %stirx_launch_t __tirx_launch = tirx_launch_begin%s(%.*s, (%.*s), (%.*s), %s, %s, %s%s);",
                            // --trace: a launch outside tirx_trace_begin() records alone (tirx/trace.h)
                            c->trace ? "tirx_trace_launch_t __tirx_trace_launch; " : "",
                            cluster ? "_cluster" : "", (int)l.kernel.len, l.kernel.s, (int)l.config[0].len,
                            l.config[0].s, (int)l.config[1].len, l.config[1].s, smem_text, stream_text,
                            persistent ? "true" : "false", cluster_text));
  if (cluster) {
    // `<<<...>>>` has no cluster: cudaLaunchKernelEx with the prepared
    // configuration, the arguments as written.
    edit_replace(c->edits, st.start, l.config_end,
                 arena_printf(a, "if (__tirx_launch.err == cudaSuccess) tirx_launch_cluster(__tirx_launch, %.*s)",
                              (int)l.kernel.len, l.kernel.s));
  } else {
    // `if (...) kernel<<<prepared>>>`: what stands before `<<<` is kept as written.
    edit_add(c->edits,
             (Edit){.start = st.start, .end = st.start + 1,
                    .text = arena_printf(a, "if (__tirx_launch.err == cudaSuccess) %c", c->src->data[st.start])});
    edit_replace(c->edits, l.config_start, l.config_end,
                 "<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>");
  }
  int line;
  const char *file = presumed_place(c, st.start, &line);
  const char *end = arena_printf(a, "tirx_launch_end(__tirx_launch, %s, %d, %d, %s, %s, %s)", file, line,
                                 source_col(c->src, st.start),
                                 c_string_literal(a, l.kernel.s, l.kernel.len), blocking ? "true" : "false",
                                 status ? "false" : "true");
  if (status) end = arena_printf(a, "%.*s = %s", (int)status->len, status->s, end);
  edit_replace(c->edits, st.end - 1, st.end, arena_printf(a, "; %s; }", end));
}

// What clang sees in place of the annotation: the expressions the rewrite
// copies into tirx_launch_begin and tirx_launch_end, each as the type it is
// passed as, so that an undeclared name, a type or a value of another kind is
// clang's error at the annotation. Conditions declare them: the launch stays
// the one statement after the stub.
const char *launch_stub(Ctx *c, const Annotation *an) {
  static const struct {
    const char *clause, *decl;
  } passed[] = {
      {"smem", "if (const unsigned long long __tirx_smem_%d = (%.*s))"},
      {"stream", "if (cudaStream_t __tirx_stream_%d = (%.*s))"},
      {"status", "if (cudaError_t *__tirx_status_%d = &(%.*s))"},
  };
  const char *text = "";
  for (size_t i = 0; i < sizeof passed / sizeof *passed; i++) {
    const Clause *cl = dir_clause(&an->dir, passed[i].clause);
    if (!cl || cl->nargs != 1 || cl->args[0].name.len || !span_trim(cl->args[0].expr).len) continue;
    Span e = cl->args[0].expr;
    text = arena_printf(c->arena, "%s%s ", text,
                        arena_printf(c->arena, passed[i].decl, stub_id(c, an), (int)e.len, e.s));
  }
  return text;
}
