// kernel.h - structured concurrency (SPEC 3-4): the model of one kernel's
// partition, async regions, events and event operations, which the checks
// (kernel.c, deadlock.c) read and the lowering (region.c, event.c) rewrites.
#pragma once
#include <stdint.h>

#include "construct.h"

enum { MAX_PARTS = 32 };  // partition indices: warps of a 1024-thread block

typedef struct Region {
  const Annotation *an;
  Stmt body;
  Span pred;
  uint32_t members;  // bit i: partition index i runs this region
  int first;         // lowest member
  int threads;
  int regs;          // regs(R), 0 when absent
  bool async;        // async(...), else inthreads(...)
  bool chained;      // continues the if/else-if chain of the region before it
  int barrier;       // named barrier of tirx_region_sync(), 0 when unused
} Region;

typedef struct Event {
  const Annotation *an;
  Span name;
  Span slots_text;  // N of name[N]; len 0 for a single event
  long long slots;  // 1 for a single event
  bool dependent;   // its size is a template parameter (checked by a static_assert)
  bool ready;
  const Clause *count;  // count(C), or NULL
  long long count_value;  // C when it is a constant, else 0
  long long inferred;   // arrivals per phase, when count is NULL
  bool waited, triggered;
} Event;

typedef enum { OP_WAIT, OP_TRIGGER, OP_TRIGGER_BYTES, OP_REGION_SYNC } OpKind;

typedef struct Op {
  OpKind kind;
  const Annotation *an;
  Event *event;
  Span slot;   // the index inside [...], len 0 for none
  long long literal;  // the slot when it is an integer literal, else -1
  Span extra;  // wait: explicit parity; trigger_bytes: the byte count
  bool has_extra;
  Region *region;    // NULL outside every region
  bool under_elect;  // inside `elect` / `if (tirx_elect_sync())`
  int data_if;       // node of a data-dependent if above it (in its region), -1
} Op;

// `#pragma tirx turns NAME` (SPEC 8 extension, docs/turns.md): the
// partitions of one async region take turns, in increasing index order.
typedef struct Turns {
  const Annotation *an;
  Span name;
  int region;              // index in Kernel.regions
  int parts[MAX_PARTS];    // the participants, increasing
  int nparts;
  int ids[MAX_PARTS];      // the named barrier of each participant (none with one participant)
  int node;                // the declaration's stub
  int scope;               // the block it is declared in
} Turns;

// `#pragma tirx turn(NAME) STMT`.
typedef struct Turn {
  const Annotation *an;
  int ring;  // index in Kernel.turns
  Stmt st;
} Turn;

typedef struct Kernel {
  int func;  // function node
  const Annotation *part;  // warpgroups(...) / warps(...)
  Span part_name;
  int nparts, group;  // index count, threads per index (128 or 32)
  VEC(Region) regions;
  VEC(Event) events;
  VEC(Op) ops;
  VEC(Span) broken;  // events whose declaration failed: their uses say nothing more
  VEC(Span) failed_targets;  // events named by operations that could not be read
  int failed_ops, failed_regions;  // reported already: no cascades from them
  VEC(Turns) turns;
  VEC(Turn) turn_sites;
  VEC(Span) broken_turns;  // rings whose declaration failed: their turns say nothing more
} Kernel;

// Collects, checks and lowers every region, event and event operation of the
// file. `stmts` holds the statement each annotation is attached to.
void rewrite_concurrency(Ctx *c, const Stmt *stmts, const bool *ok);
bool is_concurrency_annotation(const Annotation *an);
// Whether a statement annotation stands alone (declares) instead of
// annotating the statement after it.
bool is_declaration_annotation(const Annotation *an);
// Parse-view stubs of the concurrency annotations.
const char *concurrency_stub(Ctx *c, const Annotation *an);
// Parse-view text of a tirx_wait/tirx_trigger/tirx_trigger_bytes call: its
// slot and its second argument as expressions, `((void)(SLOT), (void)(X))`,
// so that clang checks what they name and the deadlock check can evaluate them.
const char *concurrency_call_stub(Ctx *c, const Annotation *an);

// An `if` that elect made: `#pragma tirx elect` or `if (tirx_elect_sync())`.
bool is_elect_if(const Ctx *c, int node);
// How messages name a region: `#pragma tirx async(wg == 0)`, `TIRX_ASYNC(wg == 0)`.
const char *region_label(Ctx *c, const Region *r);

// region.c: the registers per thread each region gets unless regs() says
// otherwise: the register file (65536) over the block's threads, in steps of
// 8, at most 255 (setmaxnreg's range).
int kernel_register_cap(const Kernel *k);

// event.c: the local that hides event e at off (a VarDecl node), -1 if none.
int event_hidden_at(const Ctx *c, const Kernel *k, const Event *e, size_t off);

// turn.c: the turns rings and their turns (SPEC 8 extension, docs/turns.md).
void read_turns(Ctx *c, Kernel *k, const Annotation *an);
void read_turn(Ctx *c, Kernel *k, const Annotation *an, Stmt st);
// Named barrier ids that the kernel's own tirx_bar_sync / tirx_bar_arrive
// calls name as constants (taken[id] = true).
void turn_user_barriers(Ctx *c, const Kernel *k, bool taken[16]);
// Gives each ring's participants their named barriers from the pool.
void allocate_turn_barriers(Ctx *c, Kernel *k, bool taken[16], int *next);
void lower_turns(Ctx *c, Kernel *k);
// The partition index variable that warpgroups(wg: N) declares.
CXCursor kernel_partition_var(Ctx *c, const Kernel *k);

// deadlock.c: the first-iteration simulation of SPEC 4.
void check_deadlock(Ctx *c, Kernel *k);
// uniform.c: block-wide collectives reachable by part of the block.
void check_uniformity(Ctx *c, Kernel *k, const Stmt *stmts);
