// wgmma.c - the asynchronous copies and reads of a ring's slots.
//
// wgmma reads its shared-memory operands asynchronously: a group committed
// by tirx_wgmma_commit() is done with them only when a tirx_wgmma_wait<N>()
// has returned with the group among those that must be complete, which for
// the group committed last means N = 0. A consumer that waits for a slot
// (`tirx_wait(full[s])`), issues wgmma on it and triggers the slot's release
// (`tirx_trigger(empty[s])`) before that wait lets the producer's next copy
// land in the slot mid-read. What is followed: the calls between the wait and
// the trigger, in the order written, through helpers defined in the file (a
// few deep); a group committed and not drained by wait<0> before the trigger
// is still in flight. A wait whose N is not a literal ends the question.
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "wgmma.h"

enum { NOTHING, COMMITS, DRAINS };  // what a call does to the groups in flight

typedef struct {
  int effect;
  size_t at;  // where the last commit or drain was written (the call in the region)
} Groups;

// The function a call runs (a template's pattern for a call it cannot
// resolve yet), or a null cursor.
static CXCursor called(CXCursor call) {
  CXCursor f = clang_getCursorReferenced(call);
  if (clang_getCursorKind(f) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(f) > 0)
    f = clang_getOverloadedDecl(f, 0);
  return f;
}

// tirx_wgmma_wait<N>(): N from the call's text, -1 when it is not a literal.
static long wait_count(const Ctx *c, int call) {
  const char *t = node_text(c, call), *lt = strchr(t, '<');
  if (!lt) return -1;
  char *stop;
  long n = strtol(lt + 1, &stop, 10);
  while (*stop == ' ') stop++;
  return stop == lt + 1 || *stop != '>' ? -1 : n;
}

static int call_effect(const Ctx *c, int call, int depth);

// What the body of a helper does, its calls taken in order: the last that
// commits or drains says.
static int helper_effect(const Ctx *c, CXCursor fn, int depth) {
  int def = node_of_cursor(c, clang_getCursorDefinition(fn));
  if (def < 0 || depth > 3) return NOTHING;
  int effect = NOTHING;
  for (int j = def + 1; j <= node_at(c, def)->last; j++)
    if (node_at(c, j)->kind == CXCursor_CallExpr) {
      int e = call_effect(c, j, depth + 1);
      if (e != NOTHING) effect = e;
    }
  return effect;
}

static int call_effect(const Ctx *c, int call, int depth) {
  CXCursor f = called(node_at(c, call)->cur);
  if (clang_Cursor_isNull(f)) return NOTHING;
  CXString s = clang_getCursorSpelling(f);
  const char *name = clang_getCString(s);
  int effect;
  if (!strcmp(name, "tirx_wgmma_commit"))
    effect = COMMITS;
  else if (!strcmp(name, "tirx_wgmma_wait"))
    effect = wait_count(c, call) == 0 || wait_count(c, call) < 0 ? DRAINS : NOTHING;
  else
    effect = helper_effect(c, f, depth);
  clang_disposeString(s);
  return effect;
}

// The groups in flight at `to` that were committed after `from`, in the
// kernel's own statements between them.
static Groups groups_between(const Ctx *c, const Kernel *k, size_t from, size_t to) {
  Groups g = {NOTHING, 0};
  for (int j = k->func; j <= node_at(c, k->func)->last; j++) {
    const Node *n = node_at(c, j);
    if (n->start >= to) break;
    if (n->kind != CXCursor_CallExpr || n->start < from || n->func != k->func) continue;
    int e = call_effect(c, j, 0);
    if (e != NOTHING) g = (Groups){e, n->start};
  }
  return g;
}

// The node of an operation written in the kernel's own statements (not in
// a lambda, whose text is not where it runs), -1 otherwise.
static int own_node(const Ctx *c, const Kernel *k, const Op *op) {
  int n = front_first_at(c->front, op->an->start);
  return n >= 0 && n < c->front->nnodes && node_at(c, n)->func == k->func ? n : -1;
}

// The wait on the same slot (the same text) nearest before the trigger t, in
// its region and in the same loop: -1 when none.
static int slot_wait(const Ctx *c, const Kernel *k, const Op *t, int tn) {
  int best = -1;
  for (int i = 0; i < k->ops.len; i++) {
    const Op *w = &k->ops.items[i];
    if (w->kind != OP_WAIT || w->region != t->region || w->an->start >= t->an->start || !w->slot.len ||
        !span_same(span_trim(w->slot), span_trim(t->slot)))
      continue;
    int wn = own_node(c, k, w);
    if (wn < 0 || repeats_around(c, k, wn) != repeats_around(c, k, tn)) continue;
    if (best < 0 || w->an->start > k->ops.items[best].an->start) best = i;
  }
  return best;
}

void check_wgmma_release(Ctx *c, Kernel *k) {
  for (int i = 0; i < k->ops.len; i++) {
    const Op *t = &k->ops.items[i];
    int tn = t->kind == OP_TRIGGER && t->slot.len ? own_node(c, k, t) : -1;
    int wi = tn >= 0 ? slot_wait(c, k, t, tn) : -1;
    if (wi < 0) continue;
    const Op *w = &k->ops.items[wi];
    Groups g = groups_between(c, k, w->an->end, t->an->start);
    if (g.effect != COMMITS) continue;
    Span slot = span_trim(t->slot);
    diag_error(c->diag, t->an->start,
               "'%.*s[%.*s]' is handed back while the wgmma group committed at line %d may still be reading the "
               "slot it waited for at line %d: wgmma reads shared memory until a tirx_wgmma_wait<N>() leaves it "
               "out of the last N groups in flight; wait with tirx_wgmma_wait<0>() before the trigger, or hand "
               "back the slot an earlier group read",
               (int)t->event->name.len, t->event->name.s, (int)slot.len, slot.s, source_line(c->src, g.at),
               source_line(c->src, w->an->start));
    diag_note(c->diag, g.at, "the group is committed here");
  }
}

// Whether the call (or a helper of the file it runs, a few deep) issues a TMA
// load.
static bool issues_tma_load(const Ctx *c, CXCursor fn, int depth) {
  CXString s = clang_getCursorSpelling(fn);
  bool yes = !strncmp(clang_getCString(s), "tirx_tma_load", 13);
  clang_disposeString(s);
  int def = yes || depth > 3 ? -1 : node_of_cursor(c, clang_getCursorDefinition(fn));
  for (int j = def + 1; def >= 0 && j <= node_at(c, def)->last && !yes; j++)
    if (node_at(c, j)->kind == CXCursor_CallExpr) {
      CXCursor f = called(node_at(c, j)->cur);
      yes = !clang_Cursor_isNull(f) && issues_tma_load(c, f, depth + 1);
    }
  return yes;
}

// `&NAME[SLOT]` or `&NAME`: the event the text names (NULL: none), its slot.
static Event *barrier_event(Kernel *k, Span text, Span *slot) {
  Span t = span_trim(text);
  if (!t.len || t.s[0] != '&') return NULL;
  t = span_trim((Span){t.s + 1, t.len - 1, t.off + 1});
  size_t n = 0;
  while (n < t.len && (t.s[n] == '_' || (t.s[n] >= 'a' && t.s[n] <= 'z') || (t.s[n] >= 'A' && t.s[n] <= 'Z') ||
                       (t.s[n] >= '0' && t.s[n] <= '9')))
    n++;
  Span rest = span_trim((Span){t.s + n, t.len - n, t.off + n});
  *slot = (Span){0};
  if (rest.len && (rest.s[0] != '[' || rest.s[rest.len - 1] != ']')) return NULL;
  if (rest.len) *slot = span_trim((Span){rest.s + 1, rest.len - 2, rest.off + 1});
  for (int e = 0; e < k->events.len; e++)
    if (k->events.items[e].name.len == n && !memcmp(k->events.items[e].name.s, t.s, n)) return &k->events.items[e];
  return NULL;
}

// The byte triggers on ev: the nearest before `at` in the same region and
// loop as node `at_node` (NULL: none), and whether there is any.
static const Op *announcement(const Ctx *c, const Kernel *k, const Event *ev, const Region *r, size_t at, int at_node,
                              bool *any) {
  const Op *best = NULL;
  *any = false;
  for (int i = 0; i < k->ops.len; i++) {
    const Op *o = &k->ops.items[i];
    if (o->kind != OP_TRIGGER_BYTES || o->event != ev) continue;
    *any = true;
    int on = own_node(c, k, o);
    if (o->region != r || o->an->start >= at || on < 0 || repeats_around(c, k, on) != repeats_around(c, k, at_node))
      continue;
    if (!best || o->an->start > best->an->start) best = o;
  }
  return best;
}

void check_copy_barriers(Ctx *c, Kernel *k) {
  for (int j = k->func; j <= node_at(c, k->func)->last; j++) {
    const Node *n = node_at(c, j);
    if (n->kind != CXCursor_CallExpr || n->func != k->func) continue;
    CXCursor f = called(n->cur);
    int nargs = clang_Cursor_getNumArguments(n->cur);
    if (clang_Cursor_isNull(f) || nargs < 1 || !issues_tma_load(c, f, 0)) continue;
    int arg = node_of_cursor(c, clang_Cursor_getArgument(n->cur, (unsigned)(nargs - 1)));
    if (arg < 0) continue;
    const char *text = node_text(c, arg);
    Span slot;
    Event *ev = barrier_event(k, (Span){text, strlen(text), node_at(c, arg)->start}, &slot);
    if (!ev) continue;
    bool any;
    const Op *a = announcement(c, k, ev, enclosing_region(k, n->start), n->start, j, &any);
    if (!any) {
      diag_error(c->diag, n->start,
                 "this copy completes on '%.*s%s%.*s%s', whose bytes no tirx_trigger_bytes announces: they arrive "
                 "on a phase that expects none (it may complete before they land, and the next phase's count is "
                 "off); announce them with tirx_trigger_bytes on the event the copy's waiters wait for",
                 (int)ev->name.len, ev->name.s, slot.len ? "[" : "", (int)slot.len, slot.s, slot.len ? "]" : "");
      continue;
    }
    if (!a || span_same(span_trim(a->slot), slot)) continue;
    Span as = span_trim(a->slot);
    diag_error(c->diag, n->start,
               "this copy completes on '%.*s[%.*s]', but the bytes before it were announced on '%.*s[%.*s]' (line "
               "%d), a slot written another way: where the two differ, one phase waits for bytes that land on "
               "another; name the slot the same way in both",
               (int)ev->name.len, ev->name.s, (int)slot.len, slot.s, (int)ev->name.len, ev->name.s, (int)as.len, as.s,
               source_line(c->src, a->an->start));
    diag_note(c->diag, a->an->start, "the bytes are announced here");
  }
}
