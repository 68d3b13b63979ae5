// construct.h - what every construct rewriter sees, and the helpers they share.
// One file per construct: unroll.c, hint.c (unroll(N), serial), vectorize.c,
// grid.c (and persistent), thread.c (elect, uniform and the tirx_* calls).
#pragma once
#include "edit.h"
#include "front.h"
#include "scan.h"

// 128-bit integers for trip-count arithmetic that cannot overflow (a GCC and
// clang extension, marked as one so that -Wpedantic accepts it).
__extension__ typedef __int128 i128;

// A construct that renders its body n times.
typedef struct {
  size_t start, end;
  long long n;
  size_t at;
} Copies;

typedef struct {
  Arena *arena;
  Diag *diag;
  const Source *src;
  Front *front;
  EditList *edits;
  const AnnotationList *anns;
  bool needs_tirx_h;  // the output calls a function from tirx.h
  long long watchdog;  // --watchdog cycles, 0 when off
  VEC(Copies) copies;  // constructs that copy their body
  const char *path_literal;  // the input's name as a C string literal
} Ctx;

// The statement an annotation is attached to.
typedef struct {
  int node;
  size_t start, end;  // end includes a trailing ';'
} Stmt;

// The parts of a `for` statement; -1 for a part that is absent.
typedef struct {
  int init, cond, inc, body;
  size_t lparen, rparen;  // offsets of the header's parentheses
} ForParts;

// The most copies of one body that unroll, grid and their nests may write.
enum { MAX_COPIES = 4096 };

// Records that [start, end) renders its body n times (for the MAX_COPIES
// limit over nests); `at` is where to report.
void note_copies(Ctx *c, size_t start, size_t end, long long n, size_t at);

// --- helpers (ast.c) --------------------------------------------------------
const Node *node_at(const Ctx *c, int i);
size_t stmt_end(const Ctx *c, int node);  // end of a statement, with its ';'
bool for_parts(const Ctx *c, int node, ForParts *out);
// Cursor-order children (for stubs, whose offsets all collapse to one point).
int cursor_children(CXCursor cur, CXCursor *out, int max);
// The loop or switch a break (or continue) node binds to; -1 when none in its
// function.
int jump_target(const Ctx *c, int node);
// Whether the subtree of node refers to the declaration `decl`.
bool refers_to(const Ctx *c, int node, CXCursor decl);
// Whether cur, past parentheses and implicit casts, names decl.
bool is_ref_to(CXCursor cur, CXCursor decl);
// refers_to, or `name` in the text of an annotation in node's subtree.
bool uses_var(const Ctx *c, int node, CXCursor decl, const char *name);
// A body that an expansion renders once per iteration: rejects (and reports)
// what must exist once, a label or a `static` or `__shared__` variable.
bool check_copied_body(Ctx *c, const Annotation *an, int body);
// The node in node's subtree that assigns `decl` (=, op=, ++, --); -1 if none.
int assigns_to(const Ctx *c, int node, CXCursor decl);
char *node_text(const Ctx *c, int node);
// "#pragma tirx unroll" and the like, written into buf. spelling_of gives it
// a buffer of the calling block's own (a compound literal, alive to the end
// of that block): two spellings in one message are two strings, and threads
// share nothing (it was one static buffer).
enum { SPELLING_MAX = 128 };
const char *spelling_into(char buf[SPELLING_MAX], const Annotation *an);
#define spelling_of(an) spelling_into((char[SPELLING_MAX]){0}, (an))
// Text to put nvcc's own pragma (e.g. "unroll 4") where the annotation stood.
const char *nvcc_pragma(const Ctx *c, const Annotation *an, const char *pragma);
// Rejects arguments on a directive that takes none.
bool no_head_args(Ctx *c, const Annotation *an);
// Reports a NUL byte in an annotation's text, at the byte (once: the
// annotation is then left alone); false when there is one.
bool annotation_nul_free(const Source *src, Diag *d, const Annotation *an);
// Rejects clauses other than those in `allowed` (NULL-terminated).
bool check_clauses(Ctx *c, const Annotation *an, const char *const *allowed);
// Integer type facts of a declaration; false when not an integer type.
bool int_type(CXCursor decl, int *bits, bool *is_unsigned, char **spelling, Arena *a);
char *int_literal(Arena *a, i128 v, bool is_unsigned, int bits);

// A counted loop `for (T i = start; i < bound; ++i)` in any of its forms.
typedef struct {
  ForParts fp;
  CXCursor var;
  const char *name;
  char *type;
  bool declared;  // `T i = start`, not `i = start`
  bool is_unsigned, in_template;
  int bits;
  bool constant;  // start and bound are constants: the iterations below are known
  i128 start, bound;
  long long step;
  char **values;  // each iteration's value, as a literal
  int count;
  const char *final;  // the value after the loop
} LoopHeader;
// Reads and checks the loop after an annotation; reports through d. A
// template-dependent trip count is accepted with constant == false.
bool read_loop(Ctx *c, Diag *d, const Annotation *an, Stmt st, LoopHeader *h);

// --- constructs -------------------------------------------------------------
// Parse-view text for a statement annotation (declares what it declares).
const char *construct_stub(Ctx *c, const Annotation *an);
void rewrite_unroll(Ctx *c, const Annotation *an, Stmt st);
void rewrite_hint(Ctx *c, const Annotation *an, Stmt st);
void rewrite_vectorize(Ctx *c, const Annotation *an, Stmt st);
void rewrite_grid(Ctx *c, const Annotation *an, Stmt st);
void rewrite_persistent(Ctx *c, const Annotation *an, Stmt st);
void rewrite_elect(Ctx *c, const Annotation *an, Stmt st);
void rewrite_uniform(Ctx *c, const Annotation *an, Stmt st);
void rewrite_launch(Ctx *c, const Annotation *an, Stmt st);
void rewrite_call(Ctx *c, const Annotation *an);
const char *grid_stub(Ctx *c, const Annotation *an);
const char *persistent_stub(Ctx *c, const Annotation *an);

// Unrolled-loop bookkeeping shared by unroll and grid: break/continue that
// bind to a fully expanded loop become gotos to labels of the copy being
// rendered.
typedef struct {
  int id;         // label number of the copy being rendered
  int iteration;  // continue label of the current iteration
  int group;      // break label of the current group (grid: outer indices)
  bool has_break, has_continue;
} Expansion;
void add_jumps(Ctx *c, int body, Expansion *x, bool (*binds)(const Ctx *, int target, void *), void *arg);
void render_break_label(Render *r, const Expansion *x, int line);
void render_continue_label(Render *r, const Expansion *x, int line);
