// gather.c - the first phase of structured concurrency (SPEC 3-4, and the
// turns of SPEC 8): builds the model of kernel.h, kernel by kernel, from the
// annotations and the node table. What can be told from one annotation and
// its place is reported here (a region that is not a block, an event used
// out of its scope, a turn outside its ring's region); what needs the whole
// kernel is left to the checks (checks.c, barrier.c, uniform.c, deadlock.c).
#include <stdio.h>
#include <string.h>

#include "ast.h"
#include "gather.h"
#include "kernel.h"
#include "stub.h"

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
  int lo = front_first_pos(f, an->start);
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
    for (int j = 0; j < n; j++) out[j] = stub_declarator_name(dir_decl(&an->dir, j));
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
  if (!stub_named_arg(an, &name, &value)) {
    diag_error(c->diag, an->dir.head.name.off, "'%s' takes one 'name: count' argument", spelling_of(an));
    return;
  }
  long long n;
  char var[64];
  snprintf(var, sizeof var, "__tirx_parts_%d", stub_id(c, an));
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
    snprintf(var, sizeof var, "__tirx_in_%d_%d", stub_id(c, an), v);
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
    snprintf(var, sizeof var, "__tirx_regs_%d", stub_id(c, an));
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
    bool named = span_eq(cl->name, "ready") || span_eq(cl->name, "count") || span_eq(cl->name, "cluster");
    if (!decl && named && !cl->has_index) {
      diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len,
              "'%.*s' before the event's name in '%s': a clause follows the event it belongs to ('event e[N] %s')",
              (int)cl->name.len, cl->name.s, spelling_of(an),
              span_eq(cl->name, "ready") ? "ready" : span_eq(cl->name, "count") ? "count(C)" : "cluster");
      return false;
    }
    if (span_eq(cl->name, "cluster")) {
      // cluster, cluster(x), cluster(y), cluster(x, y) (docs/clusters.md).
      bool x = false, y = false, ok = !cl->has_index && (!cl->has_args || (cl->nargs >= 1 && cl->nargs <= 2));
      for (int a = 0; ok && cl->has_args && a < cl->nargs; a++) {
        Span v = span_trim(cl->args[a].expr);
        bool is_x = span_eq(v, "x") && !x, is_y = span_eq(v, "y") && !y;
        ok = !cl->args[a].name.len && (is_x || is_y) && (a == 0 || is_y);
        x |= is_x, y |= is_y;
      }
      if (!ok) {
        diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len,
                "'cluster' takes nothing, 'x', 'y' or 'x, y': the cluster dimensions along which the data of a "
                "slot are multicast, whose blocks a trigger releases the slot in");
        return false;
      }
      e.cluster = cl;
      e.fanin = x && y ? 3 : x ? 1 : y ? 2 : 0;
    } else if (span_eq(cl->name, "ready")) {
      e.ready = true;
    } else if (span_eq(cl->name, "count")) {
      long long v;
      char var[64];
      snprintf(var, sizeof var, "__tirx_count_%d_%d", stub_id(c, an), j);
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
    Span name = stub_declarator_name(dir_decl(&an->dir, j));
    if (!read_event_(c, k, an, j, &name)) VEC_PUSH(c->arena, k->broken, name);
  }
}

static Event *find_event(Kernel *k, Span name) {
  for (int i = 0; i < k->events.len; i++)
    if (k->events.items[i].name.len == name.len && !memcmp(k->events.items[i].name.s, name.s, name.len))
      return &k->events.items[i];
  return NULL;
}

// An operation in a lambda written outside every region (`auto produce =
// [&](int i) { ... };`) runs in the region that calls the lambda: the one
// region that holds every call through its variable; NULL when the calls are
// in several regions, outside them, or not seen.
static Region *lambda_region(Ctx *c, Kernel *k, int node) {
  int lambda = -1;
  for (int p = node_at(c, node)->parent; p >= 0 && p != k->func && lambda < 0; p = node_at(c, p)->parent)
    if (node_at(c, p)->kind == CXCursor_LambdaExpr) lambda = p;
  if (lambda < 0) return NULL;
  int var = node_at(c, lambda)->parent;
  while (var >= 0 && node_at(c, var)->kind == CXCursor_UnexposedExpr) var = node_at(c, var)->parent;
  if (var < 0 || node_at(c, var)->kind != CXCursor_VarDecl) return NULL;
  Region *in = NULL;
  const Node *f = node_at(c, k->func);
  for (int i = k->func + 1; i <= f->last; i++) {
    if (node_at(c, i)->kind != CXCursor_DeclRefExpr ||
        !clang_equalCursors(clang_getCursorReferenced(node_at(c, i)->cur), node_at(c, var)->cur))
      continue;
    Region *r = NULL;
    for (int j = 0; j < k->regions.len; j++) {
      Region *q = &k->regions.items[j];
      if (node_at(c, i)->start >= q->body.start && node_at(c, i)->start < q->body.end) r = q;
    }
    if (!r || (in && in != r)) return NULL;
    in = r;
  }
  return in;
}

static bool read_op_(Ctx *c, Kernel *k, const Annotation *an);

// An operation that could not be read still names its event (when it can be
// told): that event's "nothing triggers it" would only repeat the error.
static void read_op(Ctx *c, Kernel *k, const Annotation *an) {
  if (read_op_(c, k, an)) return;
  Span name = {0}, index;
  if (an->spelling == SPELL_CALL) {
    Arg *args;
    if (split_args(c->arena, an->args, &args) >= 1 && !stub_event_ref(args[0].expr, &name, &index))
      name = (Span){0};  // not told whole (`fu\0ll[0]`): every event stays quiet
  } else if (an->dir.nclauses >= 1) {
    name = an->dir.clauses[0].name;
  }
  if (name.len) VEC_PUSH(c->arena, k->failed_targets, name);
  else k->failed_ops++;
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
      if (!stub_event_ref(target, &name, &op.slot)) {
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
  if (!op.region && node < c->front->nnodes) op.region = lambda_region(c, k, node);
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

// --- turns (SPEC 8 extension, docs/turns.md) ------------------------------------

static bool is_name(Span s) {
  if (!s.len || !is_ident_start((unsigned char)s.s[0])) return false;
  for (size_t i = 1; i < s.len; i++)
    if (!is_ident_char((unsigned char)s.s[i])) return false;
  return true;
}

static bool same(Span a, Span b) { return a.len == b.len && !memcmp(a.s, b.s, a.len); }

// The ring a `turns` declaration names: `#pragma tirx turns NAME`, TIRX_TURNS(NAME).
static bool turns_name(Ctx *c, const Annotation *an, Span *name) {
  const Directive *d = &an->dir;
  bool macro = an->spelling == SPELL_MACRO;
  bool ok = macro ? d->head.nargs == 1 && !d->head.args[0].name.len && !d->nclauses
                  : !d->head.has_args && !d->head.has_index && d->nclauses == 1 && !d->clauses[0].has_args &&
                        !d->clauses[0].has_index;
  if (ok) *name = macro ? d->head.args[0].expr : d->clauses[0].name;
  if (!ok || !is_name(*name)) {
    diag_error(c->diag, d->head.name.off, "'%s' takes one name: '%s'", spelling_of(an),
               macro ? "TIRX_TURNS(NAME);" : "#pragma tirx turns NAME");
    return false;
  }
  return true;
}

// The ring a turn names: `#pragma tirx turn(NAME)`, TIRX_TURN(NAME).
static bool turn_name(Ctx *c, const Annotation *an, Span *name) {
  const Directive *d = &an->dir;
  bool ok = d->head.nargs == 1 && !d->head.args[0].name.len && !d->head.has_index && !d->nclauses;
  if (ok) *name = d->head.args[0].expr;
  if (!ok || !is_name(*name)) {
    diag_error(c->diag, d->head.name.off, "'%s' takes the name of a turns ring: '%s'", spelling_of(an),
               an->spelling == SPELL_MACRO ? "TIRX_TURN(NAME) STMT" : "#pragma tirx turn(NAME)");
    return false;
  }
  return true;
}

// The region whose body holds off; -1 if none.
static int region_at(const Kernel *k, size_t off) {
  int in = -1;
  for (int r = 0; r < k->regions.len; r++)
    if (off >= k->regions.items[r].body.start && off < k->regions.items[r].body.end) in = r;
  return in;
}

static bool is_loop(enum CXCursorKind k) {
  return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_CXXForRangeStmt;
}

static bool read_turns_(Ctx *c, Kernel *k, const Annotation *an, Turns *t) {
  int node = front_first_at(c->front, an->start);
  if (node >= c->front->nnodes || node_at(c, node)->start != an->start) return false;  // clang's error says why
  t->node = node;
  if (node_at(c, node)->func != k->func) {
    diag_error(c->diag, an->start,
               "the participants of '%.*s' cannot be known: '%s' is inside a lambda, which any partition index may "
               "call; declare it in the async region itself",
               (int)t->name.len, t->name.s, spelling_of(an));
    return false;
  }
  int r = region_at(k, an->start);
  if (r < 0 && k->failed_regions) return false;  // its region was reported
  if (r < 0 || !k->regions.items[r].async) {
    diag_error(c->diag, an->start,
               "'%s' must be inside an async region ('#pragma tirx async(...)'): the partition indices that run "
               "the region are the ones that take turns",
               spelling_of(an));
    if (r >= 0) diag_note(c->diag, k->regions.items[r].an->start, "this region is not async");
    return false;
  }
  for (int p = node_at(c, node)->parent; p >= 0 && p != k->func; p = node_at(c, p)->parent)
    if (is_loop(node_at(c, p)->kind)) {
      diag_error(c->diag, an->start,
                 "'%s' is inside a loop: each pass would hand out the first turn of '%.*s' again; declare it once, "
                 "before the loop",
                 spelling_of(an), (int)t->name.len, t->name.s);
      diag_note(c->diag, node_at(c, p)->start, "the loop");
      return false;
    }
  t->scope = node_at(c, node)->parent;
  for (int i = 0; i < k->turns.len; i++)
    if (same(k->turns.items[i].name, t->name)) {
      diag_at(c->diag, DIAG_ERROR, t->name.off, t->name.len, "turns '%.*s' is declared twice in this kernel",
              (int)t->name.len, t->name.s);
      diag_note(c->diag, k->turns.items[i].an->start, "first declared here");
      return false;
    }
  const Region *reg = &k->regions.items[r];
  t->region = r;
  for (int v = 0; v < k->nparts; v++)
    if (reg->members >> v & 1) t->parts[t->nparts++] = v;
  if (t->nparts == 1)
    diag_warning(c->diag, an->start,
                 "'%.*s' has one participant (%.*s = %d): there is no one to take turns with, so its turns compile "
                 "to nothing",
                 (int)t->name.len, t->name.s, (int)k->part_name.len, k->part_name.s, t->parts[0]);
  return true;
}

static void read_turns(Ctx *c, Kernel *k, const Annotation *an) {
  Turns t = {.an = an, .region = -1};
  if (!turns_name(c, an, &t.name)) {
    VEC_PUSH(c->arena, k->broken_turns, (Span){0});
    return;
  }
  if (!read_turns_(c, k, an, &t)) {
    VEC_PUSH(c->arena, k->broken_turns, t.name);
    return;
  }
  VEC_PUSH(c->arena, k->turns, t);
}

// A statement that leaves the turn at [node] without passing the turn on
// (return, goto, a break or continue of a loop around the turn); -1 if none.
static int jump_out(const Ctx *c, const Kernel *k, int top) {
  for (int i = top; i <= node_at(c, top)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->func != k->func) continue;  // a lambda's return ends the lambda
    if (n->kind == CXCursor_ReturnStmt || n->kind == CXCursor_GotoStmt || n->kind == CXCursor_IndirectGotoStmt)
      return i;
    if (n->kind == CXCursor_BreakStmt || n->kind == CXCursor_ContinueStmt) {
      int target = jump_target(c, i);
      if (target < top || target > node_at(c, top)->last) return i;
    }
  }
  return -1;
}

static const char *jump_word(enum CXCursorKind k) {
  return k == CXCursor_ReturnStmt ? "return" : k == CXCursor_BreakStmt ? "break" : k == CXCursor_ContinueStmt ? "continue" : "goto";
}

// A local of the region, declared before off in a scope that holds it, with
// the partition index's name: the lowering's `wg` would be that local. -1 if none.
static int partition_hidden_at(const Ctx *c, const Kernel *k, const Region *r, size_t off) {
  for (int i = r->body.node; i <= node_at(c, r->body.node)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_VarDecl || n->start >= off) continue;
    int scope = n->parent >= 0 && node_at(c, n->parent)->kind == CXCursor_DeclStmt ? node_at(c, n->parent)->parent
                                                                                  : n->parent;
    if (scope < 0 || node_at(c, scope)->start > off || off >= node_at(c, scope)->end) continue;
    CXString s = clang_getCursorSpelling(n->cur);
    bool hides = span_eq(k->part_name, clang_getCString(s));
    clang_disposeString(s);
    if (hides) return i;
  }
  return -1;
}

static void read_turn(Ctx *c, Kernel *k, const Annotation *an, Stmt st) {
  Span name;
  if (!turn_name(c, an, &name)) return;
  int ring = -1;
  for (int i = 0; i < k->turns.len && ring < 0; i++)
    if (same(k->turns.items[i].name, name)) ring = i;
  if (ring < 0) {
    for (int i = 0; i < k->broken_turns.len; i++)
      if (!k->broken_turns.items[i].len || same(k->broken_turns.items[i], name)) return;  // reported already
    diag_at(c->diag, DIAG_ERROR, name.off, name.len,
            "'%.*s' names no turns ring: declare '#pragma tirx turns %.*s' before it, in the async region whose "
            "partition indices take the turns",
            (int)name.len, name.s, (int)name.len, name.s);
    return;
  }
  const Turns *t = &k->turns.items[ring];
  const Region *reg = &k->regions.items[t->region];
  if (st.start < reg->body.start || st.start >= reg->body.end) {
    diag_error(c->diag, an->start, "'%s' is outside the region that declares '%.*s': only its partition indices "
                                   "take these turns",
               spelling_of(an), (int)name.len, name.s);
    diag_note(c->diag, t->an->start, "'%.*s' is declared here, in '%s'", (int)name.len, name.s, region_label(c, reg));
    return;
  }
  const Node *scope = node_at(c, t->scope);
  if (an->start < t->an->end || st.start < scope->start || st.start >= scope->end) {
    diag_error(c->diag, an->start, "'%s' is outside the scope of '%.*s': a turn comes after the declaration, in the "
                                   "block that holds it",
               spelling_of(an), (int)name.len, name.s);
    diag_note(c->diag, t->an->start, "'%.*s' is declared here", (int)name.len, name.s);
    return;
  }
  int local = partition_hidden_at(c, k, reg, an->start);
  if (local >= 0) {
    diag_error(c->diag, an->start,
               "'%.*s' here is the local declared at line %d, not the partition index that the turn's barriers are "
               "chosen by: rename the local",
               (int)k->part_name.len, k->part_name.s, source_line(c->src, node_at(c, local)->start));
    return;
  }
  if (node_at(c, st.node)->kind == CXCursor_DeclStmt) {
    diag_error(c->diag, st.start, "'%s' on a declaration: the turn puts its statement in a block, where what it "
                                  "declares would end; declare it before the turn",
               spelling_of(an));
    return;
  }
  for (int i = 0; i < k->turn_sites.len; i++) {
    const Turn *o = &k->turn_sites.items[i];
    if (o->ring == ring && st.start >= o->st.start && st.start < o->st.end) {
      diag_error(c->diag, an->start,
                 "a turn of '%.*s' inside a turn of '%.*s': the inner one waits for a turn that the outer one holds",
                 (int)name.len, name.s, (int)name.len, name.s);
      diag_note(c->diag, o->an->start, "the enclosing turn");
      return;
    }
  }
  int jump = jump_out(c, k, st.node);
  if (jump >= 0) {
    diag_error(c->diag, node_at(c, jump)->start,
               "'%s' leaves this turn of '%.*s' before it passes the turn on: the next participant would wait for "
               "its turn forever",
               jump_word(node_at(c, jump)->kind), (int)name.len, name.s);
    diag_note(c->diag, an->start, "the turn");  // kept: a turn inside it is still nested in it
  }
  Turn s = {.an = an, .ring = ring, .st = st};
  VEC_PUSH(c->arena, k->turn_sites, s);
}

// --- cluster events (docs/clusters.md) -------------------------------------------

// The event whose stub variable the subtree of node refers to, directly or
// through a local of the kernel initialized from it (`uint64_t *bars = full;`,
// one step); NULL if none.
static Event *event_in(Ctx *c, Kernel *k, int node, int depth) {
  for (int e = 0; e < k->events.len; e++) {
    Event *ev = &k->events.items[e];
    int var = stub_var(c, ev->an, ev->name.s, ev->name.len);
    if (var >= 0 && refers_to(c, node, node_at(c, var)->cur)) return ev;
  }
  if (depth > 0) return NULL;
  const Node *f = node_at(c, k->func);
  for (int i = k->func + 1; i <= f->last; i++) {
    const Node *v = node_at(c, i);
    if (v->kind != CXCursor_VarDecl || v->last == i || !refers_to(c, node, v->cur)) continue;
    Event *ev = event_in(c, k, i, depth + 1);  // its initializer
    if (ev) return ev;
  }
  return NULL;
}

// The calls of the headers' helpers that must agree with an event's scope: a
// multicast copy completes on the barrier at the same offset in every
// destination block, so its barrier is a cluster event; a block-scope arrive
// (tirx_mbar_arrive) on a cluster event gives one arrival where the count
// expects one from each block the event reaches.
static void check_cluster_calls(Ctx *c, Kernel *k) {
  if (!k->events.len) return;
  const Node *f = node_at(c, k->func);
  for (int i = k->func + 1; i <= f->last; i++) {
    if (node_at(c, i)->kind != CXCursor_CallExpr) continue;
    CXString sp = clang_getCursorSpelling(node_at(c, i)->cur);
    const char *name = clang_getCString(sp);
    int bar = !strcmp(name, "tirx_tma_load_2d_multicast") ? 4 : !strcmp(name, "tirx_tma_load_3d_multicast") ? 5 : -1;
    bool arrive = !strcmp(name, "tirx_mbar_arrive") || !strcmp(name, "tirx_mbar_arrive_cnt") ||
                  !strcmp(name, "tirx_mbar_arrive_token");
    char *fn = arena_printf(c->arena, "%s", name);
    clang_disposeString(sp);
    if (bar < 0 && !arrive) continue;
    int want = arrive ? 0 : bar, seen = -1, arg = -1;  // the children: the callee, then the arguments
    for (int j = i + 1; j <= node_at(c, i)->last && arg < 0; j++)
      if (node_at(c, j)->parent == i && seen++ == want) arg = j;
    Event *ev = arg >= 0 ? event_in(c, k, arg, 0) : NULL;
    if (!ev) continue;
    if (bar >= 0 && !ev->cluster) {
      diag_error(c->diag, node_at(c, arg)->start,
                 "the barrier of %s() must be a cluster event: the copy completes on the barrier at this offset in "
                 "every block of its mask, which must be initialized and published to the cluster before any block "
                 "issues the copy",
                 fn);
      diag_note(c->diag, ev->an->start, "'%.*s' is declared here: declare it '%.*s[N] cluster'", (int)ev->name.len,
                ev->name.s, (int)ev->name.len, ev->name.s);
    } else if (arrive && ev->cluster) {
      ev->triggered = true;  // wrongly, and said so: not "nothing triggers it" as well
      diag_error(c->diag, node_at(c, i)->start,
                 "%s() on cluster event '%.*s' arrives in this block only, at block scope: its count expects an "
                 "arrival from each block of the cluster that the event reaches; use tirx_trigger(%.*s[...]), which "
                 "arrives in each of them",
                 fn, (int)ev->name.len, ev->name.s, (int)ev->name.len, ev->name.s);
      diag_note(c->diag, ev->an->start, "'%.*s' is declared here", (int)ev->name.len, ev->name.s);
    }
  }
}

// --- the pass -------------------------------------------------------------------

KernelList gather_kernels(Ctx *c, const Stmt *stmts, const bool *ok) {
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
  for (int i = 0; i < kernels.len; i++) check_cluster_calls(c, &kernels.items[i]);
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
  return kernels;
}
