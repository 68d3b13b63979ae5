// grid_check.c - the checks of grid events (docs/regions-and-events.md#grid-events)
// that need the whole kernel. A grid event is safe by construction where no
// block waits for another: tirx_trigger_last() and tirx_trigger_if_last()
// never spin. A wait spins until other blocks arrive, which the hardware
// guarantees only if they are running or have run: every launch of the
// kernel that the file shows must keep all its blocks resident (grid(persistent)
// over a work loop, or a cooperative launch), and the blocks that wait must
// be those that arrive, so that the last to leave can reset the counter:
// every block, unconditionally, once per counter and phase (a loop needs a
// slot per iteration). Every operation gathers its region on a barrier, so
// no thread may have returned before it.
#include <string.h>

#include "ast.h"
#include "gather_grid.h"
#include "grid_check.h"
#include "uniform.h"

static const char *label(Ctx *c, const GridOp *op) { return grid_op_label(c, op->at.an); }

static bool is_last_form(const GridOp *op) { return op->kind == GRID_TRIGGER_LAST || op->kind == GRID_TRIGGER_IF_LAST; }

// The first operation on g that `pick` accepts, NULL if none.
static const GridOp *first_op(const Kernel *k, const GridEvent *g, bool (*pick)(const GridOp *)) {
  for (int i = 0; i < k->grid_ops.len; i++)
    if (k->grid_ops.items[i].event == g && pick(&k->grid_ops.items[i])) return &k->grid_ops.items[i];
  return NULL;
}

static bool is_plain_trigger(const GridOp *op) { return op->kind == GRID_TRIGGER; }
static bool is_wait(const GridOp *op) { return op->kind == GRID_WAIT; }

// The kernel's name, as its launches spell it.
static const char *kernel_name(Ctx *c, const Kernel *k) {
  CXString s = clang_getCursorSpelling(node_at(c, k->func)->cur);
  const char *name = arena_printf(c->arena, "%s", clang_getCString(s));
  clang_disposeString(s);
  return name;
}

// After `name` at off: its template arguments, if any (`k<T, 2>`), skipped;
// where `<<<` would stand.
static size_t past_template_args(const Source *src, size_t off) {
  off = lex_skip_blank(src, off);
  if (off >= src->len || src->data[off] != '<' || (off + 2 < src->len && !strncmp(src->data + off, "<<<", 3)))
    return off;
  int depth = 0;
  for (size_t i = off; i < src->len; i++) {
    char ch = src->data[i];
    if (ch == '<') depth++;
    if (ch == '>' && --depth == 0) return lex_skip_blank(src, i + 1);
    if (ch == ';' || ch == '{' || ch == '}') break;
  }
  return off;
}

// ---- how the file launches the kernel -------------------------------------
// A wait is safe only if every block it waits for is resident, which depends
// on how the kernel is launched. Every place the file names the kernel is
// looked at, on the text (host functions without annotations reach the parse
// as blanks): a launch that tirx-pp can prove resident, a call that only
// asks about the kernel, or anything else, which can launch it with any grid
// (a function pointer, cudaLaunchKernel, a macro).

typedef enum {
  USE_PERSISTENT,   // `k<<<...>>>` under `#pragma tirx launch grid(persistent)`
  USE_COOPERATIVE,  // cudaLaunchCooperativeKernel, or cudaLaunchKernelEx with the cooperative attribute
  USE_QUERY,        // cudaFuncSetAttribute, cudaOccupancy..., sizeof: no launch
  USE_PLAIN,        // `k<<<...>>>` without grid(persistent)
  USE_UNSEEN,       // cudaLaunchKernel(Ex) without the attribute, a pointer taken, a macro
} UseKind;

typedef struct {
  UseKind kind;
  Ctx *in;  // the file it is in: the kernel's, or the main file that includes the kernel's header
  size_t at;
  const char *how;  // USE_UNSEEN: what the use does, after the name
  bool shadowed;    // ... and the name may be a variable's: renaming it is the fix
} Use;

typedef struct {
  LexTok *toks;
  int n;
  bool *directive;  // the token is on a preprocessor line
  bool *define;     // ... of a #define
} Toks;

static Toks file_tokens(Ctx *c) {
  const Source *src = c->src;
  LexText lt = {src->data, src->len};
  Toks t = {0};
  int cap = 0;
  bool line_start = true, directive = false, define = false;
  LexTok tok;
  for (size_t i = 0; lex_next(lt, &i, &line_start, &tok);) {
    if (tok.first) directive = tok.kind == LEX_PUNCT && src->data[tok.start] == '#', define = false;
    if (directive && tok.kind == LEX_IDENT && tok.end - tok.start == 6 && !memcmp(src->data + tok.start, "define", 6))
      define = true;
    if (t.n == cap) {
      int ncap = cap ? 2 * cap : 1024;
      LexTok *nt = arena_alloc(c->arena, sizeof(LexTok) * (size_t)ncap);
      bool *nd = arena_alloc(c->arena, sizeof(bool) * (size_t)ncap),
           *nf = arena_alloc(c->arena, sizeof(bool) * (size_t)ncap);
      if (cap)
        memcpy(nt, t.toks, sizeof(LexTok) * (size_t)cap), memcpy(nd, t.directive, (size_t)cap),
            memcpy(nf, t.define, (size_t)cap);
      t.toks = nt, t.directive = nd, t.define = nf, cap = ncap;
    }
    t.toks[t.n] = tok, t.directive[t.n] = directive, t.define[t.n++] = define;
  }
  return t;
}

static bool tok_is(const Ctx *c, const Toks *t, int i, const char *text) {
  if (i < 0 || i >= t->n) return false;
  size_t len = strlen(text);
  return t->toks[i].end - t->toks[i].start == len && !memcmp(c->src->data + t->toks[i].start, text, len);
}

static bool tok_in(const Ctx *c, const Toks *t, int i, const char *const *names) {
  for (; *names; names++)
    if (tok_is(c, t, i, *names)) return true;
  return false;
}

static const char *const not_types[] = {"return", "case", "else", "do", "throw", "co_return", "co_yield", "goto", NULL};

// Whether the name at token i follows a type (`void k(`, `int k`, `float *k`).
static bool declared_by_text(const Ctx *c, const Toks *t, int i) {
  int p = i - 1;
  if (tok_is(c, t, p, "*") || tok_is(c, t, p, "&")) p--;
  return p >= 0 && t->toks[p].kind == LEX_IDENT && !t->directive[p] && !tok_in(c, t, p, not_types);
}

// Whether the function around token i (as far back as the file's start when
// tirx-pp cannot tell) declares a variable of the kernel's name before it.
static bool shadowed_before(Ctx *c, const Toks *t, int i) {
  int fn = function_at(c, t->toks[i].start);
  size_t from = fn >= 0 ? node_at(c, fn)->start : 0;
  for (int j = i - 1; j >= 0 && t->toks[j].start >= from; j--)
    if (t->toks[j].end - t->toks[j].start == t->toks[i].end - t->toks[i].start &&
        !memcmp(c->src->data + t->toks[j].start, c->src->data + t->toks[i].start, t->toks[i].end - t->toks[i].start) &&
        declared_by_text(c, t, j))
      return true;
  return false;
}

// Whether the name at token i is not a use of the kernel: a declaration of
// it (or of a function of the same name), or a variable or member of the
// same name. libclang says where the parse saw the code; elsewhere (a block
// the parse skipped, a host function that reached it as blanks) a name
// after a type (`void k(`, `int k`, `float *k`) declares something.
static bool not_a_use(Ctx *c, const Toks *t, int i) {
  size_t off = t->toks[i].start;
  const Front *f = c->front;
  for (int n = 0; n < f->nnodes; n++) {  // the nodes whose own location is the name
    const Node *node = &f->nodes[n];
    size_t at;
    if (node->start > off || node->end <= off || !front_offset(f, clang_getCursorLocation(node->cur), &at) || at != off)
      continue;
    enum CXCursorKind k = node->kind;
    if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl || k == CXCursor_FieldDecl ||
        (front_is_function(k) && k != CXCursor_LambdaExpr))
      return true;
    if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
      enum CXCursorKind r = clang_getCursorKind(clang_getCursorReferenced(node->cur));
      return r == CXCursor_VarDecl || r == CXCursor_ParmDecl || r == CXCursor_FieldDecl;
    }
  }
  return declared_by_text(c, t, i);
}

// From the closer at i back to its opener (`)` to `(`, `]` to `[`, `>` to
// `<`); -1 when none.
static int back_to_opener(const Ctx *c, const Toks *t, int i) {
  char close = c->src->data[t->toks[i].start];
  char open = close == ')' ? '(' : close == ']' ? '[' : '<';
  int depth = 0;
  for (; i >= 0; i--) {
    if (t->toks[i].kind != LEX_PUNCT) continue;
    char ch = c->src->data[t->toks[i].start];
    if (ch == ';' || ch == '{' || ch == '}') return -1;
    if (ch == close) depth++;
    if (ch == open && --depth == 0) return i;
  }
  return -1;
}

static const char *const casts[] = {"reinterpret_cast", "static_cast", "const_cast", NULL};
static const char *const queries[] = {"cudaFuncSetAttribute",
                                      "cudaFuncGetAttributes",
                                      "cudaFuncSetCacheConfig",
                                      "cudaFuncSetSharedMemConfig",
                                      "cudaFuncGetName",
                                      "cudaFuncGetParamInfo",
                                      "tirx_persistent_grid",
                                      "tirx_raise_smem_limit",
                                      "sizeof",
                                      "alignof",
                                      "__alignof__",
                                      "decltype",
                                      "__typeof__",
                                      "typeid",
                                      "noexcept",
                                      NULL};

// The call whose argument the name at i is (looking through casts and `&`):
// the index of the callee's name, -1 when the name stands elsewhere (an
// initializer, a return, a template argument).
static int callee_of(const Ctx *c, const Toks *t, int i) {
  for (int j = i - 1; j >= 0; j--) {
    if (t->toks[j].kind != LEX_PUNCT) continue;
    char ch = c->src->data[t->toks[j].start];
    if (ch == ';' || ch == '{' || ch == '}') return -1;
    if (ch == ')' || ch == ']') {
      if ((j = back_to_opener(c, t, j)) < 0) return -1;
      continue;
    }
    if (ch == '[') return -1;
    if (ch != '(') continue;
    int name = j - 1;
    if (tok_is(c, t, name, ">")) {  // reinterpret_cast<const void *>(k)
      int open = back_to_opener(c, t, name);
      if (open < 0) return -1;
      name = open - 1;
    }
    if (name < 0 || t->toks[name].kind != LEX_IDENT) continue;  // a parenthesis of its own
    if (tok_in(c, t, name, casts)) {
      j = name;
      continue;
    }
    return name;
  }
  return -1;
}

// The source text of token i, in the arena.
static const char *tok_text(Ctx *c, const Toks *t, int i) {
  return arena_printf(c->arena, "%.*s", (int)(t->toks[i].end - t->toks[i].start), c->src->data + t->toks[i].start);
}

// Whether the function around off (the whole file when tirx-pp cannot tell
// which) sets a launch configuration's cooperative attribute:
// `cudaLaunchAttributeCooperative` and `cooperative = 1` (or `true`).
static bool sets_cooperative(Ctx *c, const Toks *t, size_t off) {
  int fn = function_at(c, off);
  size_t from = fn >= 0 ? node_at(c, fn)->start : 0, to = fn >= 0 ? node_at(c, fn)->end : c->src->len;
  bool id = false, val = false;
  for (int i = 0; i < t->n; i++) {
    if (t->toks[i].start < from || t->toks[i].end > to) continue;
    id |= tok_is(c, t, i, "cudaLaunchAttributeCooperative");
    val |= tok_is(c, t, i, "cooperative") && tok_is(c, t, i + 1, "=") && !tok_is(c, t, i + 2, "=") &&
           (tok_is(c, t, i + 2, "1") || tok_is(c, t, i + 2, "true"));
  }
  return id && val;
}

// A `#pragma tirx launch` right before the launch at off: the annotation
// around its statement, or, in a block the parse skipped (host-only code,
// read by a second parse) or in another file than the kernel's (stmts NULL),
// the launch annotation that only a qualified name separates from it.
static const Annotation *launch_annotation(Ctx *c, const Stmt *stmts, const Toks *t, int i) {
  size_t off = t->toks[i].start;
  if (stmts && !front_is_skipped(c->front, off)) return directive_around(c, stmts, DIR_LAUNCH, off);
  int first = i;
  while (tok_is(c, t, first - 1, ":") && tok_is(c, t, first - 2, ":") &&
         (first - 3 < 0 || t->toks[first - 3].kind == LEX_IDENT))
    first -= t->toks[first - 3].kind == LEX_IDENT ? 3 : 2;
  for (int a = 0; a < c->anns->len; a++) {
    const Annotation *an = &c->anns->items[a];
    if ((an->skipped || !stmts) && an->read && an->spelling != SPELL_CALL && an->dir.kind == DIR_LAUNCH &&
        lex_skip_blank(c->src, an->end) == t->toks[first].start)
      return an;
  }
  return NULL;
}

// What the name at token i does with the kernel.
static Use use_at(Ctx *c, const Stmt *stmts, const Toks *t, int i) {
  size_t off = t->toks[i].start;
  Use u = {USE_UNSEEN, c, off, NULL, false};
  if (t->define[i]) {
    u.how = "is named in a macro, whose launches tirx-pp does not see";
    return u;
  }
  size_t open = past_template_args(c->src, t->toks[i].end);
  if (open + 3 <= c->src->len && !strncmp(c->src->data + open, "<<<", 3)) {
    const Annotation *launch = launch_annotation(c, stmts, t, i);
    const Clause *grid = launch ? dir_clause(&launch->dir, "grid") : NULL;
    u.kind =
        grid && grid->nargs == 1 && span_eq(span_trim(grid->args[0].expr), "persistent") ? USE_PERSISTENT : USE_PLAIN;
    return u;
  }
  int callee = callee_of(c, t, i);
  if (callee < 0) {
    u.shadowed = shadowed_before(c, t, i);
    u.how = u.shadowed ? "is named where a variable of the same name is declared, and tirx-pp, which "
                         "reads this function as text, cannot tell the two apart: rename the variable"
                       : "is taken as a pointer, which can launch it with any grid";
    return u;
  }
  const char *name = tok_text(c, t, callee);
  if (tok_in(c, t, callee, queries) || !strncmp(name, "cudaOccupancy", 13)) {
    u.kind = USE_QUERY;
    return u;
  }
  if (!strcmp(name, "cudaLaunchCooperativeKernel")) {
    u.kind = USE_COOPERATIVE;
    return u;
  }
  if ((!strcmp(name, "cudaLaunchKernelEx") || !strcmp(name, "cudaLaunchKernelExC")) && sets_cooperative(c, t, off)) {
    u.kind = USE_COOPERATIVE;
    return u;
  }
  if (!strcmp(name, "cudaLaunchKernel"))
    u.how = "is launched through cudaLaunchKernel, with the grid it is given, resident or not";
  else if (!strcmp(name, "cudaLaunchKernelEx") || !strcmp(name, "cudaLaunchKernelExC"))
    u.how = arena_printf(c->arena,
                         "is launched through %s without the cooperative attribute (cudaLaunchAttributeCooperative "
                         "set to 1 in the same function), with the grid it is given, resident or not",
                         name);
  else
    u.how = arena_printf(c->arena, "is passed to %s(), which can launch it with any grid", name);
  return u;
}

typedef struct {
  bool persistent, cooperative;  // launches of these kinds seen
  Use bad;                       // the first use that does not keep every block resident
  bool has_bad;
} Launches;

// Every use of the kernel's name in the file c (its declarations, members of
// the same name and queries aside), into l.
static void scan_uses(Ctx *c, const Stmt *stmts, const char *name, Launches *l_) {
  Launches l = *l_;
  Toks t = file_tokens(c);
  for (int i = 0; i < t.n; i++) {
    if (t.toks[i].kind != LEX_IDENT || !tok_is(c, &t, i, name)) continue;
    if ((t.directive[i] && !t.define[i]) || tok_is(c, &t, i - 1, ".") ||
        (tok_is(c, &t, i - 1, ">") && tok_is(c, &t, i - 2, "-")) || not_a_use(c, &t, i))
      continue;
    Use u = use_at(c, stmts, &t, i);
    l.persistent |= u.kind == USE_PERSISTENT;
    l.cooperative |= u.kind == USE_COOPERATIVE;
    if (u.kind >= USE_PLAIN && !l.has_bad) l.bad = u, l.has_bad = true;
  }
  *l_ = l;
}

// The uses of the kernel in its file and, for a kernel in a header, in the
// main file that includes it (other headers, and other translation units,
// are not read).
static Launches kernel_launches(Ctx *c, const Kernel *k, const Stmt *stmts) {
  const char *name = kernel_name(c, k);
  Launches l = {0};
  scan_uses(c, stmts, name, &l);
  if (c->main && c->main != c) scan_uses(c->main, NULL, name, &l);
  return l;
}

// Whether the for loop at node i steps by gridDim: its increment (the
// header's third part) names it, `i += gridDim.x` (a loop that only counts
// to gridDim, summing over the blocks, does not walk items).
static bool steps_by_grid(Ctx *c, int i) {
  const Source *src = c->src;
  const Node *n = node_at(c, i);
  size_t open = lex_skip_blank(src, n->start + 3);  // past `for`
  if (n->start + 3 > n->end || open >= n->end || src->data[open] != '(') return false;
  size_t close = lex_close_paren(src, open);
  if (!close || close > n->end) return false;
  size_t first = lex_find_top(src, open + 1, close - 1, ';');
  size_t second = first < close - 1 ? lex_find_top(src, first + 1, close - 1, ';') : close - 1;
  if (second >= close - 1) return false;
  LexText inc = {src->data + second + 1, close - 1 - (second + 1)};
  return text_find_word(inc, 0, "gridDim", 7) < inc.n;
}

// Whether the kernel walks its work items, so that a grid(persistent) launch
// (no more blocks than fit at once) leaves none undone: `#pragma tirx
// persistent`, or a for loop that steps by gridDim (a grid-stride loop
// written by hand).
static bool has_persistent_loop(Ctx *c, const Kernel *k) {
  const Node *f = node_at(c, k->func);
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->spelling != SPELL_CALL && an->dir.kind == DIR_PERSISTENT && an->start >= f->start && an->start < f->end)
      return true;
  }
  for (int i = k->func; i <= f->last; i++)
    if (node_at(c, i)->kind == CXCursor_ForStmt && node_at(c, i)->func == k->func && steps_by_grid(c, i)) return true;
  return false;
}

// A wait: after a plain trigger of its event in its region, and in a kernel
// whose blocks are all resident; false when reported.
static bool check_wait(Ctx *c, Kernel *k, const Stmt *stmts, const GridOp *w) {
  const GridEvent *g = w->event;
  const GridOp *last = first_op(k, g, is_last_form);
  if (last) {
    diag_error(c->diag, w->at.an->start,
               "%s waits on grid event '%.*s', whose phases %s ends and resets at its last arrival (line %d): the "
               "wait could see the counter back at zero and spin for ever; wait on a grid event of its own",
               label(c, w), (int)g->name.len, g->name.s, label(c, last), source_line(c->src, last->at.an->start));
    return false;
  }
  bool triggered = false;
  for (int i = 0; i < k->grid_ops.len && !triggered; i++) {
    const GridOp *t = &k->grid_ops.items[i];
    triggered =
        t->event == g && t->kind == GRID_TRIGGER && t->at.region == w->at.region && t->at.an->start < w->at.an->start;
  }
  if (!triggered) {
    diag_error(c->diag, w->at.an->start,
               "%s before this %s has triggered '%.*s': on a grid event the blocks that wait are the ones that arrived "
               "(the last of them to leave resets the counter for the next phase); trigger '%.*s' first here, or, "
               "where a block only needs to know that it is the last, use tirx_trigger_last()",
               label(c, w), w->at.region ? "region" : "block", (int)g->name.len, g->name.s, (int)g->name.len,
               g->name.s);
    return false;
  }
  // The blocks take the items of a persistent loop in its order; a wait
  // completes for sure only when the items of its index come one after the
  // other there, which order(...) does not keep.
  const Annotation *loop = directive_around(c, stmts, DIR_PERSISTENT, w->at.an->start);
  const Clause *order = loop ? dir_clause(&loop->dir, "order") : NULL;
  if (order) {
    diag_error(c->diag, w->at.an->start,
               "%s waits inside a persistent loop with '%.*s', which hands the work items to the blocks out of their "
               "numbering: the items that arrive at one index of '%.*s' can be far apart in that order, and a block "
               "can spin for an item that only it would take, later; wait in a persistent loop without 'order', or "
               "arrive with tirx_trigger_last() (which never waits) on an event that is not waited on",
               label(c, w), (int)order->name.len, order->name.s, (int)g->name.len, g->name.s);
    diag_note(c->diag, order->name.off, "the order");
    return false;
  }
  Launches l = kernel_launches(c, k, stmts);
  const char *name = kernel_name(c, k);
  if (l.has_bad || (!l.persistent && !l.cooperative)) {
    const Use *b = &l.bad;
    const char *fix =
        has_persistent_loop(c, k)
            ? arena_printf(c->arena,
                           "launch '%s' with '#pragma tirx launch grid(persistent)' (one block per free slot of the "
                           "GPU, every block running at once) or with cudaLaunchCooperativeKernel (every block at "
                           "once, or none)",
                           name)
            : arena_printf(c->arena,
                           "launch '%s' with cudaLaunchCooperativeKernel (every block at once, or none), or walk its "
                           "work items with '#pragma tirx persistent(item: N)' and launch it with '#pragma tirx launch "
                           "grid(persistent)' (one block per free slot of the GPU, no more blocks than fit at once)",
                           name);
    // A use in the main file is named in the message: a note points into the kernel's file only.
    const char *elsewhere = l.has_bad && b->in != c
                                ? arena_printf(c->arena, " (%s:%d)", b->in->src->path, source_line(b->in->src, b->at))
                                : "";
    diag_error(c->diag, w->at.an->start,
               "%s spins until other blocks arrive at '%.*s', which they can only do if they are resident: %s%s%s",
               label(c, w), (int)g->name.len, g->name.s,
               !l.has_bad             ? arena_printf(c->arena, "tirx-pp sees no launch of '%s' in this file", name)
               : b->kind == USE_PLAIN ? arena_printf(c->arena, "a launch of '%s'%s is not persistent", name, elsewhere)
                                      : arena_printf(c->arena, "'%s'%s %s", name, elsewhere, b->how),
               l.has_bad && b->shadowed ? "" : "; ", l.has_bad && b->shadowed ? "" : fix);
    if (l.has_bad && b->in == c && b->kind == USE_PLAIN)
      diag_note(c->diag, b->at, "this launch of '%s' is not persistent", name);
    if (l.has_bad && b->in == c && b->kind != USE_PLAIN) diag_note(c->diag, b->at, "'%s' named here", name);
    return false;
  }
  if (!l.persistent || has_persistent_loop(c, k)) return true;
  diag_error(c->diag, w->at.an->start,
             "'%s' takes its work by blockIdx alone, and a launch with '#pragma tirx launch grid(persistent)' runs no "
             "more blocks than fit at once: with more work items than that, the blocks beyond never run, never arrive "
             "at '%.*s' (so that %s can spin for ever) and leave their items undone; walk the work items with "
             "'#pragma tirx persistent(item: N)' (or a for loop that steps by gridDim), or launch '%s' with "
             "cudaLaunchCooperativeKernel (every block at once, or none)",
             name, (int)g->name.len, g->name.s, label(c, w), name);
  return false;
}

static bool is_loop(const Node *n) {
  return n->kind == CXCursor_ForStmt || n->kind == CXCursor_WhileStmt || n->kind == CXCursor_DoStmt ||
         n->kind == CXCursor_CXXForRangeStmt;
}

// The innermost loop between the operation and the kernel's body (a
// `#pragma tirx persistent` is one), -1 if none.
static int loop_above(Ctx *c, const Kernel *k, const GridOp *op) {
  int node = front_first_at(c->front, op->at.an->start);
  if (node >= c->front->nnodes) return -1;
  for (int p = node_at(c, node)->parent; p >= 0 && p != k->func; p = node_at(c, p)->parent)
    if (is_loop(node_at(c, p))) return p;
  return -1;
}

static bool names_varying(Ctx *c, int loop, const char *text, size_t len, size_t before, int depth);

// Whether `name` is a variable that takes a new value in each iteration of
// loop: declared in its header (the loop's variable, a persistent loop's
// work item), or in its body before `before` from such a variable.
static bool varies_in_loop(Ctx *c, int loop, const char *name, size_t len, size_t before, int depth) {
  const Node *l = node_at(c, loop);
  for (int i = loop + 1; i <= l->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_VarDecl || n->start >= before) continue;
    CXString sp = clang_getCursorSpelling(n->cur);
    bool same = strlen(clang_getCString(sp)) == len && !memcmp(clang_getCString(sp), name, len);
    clang_disposeString(sp);
    if (!same) continue;
    int stmt = n->parent;
    if (stmt == loop + 1 && node_at(c, stmt)->parent == loop && l->kind == CXCursor_ForStmt) return true;
    if (depth > 0 && n->end > n->start && n->end <= c->src->len) {
      // its initializer: the text after its name
      const char *t = c->src->data + n->start;
      size_t tl = n->end - n->start;
      size_t at = text_find_word((LexText){t, tl}, 0, name, len);
      if (at < tl && names_varying(c, loop, t + at + len, tl - at - len, n->start, depth - 1)) return true;
    }
  }
  return false;
}

// Whether the text names a variable that changes with each iteration of loop.
static bool names_varying(Ctx *c, int loop, const char *text, size_t len, size_t before, int depth) {
  LexText lt = {text, len};
  bool line_start = false;
  LexTok tok;
  for (size_t i = 0; lex_next(lt, &i, &line_start, &tok);)
    if (tok.kind == LEX_IDENT && varies_in_loop(c, loop, text + tok.start, tok.end - tok.start, before, depth))
      return true;
  return false;
}

// An event that is waited on counts the blocks out of each phase: in a loop,
// a fast block that leaves the wait arrives for the next iteration while
// slower ones still wait, and they count that arrival as theirs (the counter
// is never reset). Its operations in a loop need a slot per iteration.
static bool check_in_loop(Ctx *c, const Kernel *k, const GridOp *op) {
  int loop = loop_above(c, k, op);
  if (loop < 0) return true;
  Span slot = op->at.slot;
  if (slot.len && names_varying(c, loop, slot.s, slot.len, op->at.an->start, 3)) return true;
  const GridEvent *g = op->event;
  diag_error(c->diag, op->at.an->start,
             "%s is in a loop and its %s does not change with the loop's iterations: '%.*s' is waited on, and a block "
             "that leaves the wait can arrive for the next iteration while slower blocks still wait, which then count "
             "that arrival as theirs (the counter is never set back to zero); index '%.*s' by the loop's variable or "
             "the persistent loop's work item (a counter per iteration), or move the operation out of the loop",
             label(c, op), slot.len ? "slot" : "event (a single counter)", (int)g->name.len, g->name.s,
             (int)g->name.len, g->name.s);
  diag_note(c->diag, node_at(c, loop)->start, "the loop");
  return false;
}

// The if or switch between the operation and its region (or the kernel's
// body) that decides whether it runs, -1 if none. read_grid_op() let it
// pass only under `#pragma tirx uniform`, which vouches for the threads of
// one block, not for the blocks of the grid.
static int if_above(Ctx *c, const Kernel *k, const GridOp *op) {
  int node = front_first_at(c->front, op->at.an->start);
  if (node >= c->front->nnodes) return -1;
  for (int p = node_at(c, node)->parent; p >= 0 && p != k->func; p = node_at(c, p)->parent) {
    if (op->at.region && p == op->at.region->body.node) break;
    const Node *n = node_at(c, p);
    bool in_cond = p + 1 <= n->last && node >= p + 1 && node <= node_at(c, p + 1)->last;
    if ((n->kind == CXCursor_IfStmt || n->kind == CXCursor_SwitchStmt) && !in_cond) return p;
  }
  return -1;
}

// On an event that is waited on, the blocks that wait are those that arrive,
// all count(C) of them, and the last to leave resets the counter: a block
// that skips its trigger or its wait leaves the counter off zero.
static bool check_unconditional(Ctx *c, const Kernel *k, const GridOp *op) {
  int cond = if_above(c, k, op);
  if (cond < 0) return true;
  const GridEvent *g = op->event;
  diag_error(c->diag, op->at.an->start,
             "%s is under an 'if' that some blocks may skip ('#pragma tirx uniform' says every thread of one block "
             "takes it alike, not every block of the grid): '%.*s' is waited on, and its counter goes back to zero "
             "only when all the blocks that arrive have also waited; make every trigger and wait of '%.*s' "
             "unconditional, or, where one block only needs to know that it is the last, use tirx_trigger_last() on "
             "an event that is not waited on",
             label(c, op), (int)g->name.len, g->name.s, (int)g->name.len, g->name.s);
  diag_note(c->diag, node_at(c, cond)->start, "the condition");
  return false;
}

static const char *const thread_identity[] = {"threadIdx", NULL};

// A return before the operation that only the threads of a thread-dependent
// condition take, in the operation's region or before the regions: the
// operation gathers the region (or the block) on a barrier before one thread
// acts for it, and the threads that returned never come.
static bool check_no_return_before(Ctx *c, const Kernel *k, const Names *tainted, const GridOp *op) {
  size_t off = op->at.an->start;
  for (int i = k->func; i <= node_at(c, k->func)->last && node_at(c, i)->start < off; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_ReturnStmt || n->func != k->func) continue;
    const Region *r = enclosing_region(k, n->start);
    if (r && r != op->at.region) continue;
    int p = dependent_condition(c, i, k->func, n->start, thread_identity, tainted);
    if (p < 0 || node_at(c, p)->end > off) continue;
    const char *whole = op->at.region ? "region" : "block";
    diag_error(c->diag, off,
               "%s after a return that part of the %s takes: its threads meet on a barrier before one of them acts "
               "for the block, and the threads that returned never come; let them skip their work under an 'if' "
               "instead of returning, so that every thread of the %s reaches the operation",
               label(c, op), whole, whole);
    diag_note(c->diag, n->start, "this return depends on the thread's identity");
    return false;
  }
  return true;
}

// A tirx_trigger_if_last() arrives only for the last block of a phase: the
// others must arrive later, with a tirx_trigger_last() of the event after it
// in the same region, or no block is ever the last; false when reported.
static bool check_if_last(Ctx *c, const Kernel *k, const GridOp *op) {
  for (int i = 0; i < k->grid_ops.len; i++) {
    const GridOp *t = &k->grid_ops.items[i];
    if (t->event == op->event && t->kind == GRID_TRIGGER_LAST && t->at.region == op->at.region &&
        t->at.an->start > op->at.an->start)
      return true;
  }
  const GridEvent *g = op->event;
  diag_error(
      c->diag, op->at.an->start,
      "%s arrives at grid event '%.*s' only when it is the last arrival of the phase, and no tirx_trigger_last() "
      "of '%.*s' follows it in this %s: the blocks it answers false to never arrive, so no block is ever the "
      "last; where it answers false, arrive with tirx_trigger_last(), or use tirx_trigger_last() alone",
      label(c, op), (int)g->name.len, g->name.s, (int)g->name.len, g->name.s, op->at.region ? "region" : "block");
  return false;
}

void check_grid_events(Ctx *c, Kernel *k, const Stmt *stmts) {
  Names tainted = {0};
  dependent_vars(c, k, thread_identity, clang_getNullCursor(), &tainted);
  bool returned = false;
  for (int i = 0; i < k->grid_ops.len && !returned; i++)
    returned = !check_no_return_before(c, k, &tainted, &k->grid_ops.items[i]);
  if (returned) return;
  for (int e = 0; e < k->grid_events.len; e++) {
    const GridEvent *g = &k->grid_events.items[e];
    const GridOp *last = first_op(k, g, is_last_form), *plain = first_op(k, g, is_plain_trigger);
    // A plain arrival may be the count-th: nobody would reduce, nobody reset.
    if (last && plain) {
      diag_error(c->diag, plain->at.an->start,
                 "%s arrives at grid event '%.*s' without asking whether it is the last, but %s at line %d does: the "
                 "last arrival of a phase may be this one, and then no block learns that the phase is complete and "
                 "the counter is not reset; arrive with tirx_trigger_last() here too",
                 label(c, plain), (int)g->name.len, g->name.s, label(c, last), source_line(c->src, last->at.an->start));
      continue;
    }
    bool alone = false;
    for (int i = 0; i < k->grid_ops.len && !alone; i++)
      if (k->grid_ops.items[i].event == g && k->grid_ops.items[i].kind == GRID_TRIGGER_IF_LAST)
        alone = !check_if_last(c, k, &k->grid_ops.items[i]);
    if (alone) continue;
    // Every wait (each region's waits are their own), one message per event.
    bool waits_ok = true;
    for (int i = 0; i < k->grid_ops.len && waits_ok; i++)
      if (k->grid_ops.items[i].event == g && k->grid_ops.items[i].kind == GRID_WAIT)
        waits_ok = check_wait(c, k, stmts, &k->grid_ops.items[i]);
    bool waited = first_op(k, g, is_wait) != NULL, looped = false;
    for (int i = 0; i < k->grid_ops.len && waited && waits_ok && !looped; i++)
      if (k->grid_ops.items[i].event == g) looped = !check_in_loop(c, k, &k->grid_ops.items[i]);
    for (int i = 0; i < k->grid_ops.len && waited && waits_ok && !looped; i++)
      if (k->grid_ops.items[i].event == g && !check_unconditional(c, k, &k->grid_ops.items[i])) break;
  }
}
