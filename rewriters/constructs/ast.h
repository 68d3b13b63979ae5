// ast.h - questions about the node table that every construct asks, and the
// helpers they share (ast.c).
#pragma once
#include "construct.h"

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

// Inline: the deadlock check's walk asks it millions of times.
static inline const Node *node_at(const Ctx *c, int i) { return &c->front->nodes[i]; }
size_t stmt_end(const Ctx *c, int node);  // end of a statement, with its ';'
bool for_parts(const Ctx *c, int node, ForParts *out);
// Cursor-order children (for stubs, whose offsets all collapse to one point):
// the first max of them into out; returns how many it stored (at most max),
// so out[0..returned) is always safe to read. An arity test (`exactly 2`) or
// the last child of a node that may have more than max needs
// cursor_child_count as well: a stored count of max says only "max or more".
int cursor_children(CXCursor cur, CXCursor *out, int max);
// How many children cur has, all of them counted (nothing stored).
int cursor_child_count(CXCursor cur);
// Whether a variable is static or __shared__: one for the block (or the
// grid), not one per thread.
bool is_block_variable(CXCursor var);
// The loop or switch a break (or continue) node binds to; -1 when none in its
// function.
int jump_target(const Ctx *c, int node);
// Whether the subtree of node refers to the declaration `decl`.
bool refers_to(const Ctx *c, int node, CXCursor decl);
// Whether it refers to one of decls[0, n), or (named not NULL) to a
// declaration of that name (a builtin such as threadIdx).
bool refers_to_any(const Ctx *c, int node, const CXCursor *decls, int n, const char *named);
// Whether cur, past parentheses and implicit casts, names decl.
bool is_ref_to(CXCursor cur, CXCursor decl);
// The scope that the stub of the declaration annotation at offset `off`
// (an event's, the partition's) stands in: the innermost compound statement
// around it; -1 if none.
int declaration_scope(const Ctx *c, size_t off);
// The node of a declaration of this file, or -1.
int node_of_cursor(const Ctx *c, CXCursor cur);
// The node of the function a call runs, where its text is in this file: its
// definition, the template a specialization comes from (`f<32>()`), or the
// lambda whose operator() it is (`auto f = [] {...}; f()`); -1 otherwise.
int called_definition(const Ctx *c, CXCursor call);
// The nodes of the functions the call at node `call` may run (at most max):
// called_definition's, or for a call in a template that the parse left
// unresolved, each candidate it names that has one; how many.
int call_definitions(const Ctx *c, int call, int *defs, int max);
// Whether two spans hold the same text (span_eq, pragma.h: a span and a C
// string).
bool span_same(Span a, Span b);
// The name of the function the call at node `call` runs; for a call in a
// template the parse left unresolved, the name its callee expression spells
// ("" when there is none to read).
const char *callee_name(Ctx *c, int call);
// The same text but for blanks, line ends and line splices (`k % S` and `k%S`).
bool spans_alike(Span a, Span b);
// Whether an expression is not of a floating type before the implicit
// conversions around it (a stub's `long long x = 24.5` would silently be 24).
bool cursor_is_integer(CXCursor e);
// Where the identifier word[0, n) first stands as a token of t from `from` on
// (lex.h: not inside a comment, a literal or a longer identifier); t.n when
// it does not.
size_t text_find_word(LexText t, size_t from, const char *word, size_t n);
// Whether the identifier `word` is a token of t from `from` on.
bool text_has_word(LexText t, size_t from, const char *word);
// refers_to, or `name` in the text of an annotation in node's subtree.
bool uses_var(const Ctx *c, int node, CXCursor decl, const char *name);
// Text the preprocessor skipped in this pass inside node (an #if branch for
// nvcc's other pass): where it starts (SIZE_MAX: none); whether it names `name`.
size_t first_skipped(const Ctx *c, int node);
bool skipped_text_names(const Ctx *c, int node, const char *name);
// A body that an expansion renders once per iteration: rejects (and reports)
// what must exist once, __COUNTER__, a label or a `static` or `__shared__`
// variable.
bool check_copied_body(Ctx *c, const Annotation *an, int body);
// Whether a body may be written more than once (none of those), without a
// message (--trace's two copies of a persistent loop's body).
bool body_copyable(const Ctx *c, int body);
// Whether the node assigns what its first child names: =, op=, ++, --.
bool is_assignment(const Node *n);
// Whether node i is an assignment written as an operator call (`acc[m] += x`
// in a template, where an operator+= that headers declare makes clang keep
// the call for instantiation): =, op=, ++ or -- on *lhs, the node it changes.
bool operator_assignment(const Ctx *c, int i, int *lhs);
// Whether node i gives a local a value: a declaration with an initializer
// (from = the initializer, its last expression child), an assignment (from = the right-hand side) or
// ++ / -- (from = -1), and which local (*var); declarations of `skip` (a null
// cursor: none) are left out.
bool assignment_at(const Ctx *c, int i, CXCursor skip, CXCursor *var, int *from);
// The identifier an expression starts with (`rowNorm` of `rowNorm[0]`, of
// `s.x`); an empty span when it starts with something else.
Span leading_name(Span expr);
// The variable (or parameter) named `name` that node's subtree reads; a null
// cursor if none.
CXCursor var_read_in(const Ctx *c, int node, Span name);
// The node in node's subtree that assigns `decl` (=, op=, ++, --); -1 if none.
int assigns_to(const Ctx *c, int node, CXCursor decl);
// Whether cursor's location (a declaration's name, an expression's start)
// lies in node's text.
bool cursor_in(const Ctx *c, CXCursor cur, int node);
// Whether d is an automatic variable of the function func: declared in it,
// and not static, extern or __device__ (a register or the thread's stack).
bool automatic_in(const Ctx *c, CXCursor d, int func);
// The keyword ("if", "for", ...) of the statement whose body, unbraced, is
// what clang parsed at off (an annotation's stub); NULL when that is a
// statement of a block.
const char *unbraced_body_of(const Ctx *c, size_t off);
// The node in node's subtree through which `decl` may change other than by
// an assignment to its name, or -1: its address taken where it may be
// written through (`int *p = &i`, not `__isLocal(&i)`), bound to a
// reference to non-const (`int &r = i`, `bump(i)` with `void bump(int &)`),
// an asm output (`"+r"(i)`), or assigned in a lambda (`[&] { i++; }`, which
// changes it wherever the closure is called).
int aliased_in(const Ctx *c, int node, CXCursor decl);
// The node that writes, or may write, the object that the expression at
// node i names, other than an assignment written on it: an assignment or
// ++/-- reached through ?:, ',' or a cast to a reference (`(c ? i : j)++`),
// a reference to non-const bound to it (`int &r = i`, `bump(i)` with `void
// bump(int &)`), an asm output, its address where it may be written
// through; -1 if none.
int object_written_at(const Ctx *c, int i);
// What aliased_in's node does, for a message: "'&i' takes its address".
const char *alias_what(const Ctx *c, int node);
char *node_text(const Ctx *c, int node);
// node_text with its blanks (newlines, indentation) made single spaces, for a message.
const char *node_text_flat(const Ctx *c, int node);
// "#pragma tirx unroll" and the like, written into buf. spelling_of gives it
// a buffer of the calling block's own (a compound literal, alive to the end
// of that block): two spellings in one message are two strings, and threads
// share nothing (it was one static buffer).
enum { SPELLING_MAX = 128 };
const char *spelling_into(char buf[SPELLING_MAX], const Annotation *an);
#define spelling_of(an) spelling_into((char[SPELLING_MAX]){0}, (an))
// Text to put nvcc's own pragma (e.g. "unroll 4") where the annotation stood.
const char *nvcc_pragma(const Ctx *c, const Annotation *an, const char *pragma);
// Reports a NUL byte in an annotation's text, at the byte (once: the
// annotation is then left alone); false when there is one.
bool annotation_nul_free(const Source *src, Diag *d, const Annotation *an);
// Rejects clauses other than those in `allowed` (NULL-terminated).
bool check_clauses(Ctx *c, const Annotation *an, const char *const *allowed);
// Whether decl is declared inside a namespace named ns, at any depth (the
// toolkit's inline namespaces between): "cooperative_groups", "wmma".
bool in_namespace(CXCursor decl, const char *ns);
// The class of cooperative groups a type names, through typedefs, a pointer
// or a reference: its declaration's name ("cluster_group"; a template's
// specialization gives the template's, "thread_block_tile"); NULL for any
// other type, whatever its spelling. Arena-allocated.
const char *cg_class_name(Arena *a, CXType t);
// Whether a pointer type points to const (through arrays: a pointer to an
// array of const), whatever else qualifies it or the pointer.
bool points_to_const(CXType t);
// Integer type facts of a declaration; false when not an integer type.
bool int_type(CXCursor decl, int *bits, bool *is_unsigned, char **spelling, Arena *a);
char *int_literal(Arena *a, i128 v, bool is_unsigned, int bits);

// Unrolled-loop bookkeeping shared by unroll and grid: break/continue that
// bind to a fully expanded loop become gotos to labels of the copy being
// rendered.
typedef struct {
  int id;         // label number of the copy being rendered
  int iteration;  // continue label of the current iteration
  int group;      // break label of the current group (grid: outer indices)
  bool has_break, has_continue;
  bool structured;  // no goto (a constexpr function takes none): continue stays, the
                    // copy's body is a `do { } while (0)`; break sets a flag that
                    // skips the copies after it, then leaves the do
} Expansion;
void add_jumps(Ctx *c, int body, Expansion *x, bool (*binds)(const Ctx *, int target, void *), void *arg);
// Whether the statement is in a constexpr (or consteval) function or a
// lambda: an expansion there takes the structured form.
bool in_constexpr_function(const Ctx *c, int node);
// Whether it is in a function declared constexpr or consteval.
bool in_declared_constexpr(const Ctx *c, int node);
void render_break_label(Render *r, const Expansion *x, int line);
void render_continue_label(Render *r, const Expansion *x, int line);

// Where off is as the input's own #line directives say (clang's presumed
// location): the file's name as a C string literal, and *line.
const char *presumed_place(Ctx *c, size_t off, int *line);
// Where the body of function node func starts (its end when it has none):
// what lies before is its declaration (attributes, specifiers, name).
size_t function_body_start(const Ctx *c, int func);
// The text of the file that holds cursor cur, with [*a, *b) its extent there;
// NULL when the extent does not lie in one file (a macro's expansion).
const char *cursor_file_text(const Ctx *c, CXCursor cur, unsigned *a, unsigned *b);
// An inline asm statement's parts, read from its text (libclang names its
// operands but not which are outputs): whether it is volatile, whether it
// clobbers "memory", and where its outputs, inputs and clobbers start (file
// offsets, 0 when absent). False when its text cannot be read (a macro's).
typedef struct {
  bool is_volatile, clobbers_memory;
  unsigned outputs, inputs, clobbers, end;
} AsmParts;
bool asm_parts(const Ctx *c, CXCursor stmt, AsmParts *out);
// Whether the operand `e` of that asm statement is an output ("=r", "+r").
bool asm_is_output(const AsmParts *a, CXCursor e);
// Whether the expression at node i names a template parameter, directly or
// through a constant that does, so that its value is known only once the
// template is instantiated.
bool uses_template_parameter(const Ctx *c, int i);
// Whether cursors a and b are one expression: of one kind, at one place.
// (clang_equalCursors also compares the declaration each was reached from,
// which differs under a lambda called where it is written, or in a stub.)
bool same_expression(CXCursor a, CXCursor b);
// The node above n past parentheses and implicit conversions; -1 at the top.
int parent_past_implicit(const Ctx *c, int n);
// Past the implicit conversions clang wraps around the expression at node
// (nodes of the same text).
int past_implicit(const Ctx *c, int node);
// Whether the source offset off lies in node's text.
bool node_holds(const Ctx *c, int node, size_t off);
// Whether a function's name says it waits for other threads or orders memory
// (`__syncthreads`, `tirx_region_sync`, `__threadfence`, a barrier's helper),
// shuffles, votes and matches aside.
bool names_a_barrier(const char *name);
