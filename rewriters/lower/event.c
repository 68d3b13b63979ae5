// event.c - lowering of events and their operations (docs/language.md#events): the mbarrier
// array in shared memory under the event's own name, initialized by one
// thread for the inferred arrival count; one phase bit per slot kept in a
// register by each region that waits; waits, triggers and byte triggers.
#include <string.h>

#include "ast.h"
#include "event.h"
#include "kernel.h"
#include "source.h"
#include "trace.h"
#include "watchdog.h"

// The phase bits of event e as region r sees them (r < 0: outside regions).
// They live at kernel scope, beside the event, so that they carry over when a
// region is entered again (a region inside a persistent tile loop). The
// region comes first, `__tirx_phase_1_x`: a name cannot start with a digit, so
// events `x` and `x_1` never share one.
static const char *phase_var(Ctx *c, const Event *e, int r) {
  if (r < 0) return arena_printf(c->arena, "__tirx_phase_%.*s", (int)e->name.len, e->name.s);
  return arena_printf(c->arena, "__tirx_phase_%d_%.*s", r, (int)e->name.len, e->name.s);
}

// `uint32_t __tirx_phase_full_1 = 0u;`: the parity each slot waits for next;
// `ready` events start with every bit set, so the first wait passes.
static const char *phase_decl(Ctx *c, const Event *e, int r) {
  bool wide = e->slots > 32;
  return arena_printf(c->arena, "%s %s = %s;", wide ? "uint64_t" : "uint32_t", phase_var(c, e, r),
                      e->ready ? (wide ? "~0ull" : "~0u") : (wide ? "0ull" : "0u"));
}

static int region_index(const Kernel *k, const Op *op) {
  return op->region ? (int)(op->region - k->regions.items) : -1;
}

// Whether region r (-1: outside regions) waits on e by its phase bits.
static bool waits_by_phase(const Kernel *k, const Event *e, int r) {
  for (int j = 0; j < k->ops.len; j++) {
    const Op *op = &k->ops.items[j];
    if (op->event == e && op->kind == OP_WAIT && !op->has_extra && region_index(k, op) == r) return true;
  }
  return false;
}

static uint32_t threads_of(const Kernel *k, int r) { return r < 0 ? ~0u : k->regions.items[r].members; }

// The region whose phase bits of e region r uses: the first of the regions
// that wait on e and share threads with r, or with one that does, and so on.
// A thread that waits on e in two region statements (a main loop's chain,
// then an epilogue's; a region nested in another; code outside regions and a
// region) waits on the one mbarrier phase after phase: its waits must read
// and flip the same bits, or the second statement would wait for parity 0
// again, a phase that completed long before.
static int phase_owner(const Kernel *k, const Event *e, int r) {
  uint32_t threads = threads_of(k, r);
  for (bool grew = true; grew;) {
    grew = false;
    for (int w = -1; w < k->regions.len; w++) {
      uint32_t t = threads_of(k, w);
      if ((t & threads) && (t | threads) != threads && waits_by_phase(k, e, w)) threads |= t, grew = true;
    }
  }
  for (int w = -1; w < r; w++)
    if ((threads_of(k, w) & threads) && waits_by_phase(k, e, w)) return w;
  return r;
}

// &name[slot] or &name.
static const char *address(Ctx *c, const Op *op) {
  Span n = op->event->name;
  if (op->slot.len)
    return arena_printf(c->arena, "&%.*s[%.*s]", (int)n.len, n.s, (int)op->slot.len, op->slot.s);
  return arena_printf(c->arena, "&%.*s", (int)n.len, n.s);
}

// What the waits and the watchdog's records take: the array, or &name.
static const char *bars_of(Ctx *c, const Op *op) {
  Span n = op->event->name;
  return op->slot.len ? arena_printf(c->arena, "%.*s", (int)n.len, n.s)
                      : arena_printf(c->arena, "&%.*s", (int)n.len, n.s);
}

// The fan-in mode of a cluster event, as tirx.h names it.
static const char *fanin_mode(const Event *e) {
  static const char *const modes[] = {"TIRX_FANIN_ALL", "TIRX_FANIN_X", "TIRX_FANIN_Y", "TIRX_FANIN_XY"};
  return modes[e->fanin & 3];
}

// The event's index in the kernel: what a trace record names it by.
static int event_index(const Kernel *k, const Event *e) { return (int)(e - k->events.items); }

// A wait as lowered; `plain`: without its region's recorder (the plain copy
// of a body that --trace renders twice).
static const char *lower_wait(Ctx *c, const Kernel *k, const Op *op, bool plain) {
  const char *slot = op->slot.len ? arena_printf(c->arena, "%.*s", (int)op->slot.len, op->slot.s) : "0";
  const char *bars = bars_of(c, op);
  const char *addr = address(c, op);
  const char *parity = arena_printf(c->arena, "%.*s", (int)op->extra.len, op->extra.s);
  int line;
  presumed_place(c, op->an->start, &line);
  bool cl = op->event->cluster != NULL;  // acquire at cluster scope
  const char *phase = phase_var(c, op->event, phase_owner(k, op->event, region_index(k, op)));
  // --trace, --watchdog: the one hook (tirx/hook.h), with the region's
  // recorder and the watchdog of this wait.
  const char *tr = plain ? NULL : trace_recorder(c, k, op->region), *wd = watch_policy(c, k, op);
  if (tr || wd) {
    const char *hook = op->has_extra ? "tirx_hook_wait_parity" : "tirx_hook_event_wait";
    return arena_printf(c->arena, "%s(%s, %s, %s, %s, %s, %d, %d%s)", hook, tr ? tr : "tirx_no_trace()",
                        wd ? wd : "tirx_no_watch()", bars, op->has_extra ? addr : phase, op->has_extra ? parity : slot,
                        event_index(k, op->event), line, cl ? ", true" : "");
  }
  if (op->has_extra)  // explicit parity: no phase bookkeeping
    return arena_printf(c->arena, "%s(%s, %s)", cl ? "tirx_mbar_wait_parity_cluster" : "tirx_mbar_wait_parity", addr,
                        parity);
  return arena_printf(c->arena, "%s(%s, %s, %s)", cl ? "tirx_cluster_event_wait" : "tirx_event_wait", bars, phase,
                      slot);
}

// A trigger as lowered; `plain` as for lower_wait.
static const char *lower_trigger(Ctx *c, const Kernel *k, const Op *op, bool plain) {
  // --trace, --watchdog with the table: the address goes through the one
  // hook (tirx/hook.h), which records the trigger.
  const char *addr = address(c, op), *tr = plain ? NULL : trace_recorder(c, k, op->region);
  const char *wd = watch_table(c, k) ? watch_policy(c, k, op) : NULL;
  if (tr || wd) {
    int line;
    presumed_place(c, op->an->start, &line);
    addr = arena_printf(c->arena, "tirx_hook_trigger(%s, %s, %s, %s, %d, %d)", tr ? tr : "tirx_no_trace()",
                        wd ? wd : "tirx_no_watch()", bars_of(c, op), addr, event_index(k, op->event), line);
  }
  // A cluster event's trigger arrives in every block its mode reaches: a
  // whole warp at once (lane r for rank r), or, where one thread stands for
  // its warp (elect) or arrives by itself (under an `if`), that thread in each.
  if (op->kind == OP_TRIGGER && op->event->cluster)
    return arena_printf(c->arena, "%s(%s, %s)",
                        op->under_elect || op->data_if >= 0 ? "tirx_cluster_arrive_each" : "tirx_cluster_arrive_warp",
                        addr, fanin_mode(op->event));
  if (op->kind == OP_TRIGGER) return arena_printf(c->arena, "tirx_mbar_arrive(%s)", addr);
  // One arrive.expect_tx per phase: the region's first thread (or, under
  // elect, the elected lane of the region's first warp). Under an `if` the
  // site itself says who arrives (`if (threadIdx.x == 32)`), and count(N)
  // says how many: every thread that reaches it arrives.
  return arena_printf(c->arena, "tirx_event_arrive_bytes(%s, %.*s, %s)", addr, (int)op->extra.len, op->extra.s,
                      region_leader_test(c, k, op));
}

// The declaration of one event: the mbarriers, their initialization, and
// the phase bits of each region that waits.
static void declare_event(Ctx *c, Kernel *k, const Event *e, Buf *out) {
  Span n = e->name;
  const char *count = e->count ? arena_printf(c->arena, "(%.*s)", (int)e->count->args[0].expr.len,
                                              e->count->args[0].expr.s)
                               : arena_printf(c->arena, "%lld", e->inferred);
  // A cluster event counts per source block: times the blocks that reach
  // each (tirx_trigger_bytes stays in its block: no fan-in for it).
  bool cluster_triggers = false;
  for (int j = 0; j < k->ops.len; j++)
    cluster_triggers |= k->ops.items[j].event == e && k->ops.items[j].kind == OP_TRIGGER;
  if (e->cluster && !e->count && cluster_triggers)
    count = arena_printf(c->arena, "%lldu * tirx_cluster_fanin(%s)", e->inferred, fanin_mode(e));
  const char *init = e->cluster ? "tirx_cluster_event_init" : "tirx_event_init";
  buf_printf(out, "%s", watch_table_decl(c, k, e));  // --watchdog: the kernel's table, before the first event
  if (e->dependent)
    buf_printf(out, "static_assert((%.*s) >= 1 && (%.*s) <= 64, \"event '%.*s': 1 to 64 slots\"); ",
               (int)e->slots_text.len, e->slots_text.s, (int)e->slots_text.len, e->slots_text.s, (int)n.len, n.s);
  if (e->slots_text.len)
    buf_printf(out, "__shared__ uint64_t %.*s[%.*s]; %s(%.*s, %.*s, %s);", (int)n.len, n.s, (int)e->slots_text.len,
               e->slots_text.s, init, (int)n.len, n.s, (int)e->slots_text.len, e->slots_text.s, count);
  else
    buf_printf(out, "__shared__ uint64_t %.*s; %s(&%.*s, 1, %s);", (int)n.len, n.s, init, (int)n.len, n.s, count);

  // The phase bits of each region that waits (and of the code outside
  // regions, if it waits).
  for (int r = -1; r < k->regions.len; r++)
    if (waits_by_phase(k, e, r) && phase_owner(k, e, r) == r) buf_printf(out, " %s", phase_decl(c, e, r));
}

// Whether the declaration of event i needs the cluster exit barrier: it is
// the first cluster event of its declaration, and no earlier declaration's
// barrier covers its scope.
static bool needs_exit_barrier(const Ctx *c, const Kernel *k, int i) {
  const Event *e = &k->events.items[i];
  if (!e->cluster) return false;
  for (int j = 0; j < i; j++) {
    const Event *o = &k->events.items[j];
    if (!o->cluster) continue;
    if (o->an == e->an) return false;
    int scope = declaration_scope(c, o->an->start);
    if (scope >= 0 && node_at(c, scope)->start <= e->an->start && e->an->start < node_at(c, scope)->end) return false;
  }
  return true;
}

void lower_events(Ctx *c, Kernel *k) {
  // One edit per declaration, with every event it declares (`event full[S],
  // empty[S]` declares two), in their order.
  for (int i = 0; i < k->events.len; i++) {
    const Annotation *an = k->events.items[i].an;
    bool done = false;
    for (int j = 0; j < i && !done; j++) done = k->events.items[j].an == an;
    if (done) continue;
    Buf b = {0};
    const char *exit_barrier = NULL;
    for (int j = i; j < k->events.len; j++)
      if (k->events.items[j].an == an) {
        if (b.len) buf_putc(&b, ' ');
        declare_event(c, k, &k->events.items[j], &b);
        if (!exit_barrier && needs_exit_barrier(c, k, j))
          exit_barrier = arena_printf(c->arena, "__tirx_cluster_exit_%.*s", (int)k->events.items[j].name.len,
                                      k->events.items[j].name.s);
      }
    // A cluster barrier at the end of the events' scope, every return of the
    // kernel included (a destructor): no block leaves while another may still
    // arrive on its barriers or copy into its shared memory.
    if (exit_barrier) buf_printf(&b, " tirx_cluster_exit_t %s;", exit_barrier);
    edit_replace(c->edits, an->start, an->end, arena_strndup(c->arena, b.data, b.len));
    buf_free(&b);
  }
  for (int i = 0; i < k->ops.len; i++) {
    const Op *op = &k->ops.items[i];
    if (op->kind == OP_REGION_SYNC) continue;
    bool traced = trace_recorder(c, k, op->region) != NULL;
    for (int plain = 0; plain <= traced; plain++) {  // traced: the plain copy's too
      const char *text = op->kind == OP_WAIT ? lower_wait(c, k, op, plain) : lower_trigger(c, k, op, plain);
      if (op->an->spelling != SPELL_CALL) text = arena_printf(c->arena, "%s;", text);  // the pragma form is a statement
      edit_add(c->edits, (Edit){.start = op->an->start,
                                .end = op->an->end,
                                .text = text,
                                .copy = !traced ? 0
                                        : plain ? EDIT_PLAIN
                                                : EDIT_TRACED});
    }
  }
}
