// cluster.h - stores into other blocks' shared memory in a kernel with
// cluster events (cluster.c).
#pragma once
#include "kernel.h"

// A kernel with cluster events whose code (its own, or a function of the file
// it calls) maps or writes another block's shared memory and never calls
// tirx_fence_cluster(): the triggers release at CTA scope, so those stores are
// not published by them (a warning; docs/clusters.md).
void check_cluster_stores(Ctx *c, Kernel *k);
