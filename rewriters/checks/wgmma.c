// wgmma.c - the asynchronous copies and reads of a ring's slots.
//
// wgmma reads its shared-memory operands asynchronously: a group committed
// by tirx_wgmma_commit() is done with them once a tirx_wgmma_wait<N>() has
// returned with more than N groups committed after it. A consumer that waits
// for a slot (`tirx_wait(full[s])`), issues wgmma on it and triggers the
// slot's release (`tirx_trigger(empty[s])`) while the first group it
// committed since that wait is still in flight lets the producer's next copy
// land in the slot mid-read. What is followed: the calls between the wait and
// the trigger, in the order written, through the file's helpers (template
// ones through their pattern) a few deep. A wait whose N is not a literal, a
// wgmma wait in `asm`, or a call of the file's that cannot be followed ends
// the question (nothing is said). Only the first group is asked about: two
// groups on one slot and a wait<1> are not reported.
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "wgmma.h"

enum {
  MAX_CALL_DEPTH = 4,  // helpers calling helpers (as barrier.c follows them)
  MAX_STEPS = 64,      // what one helper does to the groups, in order
};

typedef enum { COMMIT, WAIT, UNKNOWN } StepKind;

typedef struct {
  StepKind kind;
  long n;  // WAIT's N
} Step;

// What a function does to the wgmma groups, in order: its commits and waits
// (a helper's, spliced in), cut at MAX_STEPS (then UNKNOWN).
typedef struct {
  Step steps[MAX_STEPS];
  int n;
  bool done;  // (memo: computed)
} Steps;

typedef struct {
  Ctx *c;
  Steps *memo;         // by function node (arena, one per node of the file)
  signed char *loads;  // by function node: issues a TMA load? -1 not known yet
} Follow;

static void add_step(Steps *s, Step st) {
  if (s->n < MAX_STEPS)
    s->steps[s->n++] = st;
  else
    s->steps[MAX_STEPS - 1] = (Step){UNKNOWN, 0};
}

// The definition node of the function a call runs: a template's pattern for a
// specialization or a call the parse left unresolved (its first candidate
// with a definition); -1 when the file has none.
static int callee_node(const Ctx *c, int call) {
  int def;
  return call_definitions(c, call, &def, 1) ? def : -1;
}

// Whether the call's function is declared in the file's own code (not a
// system header's, nor tirx.h's): one the check should be able to follow.
static bool users_function(const Ctx *c, int call) {
  CXCursor f = clang_getCursorReferenced(node_at(c, call)->cur);
  if (clang_Cursor_isNull(f)) return true;  // unresolved: the file's template code
  CXSourceLocation at = clang_getCursorLocation(f);
  if (clang_Location_isInSystemHeader(at)) return false;
  CXFile file;
  clang_getExpansionLocation(at, &file, NULL, NULL, NULL);
  CXString name = clang_getFileName(file);
  const char *p = clang_getCString(name);
  bool tirx = p && (strstr(p, "/tirx.h") || strstr(p, "/tirx/"));
  clang_disposeString(name);
  return !tirx;
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

static const Steps *function_steps(Follow *f, int def, int depth);

// What node j (a call or an asm statement) does to the groups, added to s.
static void node_steps(Follow *f, int j, int depth, Steps *s) {
  Ctx *c = f->c;
  const Node *n = node_at(c, j);
  if (n->kind == CXCursor_AsmStmt) {
    if (strstr(node_text(c, j), "wgmma.")) add_step(s, (Step){UNKNOWN, 0});
    return;
  }
  if (n->kind != CXCursor_CallExpr) return;
  const char *name = callee_name(c, j);
  if (!strcmp(name, "tirx_wgmma_commit")) {
    add_step(s, (Step){COMMIT, 0});
  } else if (!strcmp(name, "tirx_wgmma_wait")) {
    long w = wait_count(c, j);
    add_step(s, w < 0 ? (Step){UNKNOWN, 0} : (Step){WAIT, w});
  } else if (users_function(c, j)) {
    int def = callee_node(c, j);
    const Steps *h = def >= 0 && depth < MAX_CALL_DEPTH ? function_steps(f, def, depth + 1) : NULL;
    if (!h && def < 0 && strncmp(name, "__", 2)) add_step(s, (Step){UNKNOWN, 0});  // (nothing to read)
    for (int i = 0; h && i < h->n; i++) add_step(s, h->steps[i]);
  }
}

static const Steps *function_steps(Follow *f, int def, int depth) {
  Steps *s = &f->memo[def];
  if (s->done) return s;
  s->done = true;  // (a recursive helper reads what is known so far)
  for (int j = def + 1; j <= node_at(f->c, def)->last; j++) node_steps(f, j, depth, s);
  return s;
}

// The group committed first after `from` that may still be in flight at `to`
// (where it is committed: the call in the kernel), or 0: none, or the
// question ends.
static size_t first_group_in_flight(Follow *f, const Kernel *k, size_t from, size_t to) {
  Ctx *c = f->c;
  int commits = 0;
  size_t first = 0;
  for (int j = k->func; j <= node_at(c, k->func)->last; j++) {
    const Node *n = node_at(c, j);
    if (n->start >= to) break;
    if (n->start < from || n->func != k->func || (n->kind != CXCursor_CallExpr && n->kind != CXCursor_AsmStmt))
      continue;
    Steps s = {0};
    node_steps(f, j, 0, &s);
    for (int i = 0; i < s.n; i++) {
      if (s.steps[i].kind == UNKNOWN) return 0;
      if (s.steps[i].kind == COMMIT && !commits++) first = n->start;
      if (s.steps[i].kind == WAIT && commits > s.steps[i].n) return 0;  // the first group is done
    }
  }
  return commits ? first : 0;
}

// The node of an operation written in the kernel's own statements (not in
// a lambda, whose text is not where it runs), -1 otherwise.
static int own_node(const Ctx *c, const Kernel *k, const Op *op) {
  int n = front_first_at(c->front, op->an->start);
  return n >= 0 && n < c->front->nnodes && node_at(c, n)->func == k->func ? n : -1;
}

// Whether a variable the slot's text names is declared in (from, to): the
// same text then names another slot (`const int s = ...` in an inner block).
static bool slot_redeclared(const Ctx *c, const Kernel *k, Span slot, size_t from, size_t to) {
  for (int j = k->func; j <= node_at(c, k->func)->last; j++) {
    const Node *n = node_at(c, j);
    if (n->start >= to) break;
    if (n->start < from || n->kind != CXCursor_VarDecl) continue;
    CXString s = clang_getCursorSpelling(n->cur);
    bool named = text_has_word((LexText){slot.s, slot.len}, 0, clang_getCString(s));
    clang_disposeString(s);
    if (named) return true;
  }
  return false;
}

// The wait on the same slot (the same text but for blanks, naming the same
// variables) nearest before the trigger t, in its region and in the same
// loop: -1 when none.
static int slot_wait(const Ctx *c, const Kernel *k, const Op *t, int tn) {
  int best = -1;
  for (int i = 0; i < k->ops.len; i++) {
    const Op *w = &k->ops.items[i];
    if (w->kind != OP_WAIT || w->region != t->region || w->an->start >= t->an->start || !w->slot.len ||
        !spans_alike(w->slot, t->slot))
      continue;
    int wn = own_node(c, k, w);
    if (wn < 0 || repeats_around(c, k, wn) != repeats_around(c, k, tn)) continue;
    if (best < 0 || w->an->start > k->ops.items[best].an->start) best = i;
  }
  if (best >= 0 && slot_redeclared(c, k, span_trim(t->slot), k->ops.items[best].an->end, t->an->start)) return -1;
  return best;
}

static Follow follow_new(Ctx *c) {
  int n = c->front->nnodes;
  Follow f = {c, arena_alloc(c->arena, sizeof(Steps) * (size_t)n), arena_alloc(c->arena, (size_t)n)};
  memset(f.memo, 0, sizeof(Steps) * (size_t)n);
  memset(f.loads, -1, (size_t)n);
  return f;
}

void check_wgmma_release(Ctx *c, Kernel *k) {
  Follow f = {0};
  for (int i = 0; i < k->ops.len; i++) {
    const Op *t = &k->ops.items[i];
    int tn = t->kind == OP_TRIGGER && t->slot.len ? own_node(c, k, t) : -1;
    int wi = tn >= 0 ? slot_wait(c, k, t, tn) : -1;
    if (wi < 0) continue;
    if (!f.c) f = follow_new(c);
    const Op *w = &k->ops.items[wi];
    size_t at = first_group_in_flight(&f, k, w->an->end, t->an->start);
    if (!at) continue;
    Span slot = span_trim(t->slot), wslot = span_trim(w->slot);
    diag_error(c->diag, t->an->start,
               "'%.*s[%.*s]' is handed back while the first wgmma group committed after the wait on '%.*s[%.*s]' "
               "(line %d) may still be reading that slot: wgmma reads shared memory until a tirx_wgmma_wait<N>() "
               "returns with more than N groups committed after it; wait for that group before the trigger "
               "(tirx_wgmma_wait<0>()), or hand back the slot an earlier group read",
               (int)t->event->name.len, t->event->name.s, (int)slot.len, slot.s, (int)w->event->name.len,
               w->event->name.s, (int)wslot.len, wslot.s, source_line(c->src, w->an->start));
    diag_note(c->diag, at, "the group is committed here");
  }
}

// Whether the function (a definition node) issues a TMA load, or a helper of
// the file it calls does, MAX_CALL_DEPTH deep.
static bool issues_tma_load(Follow *f, int def, int depth) {
  if (f->loads[def] >= 0) return f->loads[def];
  f->loads[def] = 0;  // (a recursive helper: not known to)
  bool yes = false;
  for (int j = def + 1; j <= node_at(f->c, def)->last && !yes; j++) {
    if (node_at(f->c, j)->kind != CXCursor_CallExpr) continue;
    const char *name = callee_name(f->c, j);
    int callee = strncmp(name, "tirx_tma_load", strlen("tirx_tma_load")) ? callee_node(f->c, j) : -1;
    yes = callee < 0 ? !strncmp(name, "tirx_tma_load", strlen("tirx_tma_load"))
                     : depth < MAX_CALL_DEPTH && issues_tma_load(f, callee, depth + 1);
  }
  f->loads[def] = yes;
  return yes;
}

// `&NAME[SLOT]` or `&NAME`: the event the text names (NULL: none), its slot.
static Event *barrier_event(Kernel *k, Span text, Span *slot) {
  Span t = span_trim(text);
  if (!t.len || t.s[0] != '&') return NULL;
  t = span_trim((Span){t.s + 1, t.len - 1, t.off + 1});
  size_t n = 0;
  while (n < t.len && is_ident_char((unsigned char)t.s[n])) n++;
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

// A copy (node j) that completes on event ev's `slot`: reported when no byte
// trigger announces ev's bytes, or the nearest one names the slot otherwise.
static void check_copy_barrier(Ctx *c, Kernel *k, int j, Event *ev, Span slot) {
  const Node *n = node_at(c, j);
  bool any;
  const Op *a = announcement(c, k, ev, enclosing_region(k, n->start), n->start, j, &any);
  if (!any) {
    diag_error(c->diag, n->start,
               "this copy completes on '%.*s%s%.*s%s', whose bytes no tirx_trigger_bytes announces: they arrive "
               "on a phase that expects none (it may complete before they land, and the next phase's count is "
               "off); announce them with tirx_trigger_bytes on the event the copy's waiters wait for",
               (int)ev->name.len, ev->name.s, slot.len ? "[" : "", (int)slot.len, slot.s, slot.len ? "]" : "");
    return;
  }
  if (!a || spans_alike(a->slot, slot) || slot_redeclared(c, k, slot, a->an->end, n->start)) return;
  Span as = span_trim(a->slot);
  diag_warning(c->diag, n->start,
               "this copy completes on '%.*s[%.*s]', but the bytes before it were announced on '%.*s[%.*s]' (line "
               "%d), a slot written another way: where the two differ, one phase waits for bytes that land on "
               "another; name the slot the same way in both",
               (int)ev->name.len, ev->name.s, (int)slot.len, slot.s, (int)ev->name.len, ev->name.s, (int)as.len, as.s,
               source_line(c->src, a->an->start));
  diag_note(c->diag, a->an->start, "the bytes are announced here");
}

void check_copy_barriers(Ctx *c, Kernel *k) {
  Follow f = {0};
  for (int j = k->func; j <= node_at(c, k->func)->last; j++) {
    const Node *n = node_at(c, j);
    if (n->kind != CXCursor_CallExpr || n->func != k->func) continue;
    const char *name = callee_name(c, j);
    bool direct = !strncmp(name, "tirx_tma_load", strlen("tirx_tma_load"));
    int def = direct ? -1 : callee_node(c, j);
    if (!direct && def < 0) continue;
    if (!f.c) f = follow_new(c);
    if (!direct && !issues_tma_load(&f, def, 0)) continue;
    // The barrier: any argument written `&EVENT[...]` (the last one of
    // tirx_tma_load_*, before the hint or the mask of the other forms).
    int nargs = clang_Cursor_getNumArguments(n->cur);
    for (int a = 0; a < nargs; a++) {
      int arg = node_of_cursor(c, clang_Cursor_getArgument(n->cur, (unsigned)a));
      if (arg < 0) continue;
      const char *text = node_text(c, arg);
      Span slot;
      Event *ev = barrier_event(k, (Span){text, strlen(text), node_at(c, arg)->start}, &slot);
      if (ev) {
        check_copy_barrier(c, k, j, ev, slot);
        break;
      }
    }
  }
}
