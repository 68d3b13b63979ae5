// grid_lower.c - lowering of grid events (docs/regions-and-events.md#grid-events):
// the declaration becomes a pointer to the counters under the event's name
// and, for each region that operates on it, a pair of mbarriers, a flag and
// two phase bits (the region's threads meet there, without taking a named
// barrier id from the kernel); each operation a call of tirx.h's
// tirx_grid_* with the counter, the count, the region's pair and its leader.
#include "ast.h"
#include "grid_lower.h"
#include "source.h"

static int region_index(const Kernel *k, const GridOp *op) {
  return op->at.region ? (int)(op->at.region - k->regions.items) : -1;
}

// The names of what region r keeps for event g: `__tirx_grid_1_done` (the
// mbarrier pair), `__tirx_gridflag_1_done`, `__tirx_gridphase_1_done`;
// outside the regions without the number. (A name cannot start with a
// digit: events `x` and `x_1` never share one.)
static const char *region_name(Ctx *c, const char *what, const GridEvent *g, int r) {
  if (r < 0) return arena_printf(c->arena, "__tirx_%s_%.*s", what, (int)g->name.len, g->name.s);
  return arena_printf(c->arena, "__tirx_%s_%d_%.*s", what, r, (int)g->name.len, g->name.s);
}

static bool region_uses(const Kernel *k, const GridEvent *g, int r) {
  for (int i = 0; i < k->grid_ops.len; i++)
    if (k->grid_ops.items[i].event == g && region_index(k, &k->grid_ops.items[i]) == r) return true;
  return false;
}

// Whether the statement right after g's declaration (blanks and comments
// between) declares events of the block: their initialization ends in a
// block barrier, which then publishes g's too (no barrier of its own).
static bool block_event_follows(const Ctx *c, const Kernel *k, const GridEvent *g) {
  size_t next = lex_skip_blank(c->src, g->an->end);
  for (int i = 0; i < k->events.len; i++)
    if (k->events.items[i].an->start == next) return true;
  return false;
}

static void declare(Ctx *c, const Kernel *k, const GridEvent *g) {
  Buf b = {0};
  const char *barrier = block_event_follows(c, k, g) ? ", false" : "";
  buf_printf(&b, "unsigned *const %.*s = (unsigned *)(%.*s); (void)%.*s;", (int)g->name.len, g->name.s,
             (int)g->counters.len, g->counters.s, (int)g->name.len, g->name.s);
  for (int r = -1; r < k->regions.len; r++) {
    if (!region_uses(k, g, r)) continue;
    if (r >= 0)
      buf_printf(&b, " __shared__ uint64_t %s[2]; tirx_grid_event_init(%s, %d%s);", region_name(c, "grid", g, r),
                 region_name(c, "grid", g, r), k->regions.items[r].threads, barrier);
    buf_printf(&b, " __shared__ int %s; uint32_t %s = 0u;", region_name(c, "gridflag", g, r),
               region_name(c, "gridphase", g, r));
  }
  edit_replace(c->edits, g->an->start, g->an->end, arena_strndup(c->arena, b.data, b.len));
  buf_free(&b);
}

// The region's first thread acts for the block; outside the regions, thread 0.
static const char *leader(Ctx *c, const Kernel *k, const GridOp *op) {
  if (!op->at.region) return "(threadIdx.x | threadIdx.y | threadIdx.z) == 0";
  return arena_printf(c->arena, "threadIdx.x == %d", op->at.region->first * k->group);
}

static const char *lower_op(Ctx *c, const Kernel *k, const GridOp *op) {
  const GridEvent *g = op->event;
  int r = region_index(k, op);
  Span s = op->at.slot;
  const char *counter = s.len ? arena_printf(c->arena, "%.*s + (%.*s)", (int)g->name.len, g->name.s, (int)s.len, s.s)
                              : arena_printf(c->arena, "%.*s", (int)g->name.len, g->name.s);
  const char *count = arena_printf(c->arena, "(unsigned)(%.*s), ", (int)g->count.len, g->count.s);
  const char *place = arena_printf(c->arena, "%s, &%s, %s, %s", r >= 0 ? region_name(c, "grid", g, r) : "nullptr",
                                   region_name(c, "gridflag", g, r), region_name(c, "gridphase", g, r),
                                   leader(c, k, op));
  switch (op->kind) {
  case GRID_TRIGGER:
    return arena_printf(c->arena, "tirx_grid_arrive(%s, %s)", counter, place);
  case GRID_TRIGGER_LAST:
    return arena_printf(c->arena, "tirx_grid_arrive_last(%s, %s%s)", counter, count, place);
  case GRID_TRIGGER_IF_LAST:
    return arena_printf(c->arena, "tirx_grid_arrive_if_last(%s, %s%s)", counter, count, place);
  case GRID_WAIT:
    break;
  }
  if (!c->watchdog) return arena_printf(c->arena, "tirx_grid_wait(%s, %s%s)", counter, count, place);
  int line;
  const char *file = presumed_place(c, op->at.an->start, &line);
  return arena_printf(c->arena, "tirx_grid_wait_watchdog(%s, %s%s, %lldll, \"%.*s\", %s, %d)", counter, count, place,
                      c->watchdog, (int)g->name.len, g->name.s, file, line);
}

void lower_grid_events(Ctx *c, Kernel *k) {
  for (int i = 0; i < k->grid_events.len; i++) declare(c, k, &k->grid_events.items[i]);
  for (int i = 0; i < k->grid_ops.len; i++) {
    const GridOp *op = &k->grid_ops.items[i];
    const char *text = lower_op(c, k, op);
    if (op->at.an->spelling != SPELL_CALL) text = arena_printf(c->arena, "%s;", text);  // the pragma form is a statement
    edit_replace(c->edits, op->at.an->start, op->at.an->end, text);
  }
}
