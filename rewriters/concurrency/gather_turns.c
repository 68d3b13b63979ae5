// gather_turns.c - the gathering of turns rings and turns (an
// extension, docs/turns.md): a ring's participants (the indices of its async
// region), a turn's ring, scope and statement, and a jump that would leave a
// turn without passing it on.
#include "ast.h"
#include "gather_turns.h"
#include "kernel.h"

static bool is_name(Span s) {
  if (!s.len || !is_ident_start((unsigned char)s.s[0])) return false;
  for (size_t i = 1; i < s.len; i++)
    if (!is_ident_char((unsigned char)s.s[i])) return false;
  return true;
}

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
  if (r < 0 && (k->failed_regions || k->failed_part)) return false;  // its region was reported
  if (r < 0 || !k->regions.items[r].async) {
    diag_error(c->diag, an->start,
               "'%s' must be inside an async region ('#pragma tirx async(...)'): the partition indices that run "
               "the region are the ones that take turns",
               spelling_of(an));
    if (r >= 0) diag_note(c->diag, k->regions.items[r].an->start, "this region is not async");
    return false;
  }
  int loop = repeats_around(c, k, node);
  if (loop >= 0) {
    diag_error(c->diag, an->start,
               "'%s' is inside a loop: each pass would hand out the first turn of '%.*s' again; declare it once, "
               "before the loop",
               spelling_of(an), (int)t->name.len, t->name.s);
    diag_note(c->diag, node_at(c, loop)->start,
              node_at(c, loop)->kind == CXCursor_GotoStmt ? "the goto that jumps back over it" : "the loop");
    return false;
  }
  t->scope = node_at(c, node)->parent;
  for (int i = 0; i < k->turns.len; i++)
    if (span_same(k->turns.items[i].name, t->name)) {
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

void read_turns(Ctx *c, Kernel *k, const Annotation *an) {
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

void read_turn(Ctx *c, Kernel *k, const Annotation *an, Stmt st) {
  Span name;
  if (!turn_name(c, an, &name)) return;
  int ring = -1;
  for (int i = 0; i < k->turns.len && ring < 0; i++)
    if (span_same(k->turns.items[i].name, name)) ring = i;
  if (ring < 0) {
    for (int i = 0; i < k->broken_turns.len; i++)
      if (!k->broken_turns.items[i].len || span_same(k->broken_turns.items[i], name)) return;  // reported already
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
