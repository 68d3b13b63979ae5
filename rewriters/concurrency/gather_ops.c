// gather_ops.c - the gathering of the operations on events (wait and
// trigger, tirx_wait(), tirx_trigger(), tirx_trigger_bytes()) and of
// tirx_region_sync(): the event each names, in its scope and declared in its
// kernel, the slot, the region it runs in, what stands between them (elect, a
// data-dependent if).
#include "ast.h"
#include "gather_events.h"
#include "gather_grid.h"
#include "gather_ops.h"
#include "place.h"
#include "kernel.h"
#include "stub.h"
#include "stubvar.h"

static Event *find_event(Kernel *k, Span name) {
  for (int i = 0; i < k->events.len; i++)
    if (span_same(k->events.items[i].name, name))
      return &k->events.items[i];
  return NULL;
}

static bool read_op_(Ctx *c, Kernel *k, const Annotation *an, const Stmt *stmts);

// An operation that could not be read still names its event (when it can be
// told): that event's "nothing triggers it" would only repeat the error.
void read_op(Ctx *c, Kernel *k, const Annotation *an, const Stmt *stmts) {
  if (read_op_(c, k, an, stmts)) return;
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
      if (span_same(names[j], name) && function_at(c, an->start) != k->func)
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

// The value of a call's second argument (a byte count, a parity) when it is
// a constant expression (`1 << 20`, a constexpr variable). The call's stub
// is `((void)(slot), (void)(arg))`, its nodes all at the call's start.
static bool second_argument_value(Ctx *c, const Annotation *an, Span arg, long long *v) {
  if (span_int_literal(span_trim(arg), v)) return true;
  for (int p = front_first_pos(c->front, an->start); p < c->front->nnodes; p++) {
    const Node *n = node_at(c, c->front->by_start[p]);
    CXCursor kid[2];
    if (n->start != an->start) break;
    if (n->kind != CXCursor_ParenExpr || cursor_child_count(n->cur) != 1 || !cursor_children(n->cur, kid, 1)) continue;
    CXCursor comma = front_strip(kid[0]);
    if (clang_getCursorKind(comma) != CXCursor_BinaryOperator || cursor_child_count(comma) != 2 ||
        !cursor_children(comma, kid, 2))
      continue;
    CXCursor cast = kid[1];  // (void)(arg)
    bool u;
    return clang_getCursorKind(cast) == CXCursor_CStyleCastExpr && cursor_child_count(cast) == 1 &&
           cursor_children(cast, kid, 1) && front_eval_int(front_strip(kid[0]), v, &u);
  }
  return false;
}

static bool read_op_(Ctx *c, Kernel *k, const Annotation *an, const Stmt *stmts) {
  if (!annotation_nul_free(c->src, c->diag, an)) return false;
  Op op = {.an = an, .data_if = -1, .uniform_if = -1, .literal = -1, .parity = -1};
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
  if (op.kind != OP_REGION_SYNC && (find_grid_event(k, target) || grid_only_call(an))) {
    // A block event named like a grid event is reported at its declaration:
    // which of the two an operation means, nobody can say.
    for (int i = 0; i < k->broken.len; i++)
      if (span_same(k->broken.items[i], target)) return true;
    return read_grid_op(c, k, an, stmts, &op, target);
  }
  if (op.kind != OP_REGION_SYNC) {
    op.event = find_event(k, target);
    for (int i = 0; !op.event && i < k->broken.len; i++)  // a broken one with no name may be any
      if (!k->broken.items[i].len || span_same(k->broken.items[i], target))
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
      long long n = op.event->slots;
      diag_at(c->diag, DIAG_ERROR, op.slot.off, op.slot.len, "slot %lld of event '%.*s' is out of range: %s", lit,
              (int)target.len, target.s,
              n == 1 ? "it has one slot, 0"
                     : arena_printf(c->arena, "it has %lld slots, 0 to %lld", n, n - 1));
      return false;
    }
    // The second argument when it is a constant: a byte count, or a parity.
    long long value;
    bool constant = op.has_extra && second_argument_value(c, an, op.extra, &value);
    // expect_tx takes 0 to 2^20 - 1 bytes; a constant outside is a mistake, not a wrap-around.
    if (op.kind == OP_TRIGGER_BYTES && constant && (value < 0 || value >= (1 << 20))) {
      diag_at(c->diag, DIAG_ERROR, op.extra.off, op.extra.len,
              "tirx_trigger_bytes(): %lld bytes; an mbarrier's transaction count takes 0 to 1048575", value);
      return false;
    }
    // A parity is the low bit of a phase number: 0 or 1 (2 would wait for parity 0).
    if (op.kind == OP_WAIT && constant && value != 0 && value != 1) {
      diag_at(c->diag, DIAG_ERROR, op.extra.off, op.extra.len,
              "tirx_wait(): parity %lld; a phase's parity is 0 or 1 (or drop it: tirx-pp keeps each slot's phase "
              "bit)",
              value);
      return false;
    }
    if (op.kind == OP_WAIT && constant) op.parity = (int)value;
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
  place_op(c, k, an, stmts, &op);
  if (op.event) {
    if (op.kind == OP_WAIT)
      op.event->waited = true;
    else
      op.event->triggered = true;
  }
  VEC_PUSH(c->arena, k->ops, op);
  return true;
}
