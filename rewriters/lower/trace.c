// trace.c - the lowering under --trace (docs/trace.md): each traced region
// declares a recorder (tirx_trace_region_t, headers/tirx/trace.h) that
// writes its start and end; event.c passes it to the one hook of each wait
// and trigger (headers/tirx/hook.h, shared with --watchdog), turn.c to each
// turn's records; after the kernel, its names are registered for the host
// that writes the trace (records carry indices, not names). Under
// --trace=regions only the recorders are declared: the waits, triggers and
// turns are lowered as without --trace.
#include "trace.h"

#include <string.h>

#include "ast.h"
#include "grid.h"
#include "source.h"
#include "tirxpp.h"

// A kernel's id in its records: the line it starts on (unique in a file,
// and what the summary prints).
static int kernel_id(Ctx *c, const Kernel *k) { return source_line(c->src, node_at(c, k->func)->start); }

// The kernel's regions that are traced: the first TRACE_MAX_REGIONS.
static int traced_regions(const Kernel *k) {
  return k->regions.len < TRACE_MAX_REGIONS ? k->regions.len : TRACE_MAX_REGIONS;
}

// The recorder of region r, or NULL: no --trace, or past the traced ones.
static const char *recorder_of(Ctx *c, const Kernel *k, const Region *r) {
  if (!c->trace || !r) return NULL;
  int i = (int)(r - k->regions.items);
  return i < TRACE_MAX_REGIONS ? arena_printf(c->arena, "__tirx_trace_%d", i) : NULL;
}

const char *trace_recorder(Ctx *c, const Kernel *k, const Region *r) {
  return c->trace == TIRXPP_TRACE_REGIONS ? NULL : recorder_of(c, k, r);
}

const char *trace_region_open(Ctx *c, const Kernel *k, int i) {
  const Region *r = &k->regions.items[i];
  const char *v = recorder_of(c, k, r);
  if (!v) return "";
  // Then the shared-memory stages of the kernel's traced regions
  // (headers/tirx/trace.h), one after the other; under --trace=regions none
  // (its four records a run go straight to the ring) and `false`: its runs
  // say that their waits were not recorded.
  const char *stages = c->trace == TIRXPP_TRACE_REGIONS
                           ? "0u, false"
                           : arena_printf(c->arena, "tirx_trace_stage<%d>()", traced_regions(k));
  return arena_printf(c->arena, " tirx_trace_region_t %s(%d, %d, %d, %d, %s);", v, kernel_id(c, k), i,
                      r->first * k->group, source_line(c->src, r->an->start), stages);
}

// `"a\n" "b"`: the names, one a line, as C string literals.
static const char *names_literal(Ctx *c, const Span *names, int n) {
  Buf b = {0};
  for (int i = 0; i < n; i++)
    buf_printf(&b, "%s%s", i ? " \"\\n\" " : "", c_string_literal(c->arena, names[i].s, names[i].len));
  const char *s = b.len ? arena_strndup(c->arena, b.data, b.len) : "\"\"";
  buf_free(&b);
  return s;
}

void lower_trace_names(Ctx *c, Kernel *k) {
  if (!c->trace || !k->regions.len) return;
  int nr = traced_regions(k);
  Span *regions = arena_alloc(c->arena, sizeof *regions * (size_t)nr);
  for (int i = 0; i < nr; i++) regions[i] = k->regions.items[i].pred;
  // Events first, then turns rings: event.c and turn.c number them so.
  int ne = k->events.len + k->turns.len;
  Span *events = arena_alloc(c->arena, sizeof *events * (size_t)(ne ? ne : 1));
  for (int i = 0; i < k->events.len; i++) events[i] = k->events.items[i].name;
  for (int i = 0; i < k->turns.len; i++) events[k->events.len + i] = k->turns.items[i].name;
  const Node *f = node_at(c, k->func);
  CXString s = clang_getCursorSpelling(f->cur);
  const char *name = clang_getCString(s);
  int line;
  const char *file = presumed_place(c, f->start, &line);
  int id = kernel_id(c, k);
  // A host variable after the kernel's closing brace: its initializer runs
  // before main, in host code only (nvcc's device pass ignores it).
  edit_replace(c->edits, f->end - 1, f->end,
               arena_printf(c->arena,
                            "} static const int __tirx_trace_kernel_%d = tirx_trace_register(%d, %s, %s, %s, %s);", id,
                            id, c_string_literal(c->arena, name, strlen(name)), file, names_literal(c, regions, nr),
                            names_literal(c, events, ne)));
  clang_disposeString(s);
}

// A persistent loop's body rendered twice (below).
typedef struct {
  const char *recorder;
  const char *iteration;  // persistent_iteration's
  int line;               // the loop's
} Sample;

static void render_sample(Render *r, const Edit *e) {
  const Sample *s = e->data;
  int saved = r->copy;
  render_text(r, arena_printf(r->edits->arena, "{ if (%s.detail(%d, %s)) ", s->recorder, s->line, s->iteration));
  r->copy = EDIT_TRACED;
  render_range(r, e->start, e->end);
  render_text(r, " else ");
  r->copy = EDIT_PLAIN;
  render_range(r, e->start, e->end);
  r->copy = saved;
  render_text(r, " }");
}

// The traced region of kernel k whose body holds offset `at`, or NULL.
static const char *recorder_at(Ctx *c, const Kernel *k, size_t at) {
  for (int i = 0; i < k->regions.len; i++) {
    const Region *r = &k->regions.items[i];
    if (r->body.node >= 0 && at > r->body.start && at < r->body.end) return trace_recorder(c, k, r);
  }
  return NULL;
}

void lower_trace_samples(Ctx *c, Kernel *k) {
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->dir.kind != DIR_PERSISTENT || an->skipped || an->bad || !node_holds(c, k->func, an->start)) continue;
    const char *rec = recorder_at(c, k, an->start);
    int loop = front_first_at(c->front, an->start), kids[4];
    if (!rec || loop >= c->front->nnodes || node_at(c, loop)->kind != CXCursor_ForStmt) continue;
    int n = front_children(c->front, loop, kids, 4);
    const char *iteration = persistent_iteration(c, an);
    if (n < 1 || !iteration || !body_copyable(c, kids[n - 1])) continue;
    Sample *s = arena_alloc(c->arena, sizeof *s);
    s->recorder = rec, s->iteration = iteration, s->line = source_line(c->src, an->start);
    const Node *body = node_at(c, kids[n - 1]);
    edit_add(c->edits, (Edit){.start = body->start,
                              .end = stmt_end(c, kids[n - 1]),
                              .fn = render_sample,
                              .data = s,
                              .copy = EDIT_OUTSIDE});
  }
}
