// lanes.h - which values may differ between the lanes of one warp (lanes.c),
// for the uniformity check of `elect` (uniform.c, docs/language.md#threads-warps-collectives): elect.sync with the
// full mask needs all 32 lanes of the warp there.
#pragma once
#include "kernel.h"

// From the least to the most suspect; a join is the larger.
typedef enum {
  WARP_UNIFORM,  // the same in every lane of a warp: constants, parameters, blockIdx, the warp index
  WARP_THREAD,   // a thread index: the lane plus a warp-uniform multiple of 32 (threadIdx.x, t % 128)
  WARP_UNKNOWN,  // neither proven: threadIdx.y and threadIdx.z (a warp spans rows unless blockDim.x % 32 == 0)
  WARP_LANE,     // may differ between the lanes: threadIdx.x % 32, thread_rank(), a load at a per-lane index
} WarpKind;

typedef struct {
  WarpKind kind;
  bool aligned;  // WARP_UNIFORM and a multiple of 32
  CXCursor why;  // what made it WARP_UNKNOWN or WARP_LANE first (null otherwise), for the message
} WarpValue;

// The locals of one function (and their values), as the fixpoint of their
// initializers and assignments; `params` binds the function's parameters
// (a helper's, from the call's arguments) and may be NULL (then each is
// warp-uniform).
typedef struct WarpEnv WarpEnv;
WarpEnv *warp_env(Ctx *c, int func, const WarpValue *params, int nparams, int depth);
// The same as seen at node `at` of the function: an assignment after `at`
// counts only in a loop around it (a value computed later cannot reach it
// otherwise); `vars` (locals or parameters) are read as warp-uniform wherever
// they are read, as `#pragma tirx uniform(x)` asserts.
WarpEnv *warp_env_at(Ctx *c, int func, int at, const CXCursor *vars, int nvars);
// The locals of `callee` (a function node) called at `call` (a CallExpr of
// the caller's function, whose locals are `caller`), its parameters bound to
// the call's arguments.
WarpEnv *warp_env_of_call(Ctx *c, WarpEnv *caller, CXCursor call, int callee);
// warp_env_at with the parameters bound to `params` (a helper's, from the
// arguments of a call of it; NULL: each is warp-uniform), `depth` calls
// below the function that started the chain.
WarpEnv *warp_env_bound_at(Ctx *c, int func, const WarpValue *params, int nparams, int depth, int at,
                           const CXCursor *vars, int nvars);
// The values of the arguments of `call` (a CallExpr of the function whose
// locals are `caller`), in the order of the callee's parameters, and the
// arguments themselves (args may be NULL); how many, at most max.
int warp_args(Ctx *c, WarpEnv *caller, CXCursor call, WarpValue *out, CXCursor *args, int max);
// The value of an expression of that function.
WarpValue warp_value(Ctx *c, WarpEnv *env, CXCursor expr);
// What a local or parameter holds in that function (joined over its writes).
WarpValue warp_var(WarpEnv *env, CXCursor var);

// "BlockReduce" or "WarpReduce" when a call is that CUB class's Sum() or
// Reduce() (also where the class depends on a template parameter), whose
// result is defined in thread 0 of the block (lane 0 of the warp) only;
// NULL otherwise.
const char *cub_reduction(const Ctx *c, CXCursor call);

// 'x', 'y' or 'z' when expression e is threadIdx.x, .y or .z; 0 otherwise.
char thread_axis(const Ctx *c, CXCursor e);
