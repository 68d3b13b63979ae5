// turn.c - `#pragma tirx turns NAME` and `#pragma tirx turn(NAME) STMT`, the
// ordering construct of docs/language.md#turns (an extension,
// documented in docs/turns.md): the partitions of one async region take
// turns, in increasing index order and cyclically, as FlashAttention-3's
// consumer warpgroups do with its warp-scheduler barriers.
//
// This file lowers them; gather_turns.c reads the rings and their turns (where the
// participants come from, scope, jumps out of a turn), barrier.c gives each
// participant a named barrier from the pool of tirx_region_sync(), never an
// id the kernel names itself; uniform.c checks that a turn is not under a
// condition on the thread within its partition, or under elect, and
// deadlock.c that participants take equal numbers of turns.
//
// Lowering: at the declaration the last participant arrives on the first
// one's barrier, so that the first turn can start; a turn is
//   { tirx_bar_sync(id[me], 2 * T); STMT tirx_bar_arrive(id[next(me)], 2 * T); }
// with T the threads of one partition index.
#include "edit.h"
#include "kernel.h"
#include "source.h"
#include "trace.h"
#include "turn.h"

// An expression of the partition index that is vals[j] for participant j:
// `wg + 2` when the values follow the indices, else `wg == 1 ? 3 : 4`.
static const char *by_participant(Ctx *c, const Kernel *k, const Turns *t, const int *vals) {
  int d = vals[0] - t->parts[0];
  bool affine = true;
  for (int j = 1; j < t->nparts; j++) affine &= vals[j] - t->parts[j] == d;
  Span p = k->part_name;
  if (affine)
    return d == 0 ? arena_printf(c->arena, "%.*s", (int)p.len, p.s)
                  : arena_printf(c->arena, "%.*s %c %d", (int)p.len, p.s, d > 0 ? '+' : '-', d > 0 ? d : -d);
  Buf b = {0};
  for (int j = 0; j + 1 < t->nparts; j++) buf_printf(&b, "%.*s == %d ? %d : ", (int)p.len, p.s, t->parts[j], vals[j]);
  buf_printf(&b, "%d", vals[t->nparts - 1]);
  char *s = arena_strndup(c->arena, b.data, b.len);
  buf_free(&b);
  return s;
}

typedef struct {
  size_t from;  // the statement, after the annotation
  const char *open, *close;
} TurnEdit;

static void render_turn(Render *r, const Edit *e) {
  const TurnEdit *t = e->data;
  render_text(r, t->open);
  render_range(r, t->from, e->end);
  render_text(r, t->close);
}

void lower_turns(Ctx *c, Kernel *k) {
  for (int i = 0; i < k->turns.len; i++) {
    const Turns *t = &k->turns.items[i];
    const char *end = t->an->spelling == SPELL_MACRO ? "" : ";";  // the macro's own ';' follows it
    if (t->nparts < 2) {
      edit_replace(c->edits, t->an->start, t->an->end, t->an->spelling == SPELL_MACRO ? "((void)0)" : "");
      continue;
    }
    edit_replace(c->edits, t->an->start, t->an->end,
                 arena_printf(c->arena, "if (%.*s == %d) tirx_bar_arrive(%d, %d)%s", (int)k->part_name.len,
                              k->part_name.s, t->parts[t->nparts - 1], t->ids[0], 2 * k->group, end));
  }
  for (int i = 0; i < k->turn_sites.len; i++) {
    const Turn *s = &k->turn_sites.items[i];
    const Turns *t = &k->turns.items[s->ring];
    if (t->nparts < 2) {
      edit_replace(c->edits, s->an->start, s->an->end, "");
      continue;
    }
    int next[MAX_PARTS];
    for (int j = 0; j < t->nparts; j++) next[j] = t->ids[(j + 1) % t->nparts];
    TurnEdit *te = arena_alloc(c->arena, sizeof *te);
    te->from = s->an->end;
    te->open = arena_printf(c->arena, "{ tirx_bar_sync(%s, %d);", by_participant(c, k, t, t->ids), 2 * k->group);
    te->close = arena_printf(c->arena, " tirx_bar_arrive(%s, %d); }", by_participant(c, k, t, next), 2 * k->group);
    const char *tr = trace_recorder(c, k, &k->regions.items[t->region]);
    if (tr) {  // --trace: the wait for the turn, the turn (trace.h); the plain copy's as above
      TurnEdit *plain = arena_alloc(c->arena, sizeof *plain);
      *plain = *te;
      edit_add(c->edits,
               (Edit){.start = s->an->start, .end = s->st.end, .fn = render_turn, .data = plain, .copy = EDIT_PLAIN});
      int ring = k->events.len + s->ring, line = source_line(c->src, s->an->start);
      te->open = arena_printf(c->arena, "{ tirx_trace_turn_wait(%s); tirx_bar_sync(%s, %d); tirx_trace_turn(%s, %d, %d);",
                              tr, by_participant(c, k, t, t->ids), 2 * k->group, tr, ring, line);
      te->close = arena_printf(c->arena, " tirx_bar_arrive(%s, %d); tirx_trace_turn_end(%s, %d, %d); }",
                               by_participant(c, k, t, next), 2 * k->group, tr, ring, line);
    }
    edit_add(
        c->edits,
        (Edit){.start = s->an->start, .end = s->st.end, .fn = render_turn, .data = te, .copy = tr ? EDIT_TRACED : 0});
  }
}
