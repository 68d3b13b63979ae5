// uniform.h - the uniformity check (uniform.c; docs/language.md#uniformity).
#pragma once
#include "kernel.h"

// Block-wide collectives (and region-wide ones, and turns) reachable by part
// of the block.
void check_uniformity(Ctx *c, Kernel *k, const Stmt *stmts);

// Locals, as their declarations' cursors.
typedef VEC(CXCursor) Names;

// Whether the subtree of node depends on an identity (NULL-terminated names
// of built-in variables or functions: {"threadIdx", NULL}, {"blockIdx",
// "tirx_cluster_rank", NULL}) or on one of `vars`.
bool depends_on(const Ctx *c, int node, const char *const *identity, const Names *vars);

// The variables of the kernel whose values depend on the identity: those
// initialized or assigned (after their declaration too) from it or from such
// a variable, except `skip` (a null cursor: none). Appended to `out`.
void dependent_vars(Ctx *c, const Kernel *k, const char *const *identity, CXCursor skip, Names *out);

// The condition that decides whether node p's child holding `off` runs,
// when p is an if, loop, switch, ?: or && / ||; -1 otherwise.
int deciding_condition(const Ctx *c, int p, size_t off);

// The if, loop, switch, ?: or && / || above node i (up to `top`, exclusive)
// whose condition decides whether offset `off` runs and depends on the
// identity or on `vars`; -1 if none.
int dependent_condition(const Ctx *c, int i, int top, size_t off, const char *const *identity, const Names *vars);

// Whether the condition that decides if offset `off` under node p (an if,
// switch, ?:, loop, && / ||) runs depends on the thread: on threadIdx,
// directly or through a variable.
bool thread_dependent_condition(Ctx *c, const Kernel *k, int p, size_t off);

// Whether offset `off` under node i is reached by whole warps: no condition
// between i and `top` (exclusive) may differ between the lanes of a warp
// (lanes.c), up to a statement under `#pragma tirx uniform`.
bool whole_warps_reach(Ctx *c, const Kernel *k, const Stmt *stmts, int i, int top, size_t off);

// How messages name the elect annotation of an elect `if` (is_elect_if):
// "'#pragma tirx elect'", "'TIRX_ELECT'", "'tirx_elect_sync()'".
const char *elect_spelling(const Ctx *c, int node);

// A warning at the loop around a turn of ring `ring` whose condition depends
// on the partition index, for the deadlock check when it cannot count the
// turns of each participant (a loop of unknown trip count).
void warn_turn_loops(Ctx *c, const Kernel *k, int ring);
