// kernel.h - structured concurrency (docs/language.md:
// regions, events, turns): the
// model of one kernel's partition, async regions, events, event operations
// and turns rings. gather.c builds it; the checks (checks.c, barrier.c,
// uniform.c, deadlock.c) read it; the lowering (region.c, event.c, turn.c)
// writes the output from it; concurrency.c runs the three phases. kernel.c
// answers the read-only questions below, which every phase may ask.
#pragma once
#include <stdint.h>

#include "construct.h"
#include "stub.h"  // MAX_PARTS

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
  long long
      trigger_arrivals;  // the arrivals one trigger makes, when one region triggers it, alike at every site (else 0)
  bool waited, triggered;
  // `cluster[(x|y|x, y)]` (docs/clusters.md): its triggers arrive in the
  // blocks of the cluster that the mode reaches; counts are per source block.
  const Clause *cluster;  // NULL for a block's own event
  int fanin;              // TIRX_FANIN_ALL 0, _X 1, _Y 2, _XY 3
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
  int parity;  // an explicit parity that is a constant (0 or 1), else -1
  Region *region;    // NULL outside every region
  bool under_elect;  // inside `elect` / `if (tirx_elect_sync())`
  int data_if;       // node of a data-dependent if above it (in its region), -1
  int uniform_if;    // node of the innermost `#pragma tirx uniform` if above it, -1
  bool runs_elsewhere;  // in a lambda (node lambda) that runs at several calls or is passed on
  int lambda;
} Op;

// `event name[N] grid(COUNTERS) count(C)` (docs/regions-and-events.md#grid-events):
// counters in global memory that the blocks of one grid arrive at, one per
// index. Kept apart from the mbarrier events: none of their checks (counts,
// phases, the deadlock check) or lowering applies (grid.c, grid_event.c).
typedef struct GridEvent {
  const Annotation *an;
  Span name;
  Span slots_text;  // N of name[N]; len 0 for a single counter
  Span counters;    // COUNTERS
  Span count;       // C: the arrivals of a phase, evaluated at each operation
} GridEvent;

// tirx_trigger, tirx_trigger_last, tirx_trigger_if_last, tirx_wait on a grid event.
typedef enum { GRID_TRIGGER, GRID_TRIGGER_LAST, GRID_TRIGGER_IF_LAST, GRID_WAIT } GridOpKind;

typedef struct GridOp {
  GridOpKind kind;
  Op at;  // the annotation, slot and place (region, elect, ifs) as an Op reads them; at.event is NULL
  GridEvent *event;
} GridOp;

// `#pragma tirx turns NAME` (an extension, docs/language.md#turns): the
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

// A partition's `values(P: V1, V2, ...)` (docs/language.md#partitions-and-async-regions): the kernel is
// modelled, checked and lowered once per value of its template parameter P,
// and each lowering is rendered under `if constexpr ((P) == (V))`.
typedef struct KernelValues {
  Span param;
  Span values[MAX_VALUES];
  int n;
  int nparts[MAX_VALUES];    // the partition's count for each value
  int variants[MAX_VALUES];  // the edit variant of each value's lowering (edit.h)
  bool lowered[MAX_VALUES];
  // The messages each value's gathering and checks made (their numbers in
  // the Diag: from the first, how many).
  int gather_first[MAX_VALUES], gathered[MAX_VALUES];
  int first_message[MAX_VALUES], messages[MAX_VALUES];
  const Annotation *part;  // the partition
} KernelValues;

typedef struct Kernel {
  int func;  // function node
  const Annotation *part;  // warpgroups(...) / warps(...)
  Span part_name, part_count;  // the index's name, the count as written
  int nparts, group;  // index count, threads per index (128 or 32)
  // values(P: ...): this model is for values->values[at - 1] (at 0: the
  // partition has no values(), one model for every instantiation).
  KernelValues *values;
  int at;
  VEC(Region) regions;
  VEC(Event) events;
  VEC(Op) ops;
  VEC(Span) broken;  // events whose declaration failed: their uses say nothing more
  VEC(Span) failed_targets;  // events named by operations that could not be read
  int failed_ops, failed_regions;  // reported already: no cascades from them
  int failed_part;  // a partition that could not be read: its regions say nothing more
  // An annotation of the kernel could not be read (reported): the checks
  // that need all of them (the deadlock check, the byte triggers) stay silent,
  // so that the first message is the real one.
  bool unread;
  VEC(Turns) turns;
  VEC(Turn) turn_sites;
  VEC(Span) broken_turns;  // rings whose declaration failed: their turns say nothing more
  VEC(GridEvent) grid_events;
  VEC(GridOp) grid_ops;
  const bool *reached;  // the functions it is made of (kernel_reached_functions), NULL until asked
} Kernel;

typedef VEC(Kernel) KernelList;  // one named type (C11 6.5p7; it was passed as void *)

// --- questions about the model (kernel.c) --------------------------------------
// The innermost region whose body holds off; NULL when none.
const Region *enclosing_region(const Kernel *k, size_t off);
// How messages name a region: `#pragma tirx async(wg == 0)`, `TIRX_ASYNC(wg == 0)`.
const char *region_label(Ctx *c, const Region *r);
// An `if` that elect made: `#pragma tirx elect` or `if (tirx_elect_sync())`.
bool is_elect_if(const Ctx *c, int node);
// Whether offset `off` is inside a statement under `#pragma tirx uniform`.
bool asserted_uniform(const Ctx *c, const Stmt *stmts, size_t off);
// The annotation `#pragma tirx KIND` whose statement holds off, NULL if none.
const Annotation *directive_around(const Ctx *c, const Stmt *stmts, DirKind kind, size_t off);
// Whether node is itself the statement of a `#pragma tirx uniform`.
bool uniform_statement(const Ctx *c, const Stmt *stmts, int node);
// The stub variable an annotation of the kernel reads for `var`: its copy for
// the value the kernel is modelled for (values(P: ...)) when the stub made
// one, else var itself.
const char *kernel_stub_var(Ctx *c, const Kernel *k, const Annotation *an, const char *var);
// The registers per thread each region gets unless regs() says otherwise:
// the register file (65536) over the block's threads, in steps of 8, at most
// 255 (setmaxnreg's range).
int kernel_register_cap(const Kernel *k);
// The partition index variable that warpgroups(wg: N) declares.
CXCursor kernel_partition_var(Ctx *c, const Kernel *k);
// The local that hides event e at off (a VarDecl node), -1 if none.
int event_hidden_at(const Ctx *c, const Kernel *k, const Event *e, size_t off);
// The label statement that the goto at node g jumps to, -1 when not found in
// the kernel's function.
int goto_label(const Ctx *c, const Kernel *k, int g);
// What runs node again and again in the kernel's function: the innermost loop
// around it, else a goto after it back to a label before it (a loop written
// with goto); that loop's or goto's node, -1 if none.
int repeats_around(const Ctx *c, const Kernel *k, int node);
// The function (front_is_function, a lambda aside: its body belongs to its
// function's) whose body holds off, -1 outside any.
int function_at(const Ctx *c, size_t off);
// A launch-bounds attribute (`__launch_bounds__`, `__maxnreg__`) written in
// the kernel's declaration, before its body: where its text is, and its
// integer arguments (digits only: a macro or an expression is not read).
typedef struct {
  size_t start, end;  // `word(...)`, end just past ')'
  int nargs;          // -1: there, but its arguments are not all integer literals; 0: not there
  long args[3];
} Bounds;
Bounds kernel_bounds(const Ctx *c, const Kernel *k, const char *word);
// The same attribute on the kernel's first declaration when that is not its
// definition (a prototype in a header, which nvcc applies to the definition):
// its arguments only (start and end 0); nargs 0 when there is none.
Bounds declared_bounds(const Ctx *c, const Kernel *k, const char *word);
