// watchdog.c - under --watchdog, the per-block table of tirx/watchdog.h: one
// `tirx_watch_t<INDICES + 1, EVENTS, SLOTS>` per kernel, declared with the
// kernel's first event (whose init, a block barrier, publishes thread 0's
// init), with the names of the regions and events; each wait records what
// its partition index waits for, each trigger that it was its slot's last, so
// that the wait that gives up prints the cycle
// (docs/regions-and-events.md#the-watchdog).
#include <string.h>

#include "ast.h"
#include "watchdog.h"

static int region_of(const Kernel *k, const Op *op) {
  return op->region ? (int)(op->region - k->regions.items) : k->regions.len;  // the last name: outside
}

// The table's rows: one per partition index, the last for the code outside
// the regions.
static int rows(const Kernel *k) { return (k->part ? k->nparts : 0) + 1; }

const char *region_leader_test(Ctx *c, const Kernel *k, const Op *op) {
  int leader = op->region ? op->region->first * k->group : 0;
  if (op->data_if >= 0) return "true";
  if (op->under_elect) return arena_printf(c->arena, "(threadIdx.x >> 5) == %d", leader >> 5);
  return arena_printf(c->arena, "threadIdx.x == %d", leader);
}

// The thread that records op in its partition index's row: the index's
// first thread, or under elect the elected lane of its first warp; under a
// data-dependent `if`, any thread that reaches op. Outside the regions, as
// thread 0 (or its warp's elected lane) for the block.
static const char *recorder_test(Ctx *c, const Kernel *k, const Op *op) {
  if (op->region && op->data_if >= 0) return "true";
  if (!op->region) return op->under_elect ? "threadIdx.x < 32" : "threadIdx.x == 0";
  if (op->under_elect) return k->group == 32 ? "true" : arena_printf(c->arena, "threadIdx.x %% %d < 32", k->group);
  return arena_printf(c->arena, "threadIdx.x %% %d == 0", k->group);
}

// The kernel's first event declaration in the file.
static const Event *first_event(const Kernel *k) {
  const Event *first = NULL;
  for (int i = 0; i < k->events.len; i++)
    if (!first || k->events.items[i].an->start < first->an->start) first = &k->events.items[i];
  return first;
}

static bool inside(const Node *scope, size_t off) { return scope->start <= off && off < scope->end; }

bool watch_table(Ctx *c, const Kernel *k) {
  const Event *first = first_event(k);
  if (!c->watchdog || !first) return false;
  bool waits = false;
  for (int i = 0; i < k->ops.len; i++) waits |= k->ops.items[i].kind == OP_WAIT;
  int scope = declaration_scope(c, first->an->start);
  if (!waits || scope < 0) return false;
  // Events in sibling blocks: no one place that every operation sees (the
  // waits then say where they are stuck without the table).
  const Node *s = node_at(c, scope);
  for (int i = 0; i < k->events.len; i++)
    if (!inside(s, k->events.items[i].an->start)) return false;
  for (int i = 0; i < k->ops.len; i++)
    if (!inside(s, k->ops.items[i].an->start)) return false;
  return true;
}

// Names one per line, as a C string literal: each escaped, then joined.
static void put_name(Ctx *c, Buf *b, const char *name) {
  const char *lit = c_string_literal(c->arena, name, strlen(name));
  if (b->len) buf_printf(b, "\\n");
  buf_printf(b, "%.*s", (int)strlen(lit) - 2, lit + 1);
}

static const char *names_literal(Ctx *c, Buf *b) {
  char *s = arena_printf(c->arena, "\"%.*s\"", (int)b->len, b->data);
  buf_free(b);
  return s;
}

// The slots of events [0, n) as a constant expression: a number, plus the
// size of each event whose size is a template parameter.
static const char *slots_before(Ctx *c, const Kernel *k, int n) {
  long long known = 0;
  Buf b = {0};
  for (int i = 0; i < n; i++) {
    const Event *e = &k->events.items[i];
    if (e->dependent)
      buf_printf(&b, " + (%.*s)", (int)e->slots_text.len, e->slots_text.s);
    else
      known += e->slots;
  }
  char *s = arena_printf(c->arena, "%lld%.*s", known, (int)b.len, b.data);
  buf_free(&b);
  return s;
}

const char *watch_table_decl(Ctx *c, const Kernel *k, const Event *e) {
  if (e != first_event(k) || !watch_table(c, k)) return "";
  Buf regions = {0}, events = {0};
  for (int i = 0; i < k->regions.len; i++) {
    const Region *r = &k->regions.items[i];
    put_name(c, &regions,
             arena_printf(c->arena, "%s(%.*s)", r->async ? "async" : "inthreads", (int)r->pred.len, r->pred.s));
  }
  put_name(c, &regions, "the block, outside the regions,");
  for (int i = 0; i < k->events.len; i++)
    put_name(c, &events, arena_printf(c->arena, "%.*s", (int)k->events.items[i].name.len, k->events.items[i].name.s));
  int line;
  const char *file = presumed_place(c, e->an->start, &line);
  const char *index = k->part ? arena_printf(c->arena, "%.*s", (int)k->part_name.len, k->part_name.s) : "index";
  const char *r = names_literal(c, &regions), *ev = names_literal(c, &events);
  Buf base = {0};  // where each event's slots start in the table, and the end
  for (int i = 0; i <= k->events.len; i++) buf_printf(&base, "%s%s", i ? ", " : "", slots_before(c, k, i));
  const char *decl = arena_printf(c->arena,
                                  "__shared__ tirx_watch_t<%d, %d, %s> __tirx_watch; "
                                  "tirx_watch_init(__tirx_watch, %s, %s, %s, %s, {%.*s}); ",
                                  rows(k), k->events.len, slots_before(c, k, k->events.len), file,
                                  c_string_literal(c->arena, index, strlen(index)), r, ev, (int)base.len, base.data);
  buf_free(&base);
  return decl;
}

const char *watch_policy(Ctx *c, const Kernel *k, const Op *op) {
  if (!c->watchdog) return NULL;
  Span n = op->event->name;
  const char *name = c_string_literal(c->arena, n.s, n.len);
  if (!watch_table(c, k)) {
    int line;
    const char *file = presumed_place(c, op->an->start, &line);
    return arena_printf(c->arena, "tirx_watch_alone{%lldll, %s, %s}", c->watchdog, name, file);
  }
  const char *row = op->region ? arena_printf(c->arena, "%.*s", (int)k->part_name.len, k->part_name.s)
                               : arena_printf(c->arena, "%d", rows(k) - 1);
  return arena_printf(c->arena, "tirx_watch_at(__tirx_watch, %s, %d, %d, %s, %lldll, %s)", row, region_of(k, op),
                      (int)(op->event - k->events.items), recorder_test(c, k, op), c->watchdog, name);
}
