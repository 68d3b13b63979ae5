// cluster.h - what the cluster events of a kernel need of its code
// (cluster.c).
#pragma once
#include "kernel.h"

// A kernel with cluster events whose code (its own, or a function of the file
// it calls) maps or writes another block's shared memory and never calls
// tirx_fence_cluster(): the triggers release at CTA scope, so those stores are
// not published by them (a warning; docs/clusters.md). And a return before
// the declaration of a cluster event under a condition on the block (blockIdx,
// tirx_cluster_rank()): the block exits without the exit barrier (a warning).
void check_cluster(Ctx *c, Kernel *k, const Stmt *stmts);
// The calls of the headers' helpers that must agree with an event's scope: a
// multicast copy's barrier is a cluster event; a block-scope arrive
// (tirx_mbar_arrive) is not on one.
void check_cluster_calls(Ctx *c, Kernel *k);
