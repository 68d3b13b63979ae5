// kernel.c - structured concurrency: gathers each kernel's partition, regions,
// events and event operations (SPEC 3-4), checks them, and hands them to the
// lowering (region.c, event.c).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

void lower_kernel(Ctx *c, Kernel *k);

bool is_declaration_annotation(const Annotation *an) {
  if (an->spelling == SPELL_CALL) return false;
  DirKind d = an->dir.kind;
  return d == DIR_WARPGROUPS || d == DIR_WARPS || d == DIR_EVENT || d == DIR_WAIT || d == DIR_TRIGGER ||
         d == DIR_TURNS;
}

bool is_concurrency_annotation(const Annotation *an) {
  if (an->spelling == SPELL_CALL)
    return span_eq(an->name, "tirx_wait") || span_eq(an->name, "tirx_trigger") ||
           span_eq(an->name, "tirx_trigger_bytes") || span_eq(an->name, "tirx_region_sync");
  DirKind d = an->dir.kind;
  return is_declaration_annotation(an) || d == DIR_ASYNC || d == DIR_INTHREADS || d == DIR_TURN;
}

// --- parse-view stubs ---------------------------------------------------------

// The identifier tokens of text equal to name, replaced by value.
static char *substitute(Arena *a, Span text, Span name, int value) {
  Buf b = {0};
  for (size_t i = 0; i < text.len;) {
    if (is_ident_start((unsigned char)text.s[i]) && (i == 0 || !is_ident_char((unsigned char)text.s[i - 1]))) {
      size_t j = i;
      while (j < text.len && is_ident_char((unsigned char)text.s[j])) j++;
      if (j - i == name.len && !memcmp(text.s + i, name.s, name.len))
        buf_printf(&b, "%d", value);
      else
        buf_put(&b, text.s + i, j - i);
      i = j;
    } else {
      buf_putc(&b, text.s[i++]);
    }
  }
  char *s = arena_strndup(a, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

static int index_of(const Ctx *c, const Annotation *an) { return (int)(an - c->anns->items); }

// The partition declared last before off (regions follow their partition).
static const Annotation *partition_before(const Ctx *c, size_t off) {
  const Annotation *found = NULL;
  for (int i = 0; i < c->anns->len && c->anns->items[i].start < off; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->spelling != SPELL_CALL && (an->dir.kind == DIR_WARPGROUPS || an->dir.kind == DIR_WARPS)) found = an;
  }
  return found;
}

static bool named_arg(const Annotation *an, Span *name, Span *value) {
  const Clause *h = &an->dir.head;
  if (h->nargs != 1 || !h->args[0].name.len) return false;
  *name = h->args[0].name;
  *value = h->args[0].expr;
  return true;
}

// The name a declarator gives: its first clause without arguments other
// than `ready`; none when that is not a name (a macro's argument may be
// anything).
static Span declarator_name(const Directive *d) {
  for (int i = 0; i < d->nclauses; i++)
    if (!d->clauses[i].has_args && !span_eq(d->clauses[i].name, "ready")) {
      Span n = d->clauses[i].name;
      for (size_t j = 0; j < n.len; j++)
        if (!is_ident_char((unsigned char)n.s[j])) return (Span){0};
      return n;
    }
  return (Span){0};
}

const char *concurrency_stub(Ctx *c, const Annotation *an) {
  int id = index_of(c, an);
  Span name, value;
  switch (an->dir.kind) {
  case DIR_WARPGROUPS:
  case DIR_WARPS:
    if (!named_arg(an, &name, &value)) return "";
    return arena_printf(c->arena, "const int %.*s = (int)(threadIdx.x / %d); const long long __tirx_parts_%d = (%.*s);",
                        (int)name.len, name.s, an->dir.kind == DIR_WARPS ? 32 : 128, id, (int)value.len, value.s);
  case DIR_ASYNC:
  case DIR_INTHREADS: {
    const Annotation *part = partition_before(c, an->start);
    if (an->dir.head.nargs != 1) return "";
    Span pred = an->dir.head.args[0].expr;
    Buf b = {0};
    if (part && named_arg(part, &name, &value))
      for (int v = 0; v < MAX_PARTS; v++)
        buf_printf(&b, "const bool __tirx_in_%d_%d = (%s); ", id, v, substitute(c->arena, pred, name, v));
    const Clause *regs = dir_clause(&an->dir, "regs");
    if (regs && regs->nargs == 1)
      buf_printf(&b, "const long long __tirx_regs_%d = (%.*s); ", id, (int)regs->args[0].expr.len, regs->args[0].expr.s);
    buf_printf(&b, "if (%.*s)", (int)pred.len, pred.s);
    char *s = arena_strndup(c->arena, b.data, b.len);
    buf_free(&b);
    return s;
  }
  case DIR_EVENT: {  // each declarator: its array, and its count as __tirx_count_ID_J
    const char *text = "";
    for (int j = 0; j < dir_ndecls(&an->dir); j++) {
      const Directive *d = dir_decl(&an->dir, j);
      const Clause *count = dir_clause(d, "count");
      const char *count_stub = count && count->nargs == 1
                                   ? arena_printf(c->arena, " const long long __tirx_count_%d_%d = (%.*s);", id, j,
                                                  (int)count->args[0].expr.len, count->args[0].expr.s)
                                   : "";
      bool again = false;  // a name given twice in the list: tirx-pp says so, not clang
      for (int p = 0; p < j && !again; p++) {
        Span a = declarator_name(dir_decl(&an->dir, p)), b = declarator_name(d);
        again = a.len && a.len == b.len && !memcmp(a.s, b.s, a.len);
      }
      for (int i = 0; i < d->nclauses && !again; i++) {
        const Clause *e = &d->clauses[i];
        if (span_eq(e->name, "ready") || span_eq(e->name, "count")) continue;
        if (e->has_index)
          text = arena_printf(c->arena, "%s%s__shared__ __UINT64_TYPE__ %.*s[%.*s];%s", text, j ? " " : "",
                              (int)e->name.len, e->name.s, (int)e->index.len, e->index.s, count_stub);
        else
          text = arena_printf(c->arena, "%s%s__shared__ __UINT64_TYPE__ %.*s;%s", text, j ? " " : "",
                              (int)e->name.len, e->name.s, count_stub);
        break;
      }
    }
    return text;
  }
  case DIR_WAIT:
  case DIR_TRIGGER:  // the event is checked by tirx-pp; the slot is an expression
    if (an->dir.nclauses == 1 && an->dir.clauses[0].has_index && an->dir.clauses[0].index.len)
      return arena_printf(c->arena, "((void)(%.*s));", (int)an->dir.clauses[0].index.len, an->dir.clauses[0].index.s);
    return "((void)0);";
  case DIR_TURNS:  // a statement of its own, for the checks to find
    return "((void)0);";
  default:
    return "";
  }
}

// --- finding things -----------------------------------------------------------

static bool is_function_node(enum CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod;
}

// The function whose body holds off, -1 outside any.
static int function_at(const Ctx *c, size_t off) {
  const Front *f = c->front;
  int lo = 0, hi = f->nnodes - 1, last = -1;
  while (lo <= hi) {  // the last node (by start) at or before off
    int mid = (lo + hi) / 2;
    if (f->nodes[f->by_start[mid]].start <= off)
      last = mid, lo = mid + 1;
    else
      hi = mid - 1;
  }
  for (int i = last >= 0 ? f->by_start[last] : -1; i >= 0; i = f->nodes[i].parent)
    if (is_function_node(f->nodes[i].kind) && f->nodes[i].start <= off && off < f->nodes[i].end) return i;
  return -1;
}

// The VarDecl named `name` among the nodes of an annotation's stub.
static int stub_var(const Ctx *c, const Annotation *an, const char *name, size_t len) {
  const Front *f = c->front;
  int lo = 0, hi = f->nnodes;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (f->nodes[f->by_start[mid]].start < an->start)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (int k = lo; k < f->nnodes && f->nodes[f->by_start[k]].start == an->start; k++) {
    const Node *n = &f->nodes[f->by_start[k]];
    if (n->kind != CXCursor_VarDecl) continue;
    CXString s = clang_getCursorSpelling(n->cur);
    bool match = strlen(clang_getCString(s)) == len && !memcmp(clang_getCString(s), name, len);
    clang_disposeString(s);
    if (match) return f->by_start[k];
  }
  return -1;
}

// Whether an expression is of integer type before the stub's conversion to
// `long long` (regs(24.5) would silently become 24).
static bool is_integer_expr(CXCursor e) {
  enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(front_strip(e))).kind;
  return !(k >= CXType_Float && k <= CXType_LongDouble) && k != CXType_Float128 && k != CXType_Half &&
         k != CXType_Float16 && k != CXType_BFloat16;
}

// Evaluates the stub variable `name` that an annotation's stub declared;
// false when it is not an integer constant expression.
static bool stub_value(const Ctx *c, const Annotation *an, const char *name, long long *v) {
  int node = stub_var(c, an, name, strlen(name));
  if (node < 0) return false;
  CXCursor kids[2];
  bool u;
  int nk = cursor_children(node_at(c, node)->cur, kids, 2);
  return nk > 0 && is_integer_expr(kids[nk - 1]) && front_eval_int(kids[nk - 1], v, &u);
}

// Whether the stub variable `name` is initialized by a non-integer (2.5).
static bool stub_not_integer(const Ctx *c, const Annotation *an, const char *name) {
  int node = stub_var(c, an, name, strlen(name));
  CXCursor init[2];
  int ni = node >= 0 ? cursor_children(node_at(c, node)->cur, init, 2) : 0;
  return ni > 0 && !is_integer_expr(init[ni - 1]);
}

typedef VEC(Kernel) KernelList;  // one named type (C11 6.5p7; it was passed as void *)

static Kernel *kernel_of(Ctx *c, KernelList *ks, const Annotation *an) {
  int func = function_at(c, an->start);
  if (func < 0) {
    diag_error(c->diag, an->start, "'%s' must be inside a function body", spelling_of(an));
    return NULL;
  }
  for (int i = 0; i < ks->len; i++)
    if (ks->items[i].func == func) return &ks->items[i];
  Kernel k = {.func = func};
  VEC_PUSH(c->arena, *ks, k);
  return &ks->items[ks->len - 1];
}

// The names an event declaration gives, even when the rest did not parse,
// into *out (in the arena); a name that cannot be told whole (`fu\0ll`, a list
// that did not parse) is an empty span: the kernel's unknown events then
// stay quiet.
static int event_names_in(Arena *a, const Annotation *an, Span **names) {
  int n = dir_ndecls(&an->dir);
  Span *out = *names = arena_alloc(a, sizeof(Span) * (size_t)(n > 2 ? n : 2));
  if (an->dir.nclauses) {
    for (int j = 0; j < n; j++) out[j] = declarator_name(dir_decl(&an->dir, j));
    return n;
  }
  Span t = span_trim(an->spelling == SPELL_MACRO ? an->args : an->text);
  if (!t.s) return 0;  // a macro used without its arguments
  size_t i = 0;
  if (an->spelling != SPELL_MACRO) {  // past `event`
    while (i < t.len && is_ident_char((unsigned char)t.s[i])) i++;
    while (i < t.len && (t.s[i] == ' ' || t.s[i] == '\t')) i++;
  }
  size_t j = i;
  while (j < t.len && is_ident_char((unsigned char)t.s[j])) j++;
  bool whole = j == t.len || (t.s[j] && strchr(" \t[,()", t.s[j]));
  out[0] = whole ? (Span){t.s + i, j - i, t.off + i} : (Span){0};
  if (an->spelling != SPELL_MACRO && memchr(t.s, ',', t.len)) {
    out[1] = (Span){0};
    return 2;
  }
  return 1;
}

// --- reading the annotations ----------------------------------------------------

static void read_partition(Ctx *c, Kernel *k, const Annotation *an) {
  static const char *const none[] = {NULL};
  Span name, value;
  if (!check_clauses(c, an, none)) return;
  if (k->part) {
    diag_error(c->diag, an->start, "a second partition in one kernel; a kernel has one '%s'", spelling_of(k->part));
    diag_note(c->diag, k->part->start, "the first is here");
    return;
  }
  if (!named_arg(an, &name, &value)) {
    diag_error(c->diag, an->dir.head.name.off, "'%s' takes one 'name: count' argument", spelling_of(an));
    return;
  }
  long long n;
  char var[64];
  snprintf(var, sizeof var, "__tirx_parts_%d", index_of(c, an));
  int group = an->dir.kind == DIR_WARPS ? 32 : 128, max = 1024 / group;
  if (!stub_value(c, an, var, &n)) {
    diag_at(c->diag, DIAG_ERROR, value.off, value.len, "the count of '%s' is not a constant expression",
            spelling_of(an));
    return;
  }
  if (n < 1 || n > max) {
    diag_at(c->diag, DIAG_ERROR, value.off, value.len,
            "'%s' takes 1 to %d %s (a block has at most 1024 threads), not %lld", spelling_of(an), max,
            group == 32 ? "warps" : "warpgroups", n);
    return;
  }
  if (!front_is_kernel(c->front, k->func)) {
    diag_error(c->diag, an->start, "'%s' must be in a __global__ function", spelling_of(an));
    return;
  }
  k->part = an;
  k->part_name = name;
  k->nparts = (int)n;
  k->group = group;
}

static bool read_region_(Ctx *c, Kernel *k, const Annotation *an, Stmt st);

// The innermost region whose body holds off; NULL when none.
static const Region *enclosing_region(const Kernel *k, size_t off) {
  const Region *in = NULL;
  for (int i = 0; i < k->regions.len; i++) {
    const Region *r = &k->regions.items[i];
    if (off > r->body.start && off < r->body.end && (!in || r->body.start >= in->body.start)) in = r;
  }
  return in;
}

static void read_region(Ctx *c, Kernel *k, const Annotation *an, Stmt st) {
  if (!read_region_(c, k, an, st)) k->failed_regions++;
}

static bool read_region_(Ctx *c, Kernel *k, const Annotation *an, Stmt st) {
  static const char *const async_clauses[] = {"regs", NULL}, *const none[] = {NULL};
  bool async = an->dir.kind == DIR_ASYNC;
  if (!check_clauses(c, an, async ? async_clauses : none)) return false;
  if (an->dir.head.nargs != 1 || an->dir.head.args[0].name.len) {
    diag_error(c->diag, an->dir.head.name.off, "'%s' takes one predicate over the partition index", spelling_of(an));
    return false;
  }
  if (!k->part) {
    diag_error(c->diag, an->start, "'%s' needs a partition: declare '#pragma tirx warpgroups(wg: N)' before it",
               spelling_of(an));
    return false;
  }
  if (node_at(c, st.node)->kind != CXCursor_CompoundStmt) {
    diag_error(c->diag, st.start, "expected '{' after '%s': a region is a block", spelling_of(an));
    return false;
  }
  Region r = {.an = an, .body = st, .pred = an->dir.head.args[0].expr, .async = async, .first = -1};
  for (int v = 0; v < k->nparts; v++) {
    char var[64];
    long long in;
    snprintf(var, sizeof var, "__tirx_in_%d_%d", index_of(c, an), v);
    if (!stub_value(c, an, var, &in)) {
      diag_at(c->diag, DIAG_ERROR, r.pred.off, r.pred.len,
              "the predicate of '%s' must be a constant expression of '%.*s' alone", spelling_of(an),
              (int)k->part_name.len, k->part_name.s);
      return false;
    }
    if (in) {
      r.members |= 1u << v;
      if (r.first < 0) r.first = v;
      r.threads += k->group;
    }
  }
  if (!r.members) {
    diag_at(c->diag, DIAG_ERROR, r.pred.off, r.pred.len,
            "no %.*s in 0..%d satisfies this predicate: the region never runs", (int)k->part_name.len,
            k->part_name.s, k->nparts - 1);
    return false;
  }
  // Inside another region only the indices of both run it (and arrive on
  // its triggers); none is dead code.
  const Region *outer = enclosing_region(k, an->start);
  if (outer && !(r.members & outer->members)) {
    diag_at(c->diag, DIAG_ERROR, r.pred.off, r.pred.len,
            "this region is inside '%s', which no %.*s that satisfies this predicate runs: the region never runs",
            region_label(c, outer), (int)k->part_name.len, k->part_name.s);
    diag_note(c->diag, outer->pred.off, "the enclosing region");
    return false;
  }
  if (outer && (r.members & ~outer->members)) {
    r.members &= outer->members;
    r.first = __builtin_ctz(r.members);
    r.threads = __builtin_popcount(r.members) * k->group;
  }
  const Clause *regs = dir_clause(&an->dir, "regs");
  if (regs) {
    long long v = -1;
    char var[64];
    snprintf(var, sizeof var, "__tirx_regs_%d", index_of(c, an));
    if (regs->nargs == 1 && stub_not_integer(c, an, var)) {
      diag_at(c->diag, DIAG_ERROR, regs->args[0].expr.off, regs->args[0].expr.len,
              "regs(R) takes an integer register count");
      return false;
    }
    if (regs->nargs != 1 || !stub_value(c, an, var, &v)) {
      diag_error(c->diag, regs->name.off, "regs(R) takes one constant register count");
      return false;
    }
    if (v < 24 || v > 256 || v % 8) {
      diag_at(c->diag, DIAG_ERROR, regs->args[0].expr.off, regs->args[0].expr.len,
              "regs(%lld): setmaxnreg takes a multiple of 8 from 24 to 256", v);
      return false;
    }
    r.regs = (int)v;
    // setmaxnreg is executed by whole warpgroups together.
    for (int g = 0; k->group == 32 && g < k->nparts; g += 4) {
      uint32_t four = (0xfu << g) & (k->nparts >= 32 ? 0xffffffffu : (1u << k->nparts) - 1);
      if ((r.members & four) && (r.members & four) != four) {
        diag_error(c->diag, regs->name.off,
                   "regs() needs whole warpgroups: this region runs only some of warps %d..%d, and setmaxnreg is "
                   "executed by all four warps of a warpgroup together",
                   g, g + 3);
        return false;
      }
    }
  }
  // A region right after another (only blanks and comments between) continues
  // its if / else-if chain.
  // (The region before it at its own level: one nested in that one is not.)
  for (int i = k->regions.len - 1; i >= 0 && async; i--) {
    const Region *prev = &k->regions.items[i];
    if (enclosing_region(k, prev->an->start) != outer) continue;
    r.chained = prev->async && lex_skip_blank(c->src, prev->body.end) == an->start;
    break;
  }
  VEC_PUSH(c->arena, k->regions, r);
  return true;
}

// Declarator j of an event declaration (`event full[S], empty[S] ready`
// declares two, the clauses of each after its name).
static bool read_event_(Ctx *c, Kernel *k, const Annotation *an, int j, Span *name) {
  Event e = {.an = an};
  const Directive *dir = dir_decl(&an->dir, j);
  const Clause *decl = NULL;
  for (int i = 0; i < dir->nclauses; i++) {
    const Clause *cl = &dir->clauses[i];
    if (!decl && (span_eq(cl->name, "ready") || span_eq(cl->name, "count")) && !cl->has_index) {
      diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len,
              "'%.*s' before the event's name in '%s': a clause follows the event it belongs to ('event e[N] %s')",
              (int)cl->name.len, cl->name.s, spelling_of(an), span_eq(cl->name, "ready") ? "ready" : "count(C)");
      return false;
    }
    if (span_eq(cl->name, "ready")) {
      e.ready = true;
    } else if (span_eq(cl->name, "count")) {
      long long v;
      char var[64];
      snprintf(var, sizeof var, "__tirx_count_%d_%d", index_of(c, an), j);
      if (cl->nargs != 1) {
        diag_error(c->diag, cl->name.off, "count(C) takes one arrival count");
        return false;
      }
      if (stub_not_integer(c, an, var)) {
        diag_at(c->diag, DIAG_ERROR, cl->args[0].expr.off, cl->args[0].expr.len,
                "count(C) takes an integer arrival count");
        return false;
      }
      bool known = stub_value(c, an, var, &v);
      if (known && (v < 1 || v >= (1 << 20))) {
        diag_at(c->diag, DIAG_ERROR, cl->args[0].expr.off, cl->args[0].expr.len,
                "count(%lld): an mbarrier counts 1 to 1048575 arrivals", v);
        return false;
      }
      e.count = cl;
      e.count_value = known ? v : 0;
    } else if (!decl && !cl->has_args) {
      decl = cl;
    } else {
      diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len, "unknown clause '%.*s' in '%s'", (int)cl->name.len,
              cl->name.s, spelling_of(an));
      return false;
    }
  }
  if (!decl) {
    diag_error(c->diag, an->dir.head.name.off, "'%s' needs a name: 'event name[N]' or 'event name'", spelling_of(an));
    return false;
  }
  e.name = *name = decl->name;
  e.slots_text = decl->has_index ? decl->index : (Span){0};
  e.slots = 1;
  int var = stub_var(c, an, e.name.s, e.name.len);
  // Its initialization ends with a block barrier: only a kernel's own body
  // is reached by the whole block (a helper or a lambda may be called by part).
  bool in_lambda = var >= 0 && node_at(c, var)->func >= 0 && node_at(c, node_at(c, var)->func)->kind == CXCursor_LambdaExpr;
  if (in_lambda || !front_is_kernel(c->front, k->func)) {
    diag_error(c->diag, an->start,
               "'%s' must be in the body of a __global__ function, not in %s: its initialization is a block "
               "barrier that every thread must reach",
               spelling_of(an), in_lambda ? "a lambda" : "a __device__ function");
    return false;
  }
  if (var >= 0 && decl->has_index) {
    CXType t = clang_getCursorType(node_at(c, var)->cur);
    e.slots = t.kind == CXType_ConstantArray ? clang_getArraySize(t) : -1;
    if (e.slots < 0 && node_at(c, var)->in_template) e.slots = 64, e.dependent = true;  // known at instantiation
  }
  if (var < 0 || e.slots < 1) {
    diag_at(c->diag, DIAG_ERROR, decl->index.off, decl->index.len,
            "the size of event '%.*s' is not a positive constant expression", (int)e.name.len, e.name.s);
    return false;
  }
  if (e.slots > 64) {  // reported; kept, so that its uses raise nothing more
    diag_at(c->diag, DIAG_ERROR, decl->index.off, decl->index.len,
            "event '%.*s' has %lld slots; tirx-pp keeps at most 64 phase bits per event", (int)e.name.len, e.name.s,
            e.slots);
  }
  for (int i = 0; i < k->events.len; i++)
    if (k->events.items[i].name.len == e.name.len && !memcmp(k->events.items[i].name.s, e.name.s, e.name.len)) {
      diag_error(c->diag, e.name.off, "event '%.*s' is declared twice", (int)e.name.len, e.name.s);
      diag_note(c->diag, k->events.items[i].name.off, "first declared here");
      return false;
    }
  VEC_PUSH(c->arena, k->events, e);
  return true;
}

static void read_event(Ctx *c, Kernel *k, const Annotation *an) {
  for (int j = 0; j < dir_ndecls(&an->dir); j++) {
    // The name, for its uses to stay quiet if this fails (none told: any).
    Span name = declarator_name(dir_decl(&an->dir, j));
    if (!read_event_(c, k, an, j, &name)) VEC_PUSH(c->arena, k->broken, name);
  }
}

static Event *find_event(Kernel *k, Span name) {
  for (int i = 0; i < k->events.len; i++)
    if (k->events.items[i].name.len == name.len && !memcmp(k->events.items[i].name.s, name.s, name.len))
      return &k->events.items[i];
  return NULL;
}

// `name` or `name[index]`.
static bool event_ref(Span s, Span *name, Span *index) {
  s = span_trim(s);
  size_t i = 0;
  while (i < s.len && is_ident_char((unsigned char)s.s[i])) i++;
  if (!i || !is_ident_start((unsigned char)s.s[0])) return false;
  *name = (Span){s.s, i, s.off};
  *index = (Span){0};
  Span rest = span_trim((Span){s.s + i, s.len - i, s.off + i});
  if (!rest.len) return true;
  if (rest.s[0] != '[' || rest.s[rest.len - 1] != ']') return false;
  *index = span_trim((Span){rest.s + 1, rest.len - 2, rest.off + 1});
  return index->len > 0;
}

const char *concurrency_call_stub(Ctx *c, const Annotation *an) {
  Arg *args;
  Span name, slot;
  int n = split_args(c->arena, an->args, &args);
  if (span_eq(an->name, "tirx_region_sync") || n < 1 || n > 2 || !event_ref(args[0].expr, &name, &slot))
    return "((void)0)";  // read_op reports what is wrong
  const char *first = slot.len ? arena_printf(c->arena, "(void)(%.*s)", (int)slot.len, slot.s) : "(void)0";
  if (n == 1) return arena_printf(c->arena, "(%s)", first);
  return arena_printf(c->arena, "(%s, (void)(%.*s))", first, (int)args[1].expr.len, args[1].expr.s);
}

// An `if` that elect made: `#pragma tirx elect` or `if (tirx_elect_sync())`.
bool is_elect_if(const Ctx *c, int node) {
  const Node *n = node_at(c, node);
  if (n->kind != CXCursor_IfStmt) return false;
  int cond[1];
  size_t cond_end = front_children(c->front, node, cond, 1) ? node_at(c, cond[0])->end : n->start;
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->skipped) continue;
    if (an->spelling != SPELL_CALL && an->dir.kind == DIR_ELECT && an->start == n->start) return true;
    if (an->spelling == SPELL_CALL && span_eq(an->name, "tirx_elect_sync") && an->start > n->start &&
        an->start < cond_end)
      return true;
  }
  return false;
}

static bool read_op_(Ctx *c, Kernel *k, const Annotation *an);

// An operation that could not be read still names its event (when it can be
// told): that event's "nothing triggers it" would only repeat the error.
static void read_op(Ctx *c, Kernel *k, const Annotation *an) {
  if (read_op_(c, k, an)) return;
  Span name = {0}, index;
  if (an->spelling == SPELL_CALL) {
    Arg *args;
    if (split_args(c->arena, an->args, &args) >= 1 && !event_ref(args[0].expr, &name, &index))
      name = (Span){0};  // not told whole (`fu\0ll[0]`): every event stays quiet
  } else if (an->dir.nclauses >= 1) {
    name = an->dir.clauses[0].name;
  }
  if (name.len) VEC_PUSH(c->arena, k->failed_targets, name);
  else k->failed_ops++;
}

static bool failed_target(const Kernel *k, Span name) {
  if (k->failed_ops) return true;
  for (int i = 0; i < k->failed_targets.len; i++)
    if (k->failed_targets.items[i].len == name.len && !memcmp(k->failed_targets.items[i].s, name.s, name.len))
      return true;
  return false;
}

// An event declaration of `name` in another function of the file, NULL when
// none.
static const Annotation *declared_elsewhere(Ctx *c, const Kernel *k, Span name) {
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->skipped || an->spelling == SPELL_CALL || an->dir.kind != DIR_EVENT) continue;
    Span *names;
    int nn = event_names_in(c->arena, an, &names);
    for (int j = 0; j < nn; j++)
      if (names[j].len == name.len && !memcmp(names[j].s, name.s, name.len) && function_at(c, an->start) != k->func)
        return an;
  }
  return NULL;
}

// An operation stands where its event is known: after the declaration, in
// the block that holds it (C++'s scope; nvcc would say "undefined" of the
// lowered name, or find another of the same name).
static bool in_scope(Ctx *c, const Annotation *an, const Event *e, Span target) {
  int var = stub_var(c, e->an, e->name.s, e->name.len);
  int decl = var >= 0 ? node_at(c, var)->parent : -1;
  int scope = decl >= 0 && node_at(c, decl)->kind == CXCursor_DeclStmt ? node_at(c, decl)->parent : -1;
  if (scope >= 0 && (an->start < node_at(c, scope)->start || an->start >= node_at(c, scope)->end)) {
    diag_at(c->diag, DIAG_ERROR, target.off, target.len,
            "event '%.*s' is used out of its scope: it is declared in a block that ends at line %d", (int)target.len,
            target.s, source_line(c->src, node_at(c, scope)->end - 1));
    diag_note(c->diag, e->name.off, "'%.*s' is declared here", (int)target.len, target.s);
    return false;
  }
  if (an->start < e->an->start) {
    diag_at(c->diag, DIAG_ERROR, target.off, target.len, "event '%.*s' is used before its declaration",
            (int)target.len, target.s);
    diag_note(c->diag, e->name.off, "'%.*s' is declared here", (int)target.len, target.s);
    return false;
  }
  return true;
}

static bool read_op_(Ctx *c, Kernel *k, const Annotation *an) {
  if (!annotation_nul_free(c->src, c->diag, an)) return false;
  Op op = {.an = an, .data_if = -1, .literal = -1};
  Span target = {0};
  if (an->spelling == SPELL_CALL) {
    Arg *args;
    int n = split_args(c->arena, an->args, &args);
    if (span_eq(an->name, "tirx_region_sync")) {
      op.kind = OP_REGION_SYNC;
      if (n) {
        diag_error(c->diag, an->args.off, "tirx_region_sync() takes no arguments");
        return false;
      }
    } else {
      bool wait = span_eq(an->name, "tirx_wait"), bytes = span_eq(an->name, "tirx_trigger_bytes");
      op.kind = wait ? OP_WAIT : bytes ? OP_TRIGGER_BYTES : OP_TRIGGER;
      int want_min = bytes ? 2 : 1, want_max = wait || bytes ? 2 : 1;
      if (n < want_min || n > want_max) {
        diag_error(c->diag, an->start, "%.*s() takes %s", (int)an->name.len, an->name.s,
                   wait    ? "an event slot and optionally a parity"
                   : bytes ? "an event slot and a byte count"
                           : "an event slot");
        return false;
      }
      target = args[0].expr;
      if (n == 2) op.extra = args[1].expr, op.has_extra = true;
      Span name;
      if (!event_ref(target, &name, &op.slot)) {
        diag_error(c->diag, target.off, "expected an event slot such as 'full[s]'");
        return false;
      }
      target = name;
    }
  } else {
    op.kind = an->dir.kind == DIR_WAIT ? OP_WAIT : OP_TRIGGER;
    if (an->dir.nclauses != 1 || an->dir.clauses[0].has_args) {
      diag_error(c->diag, an->dir.head.name.off, "'%s' takes one event slot: '%s name[i]'", spelling_of(an),
                 an->dir.kind == DIR_WAIT ? "wait" : "trigger");
      return false;
    }
    op.slot = an->dir.clauses[0].index;
    target = an->dir.clauses[0].name;
  }
  if (op.kind != OP_REGION_SYNC) {
    op.event = find_event(k, target);
    for (int i = 0; !op.event && i < k->broken.len; i++)  // a broken one with no name may be any
      if (!k->broken.items[i].len ||
          (k->broken.items[i].len == target.len && !memcmp(k->broken.items[i].s, target.s, target.len)))
        return true;
    if (!op.event) {
      diag_at(c->diag, DIAG_ERROR, target.off, target.len, "'%.*s' is not an event declared in this kernel",
              (int)target.len, target.s);
      const Annotation *other = declared_elsewhere(c, k, target);
      if (other)
        diag_note(c->diag, other->start,
                  "an event '%.*s' is declared here, in another function: an event belongs to the kernel that "
                  "declares it", (int)target.len, target.s);
      return false;
    }
    if (!in_scope(c, an, op.event, target)) return false;
    int local = event_hidden_at(c, k, op.event, an->start);
    if (local >= 0) {
      diag_at(c->diag, DIAG_ERROR, target.off, target.len,
              "'%.*s' here is the local declared at line %d, not the event: rename one of them", (int)target.len,
              target.s, source_line(c->src, node_at(c, local)->start));
      diag_note(c->diag, op.event->an->start, "the event is declared here");
      return false;
    }
    long long lit = 0;
    bool is_lit = op.slot.len && span_int_literal(op.slot, &lit);  // `4`, `4u`, `0x3`
    if (is_lit && !op.event->dependent && (lit < 0 || lit >= op.event->slots)) {
      diag_at(c->diag, DIAG_ERROR, op.slot.off, op.slot.len, "slot %lld of event '%.*s', which has %lld", lit,
              (int)target.len, target.s, op.event->slots);
      return false;
    }
    // expect_tx takes 0 to 2^20 - 1 bytes; a literal outside is a mistake, not a wrap-around.
    long long bytes;
    if (op.kind == OP_TRIGGER_BYTES && span_int_literal(op.extra, &bytes) && (bytes < 0 || bytes >= (1 << 20))) {
      diag_at(c->diag, DIAG_ERROR, op.extra.off, op.extra.len,
              "tirx_trigger_bytes(): %lld bytes; an mbarrier's transaction count takes 0 to 1048575", bytes);
      return false;
    }
    op.literal = is_lit ? lit : -1;
    if ((op.event->slots_text.len > 0) != (op.slot.len > 0)) {
      if (op.slot.len)
        diag_error(c->diag, target.off, "event '%.*s' is a single event, not an array", (int)target.len, target.s);
      else
        diag_error(c->diag, target.off, "event '%.*s' is an array: name a slot, '%.*s[i]'", (int)target.len,
                   target.s, (int)target.len, target.s);
      return false;
    }
  }
  // Its region, and what stands between it and the region.
  for (int i = 0; i < k->regions.len; i++) {
    Region *r = &k->regions.items[i];
    if (an->start >= r->body.start && an->start < r->body.end) op.region = r;
  }
  int node = front_first_at(c->front, an->start);
  for (int p = node < c->front->nnodes ? node_at(c, node)->parent : -1; p >= 0; p = node_at(c, p)->parent) {
    if (p == k->func || (op.region && p == op.region->body.node)) break;
    enum CXCursorKind kind = node_at(c, p)->kind;
    if (is_elect_if(c, p))
      op.under_elect = true;
    else if ((kind == CXCursor_IfStmt || kind == CXCursor_SwitchStmt || kind == CXCursor_ConditionalOperator) &&
             op.data_if < 0)
      op.data_if = p;
  }
  if (op.event) {
    if (op.kind == OP_WAIT)
      op.event->waited = true;
    else
      op.event->triggered = true;
  }
  VEC_PUSH(c->arena, k->ops, op);
  return true;
}

// --- checks ---------------------------------------------------------------------

const char *region_label(Ctx *c, const Region *r) {
  if (r->an->spelling == SPELL_MACRO)
    return arena_printf(c->arena, "%.*s(%.*s)", (int)r->an->name.len, r->an->name.s, (int)r->pred.len, r->pred.s);
  return arena_printf(c->arena, "#pragma tirx %s(%.*s)", r->async ? "async" : "inthreads", (int)r->pred.len,
                      r->pred.s);
}

// The regions of one if / else-if chain must not overlap; an index no region
// of the chain covers is a warning; regs() must fit the register file.
static void check_chain(Ctx *c, Kernel *k, const int *chain, int n) {
  uint32_t all = 0;
  int cap = 65536 / (k->nparts * k->group);
  cap = cap > 255 ? 255 : cap / 8 * 8;
  long long total = 0;
  for (int i = 0; i < n; i++) {
    Region *r = &k->regions.items[chain[i]];
    for (int j = 0; j < i; j++) {
      Region *q = &k->regions.items[chain[j]];
      uint32_t both = q->members & r->members;
      if (both) {
        int v = __builtin_ctz(both);
        diag_at(c->diag, DIAG_ERROR, r->pred.off, r->pred.len,
                "regions overlap: %.*s = %d runs both this region and the one at line %d", (int)k->part_name.len,
                k->part_name.s, v, source_line(c->src, q->an->start));
        diag_note(c->diag, q->pred.off, "the other region");
      }
    }
    all |= r->members;
    total += (long long)(r->regs ? r->regs : cap) * r->threads;
  }
  bool overlap = false;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      overlap |= (k->regions.items[chain[i]].members & k->regions.items[chain[j]].members) != 0;
  // (A chain nested in a region leaves the other indices to the code around it.)
  bool nested = enclosing_region(k, k->regions.items[chain[0]].an->start) != NULL;
  for (int v = 0; v < k->nparts && !k->failed_regions && !nested; v++)
    if (!(all & (1u << v))) {
      const Region *first = &k->regions.items[chain[0]];
      diag_warning(c->diag, first->an->start, "%.*s = %d runs none of these regions", (int)k->part_name.len,
                   k->part_name.s, v);
      total += (long long)cap * k->group;
    }
  if (total > 65536 && !overlap) {
    const Region *first = &k->regions.items[chain[0]];
    diag_error(c->diag, first->an->start,
               "these regions ask for %lld registers; the register file holds 65536 (regs(R) x threads of each region)",
               total);
  }
}

// Arrivals per phase of each event: the sum, over the regions that trigger
// it, of what one trigger of that region contributes.
static void infer_counts(Ctx *c, Kernel *k) {
  for (int e = 0; e < k->events.len; e++) {
    Event *ev = &k->events.items[e];
    if (ev->waited && !ev->triggered && !failed_target(k, ev->name)) {
      for (int i = 0; i < k->ops.len; i++)
        if (k->ops.items[i].event == ev && k->ops.items[i].kind == OP_WAIT) {
          diag_error(c->diag, k->ops.items[i].an->start, "nothing triggers '%.*s': this wait never returns",
                     (int)ev->name.len, ev->name.s);
          diag_note(c->diag, ev->an->start, "'%.*s' is declared here", (int)ev->name.len, ev->name.s);
          break;
        }
      continue;
    }
    if (ev->count) continue;
    if (!ev->triggered && !failed_target(k, ev->name)) {  // neither waited nor triggered
      diag_warning(c->diag, ev->an->start, "event '%.*s' is never triggered or waited on", (int)ev->name.len,
                   ev->name.s);
      ev->inferred = 1;
      continue;
    }
    long long sum = 0;
    bool ok = true;
    for (int i = 0; i < k->ops.len && ok; i++) {
      const Op *op = &k->ops.items[i];
      if (op->event != ev || op->kind == OP_WAIT) continue;
      int threads = op->region ? op->region->threads : k->nparts * k->group;
      long long mine = op->kind == OP_TRIGGER_BYTES ? 1 : op->under_elect ? threads / 32 : threads;
      if (!threads) {
        diag_error(c->diag, op->an->start,
                   "'%.*s' needs count(N): this trigger is outside every region of a kernel with no partition",
                   (int)ev->name.len, ev->name.s);
        ok = false;
      } else if (op->data_if >= 0) {
        diag_error(c->diag, op->an->start,
                   "'%.*s' needs count(N): this trigger is under an 'if', so tirx-pp cannot count its arrivals",
                   (int)ev->name.len, ev->name.s);
        diag_note(c->diag, node_at(c, op->data_if)->start, "the 'if'");
        ok = false;
      }
      // The first site of this region decides; the others must agree.
      bool first = true;
      for (int j = 0; j < i && ok; j++) {
        const Op *q = &k->ops.items[j];
        if (q->event != ev || q->kind == OP_WAIT || q->region != op->region) continue;
        first = false;
        long long theirs = q->kind == OP_TRIGGER_BYTES ? 1 : q->under_elect ? threads / 32 : threads;
        if (theirs != mine) {
          diag_error(c->diag, op->an->start,
                     "'%.*s' needs count(N): this trigger adds %lld arrivals, the one at line %d adds %lld",
                     (int)ev->name.len, ev->name.s, mine, source_line(c->src, q->an->start), theirs);
          ok = false;
        }
        break;
      }
      if (ok && first) sum += mine;
    }
    ev->inferred = ok ? sum : 1;
  }
}

static void check_kernel(Ctx *c, Kernel *k) {
  // Each chain: an async region that continues none, and those that continue
  // it at its own level (regions nested in them stand between).
  int *chain = arena_alloc(c->arena, sizeof(int) * (size_t)(k->regions.len + 1));
  for (int i = 0; i < k->regions.len; i++) {
    if (k->regions.items[i].chained || !k->regions.items[i].async) continue;
    const Region *level = enclosing_region(k, k->regions.items[i].an->start);
    int n = 0;
    chain[n++] = i;
    for (int j = i + 1; j < k->regions.len; j++) {
      if (enclosing_region(k, k->regions.items[j].an->start) != level) continue;
      if (!k->regions.items[j].chained) break;
      chain[n++] = j;
    }
    check_chain(c, k, chain, n);
  }
  // Named barriers: ids the kernel names itself (tirx_warpgroup_sync(3)) are
  // not handed out again.
  bool taken[16] = {true}, syncs = k->turns.len > 0;
  for (int i = 0; i < k->ops.len; i++) syncs |= k->ops.items[i].kind == OP_REGION_SYNC;
  if (syncs) turn_user_barriers(c, k, taken);  // tirx_bar_sync(3, ...) and tirx_bar_arrive(3, ...)
  const Node *fn = node_at(c, k->func);
  for (int i = 0; syncs && i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->spelling == SPELL_CALL && span_eq(an->name, "tirx_warpgroup_sync") && an->start >= fn->start &&
        an->start < fn->end) {
      // Only a literal is an id we know: strtol would read the 1 of `1 + w` and
      // leave 2 free for a turn that warpgroup 2's barrier then shares.
      Arg *args;
      long long id;
      if (split_args(c->arena, an->args, &args) == 1 && span_int_literal(args[0].expr, &id)) {
        if (id > 0 && id < 16) taken[id] = true;
      } else if (k->turns.len) {
        diag_warning(c->diag, an->start,
                     "tirx-pp cannot tell which named barrier this call uses: the ids it gives to turns and "
                     "tirx_region_sync() may be this one; write the id as a constant");
      }
    }
  }
  int next = 0;
  for (int i = 0; i < k->ops.len; i++) {
    Op *op = &k->ops.items[i];
    if (op->kind != OP_REGION_SYNC) continue;
    if (!op->region) {
      diag_error(c->diag, op->an->start, "tirx_region_sync() must be inside an async region");
      continue;
    }
    if (!op->region->barrier) {
      while (next < 16 && taken[next]) next++;
      if (next == 16) {
        diag_error(c->diag, op->an->start, "no named barrier left for this region: ids 1..15 are all in use");
        continue;
      }
      op->region->barrier = next;
      taken[next] = true;
    }
  }
  allocate_turn_barriers(c, k, taken, &next);
  infer_counts(c, k);
}

// --- the pass -------------------------------------------------------------------

void rewrite_concurrency(Ctx *c, const Stmt *stmts, const bool *ok) {
  KernelList kernels = {0};
  const AnnotationList *anns = c->anns;
  // Declarations and regions first (in file order), then the operations, which
  // refer to them.
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < anns->len; i++) {
      const Annotation *an = &anns->items[i];
      if (an->skipped || !is_concurrency_annotation(an)) continue;
      if (an->spelling != SPELL_CALL && !ok[i]) {  // reported already; what uses it stays quiet
        Kernel *k = kernel_of(c, &kernels, an);
        if (k && an->dir.kind == DIR_EVENT) {
          Span *names;
          int nn = event_names_in(c->arena, an, &names);
          for (int j = 0; j < nn; j++) VEC_PUSH(c->arena, k->broken, names[j]);
        }
        if (k && (an->dir.kind == DIR_ASYNC || an->dir.kind == DIR_INTHREADS)) k->failed_regions++;
        if (k && an->dir.kind == DIR_TURNS) VEC_PUSH(c->arena, k->broken_turns, (Span){0});  // its turns stay quiet
        continue;
      }
      // Turns after the regions they are in (file order: a ring before its turns).
      bool is_op = an->spelling == SPELL_CALL || an->dir.kind == DIR_WAIT || an->dir.kind == DIR_TRIGGER ||
                   an->dir.kind == DIR_TURNS || an->dir.kind == DIR_TURN;
      if (is_op != (pass == 1)) continue;
      Kernel *k = kernel_of(c, &kernels, an);
      if (!k) continue;
      if (an->spelling != SPELL_CALL && an->dir.kind == DIR_TURNS)
        read_turns(c, k, an);
      else if (an->spelling != SPELL_CALL && an->dir.kind == DIR_TURN)
        read_turn(c, k, an, stmts[i]);
      else if (is_op)
        read_op(c, k, an);
      else if (an->dir.kind == DIR_WARPGROUPS || an->dir.kind == DIR_WARPS)
        read_partition(c, k, an);
      else if (an->dir.kind == DIR_EVENT)
        read_event(c, k, an);
      else
        read_region(c, k, an, stmts[i]);
    }
  // Every other function of the file gets the uniformity check too (SPEC 2:
  // a barrier under a thread-dependent condition is an error wherever it is).
  for (int func = 0; func < c->front->nnodes; func++) {
    if (!is_function_node(node_at(c, func)->kind) || node_at(c, func)->last == func) continue;
    bool known = false;
    for (int j = 0; j < kernels.len && !known; j++) known = kernels.items[j].func == func;
    if (!known) {
      Kernel k = {.func = func};
      VEC_PUSH(c->arena, kernels, k);
    }
  }
  for (int i = 0; i < kernels.len; i++) {
    Kernel *k = &kernels.items[i];
    int errors = c->diag->errors;
    check_kernel(c, k);
    check_uniformity(c, k, stmts);
    if (c->diag->errors == errors) check_deadlock(c, k);
    if (c->diag->errors == errors && (k->part || k->regions.len || k->events.len || k->ops.len)) lower_kernel(c, k);
  }
}
