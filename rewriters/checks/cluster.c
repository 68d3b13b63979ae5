// cluster.c - distributed shared memory and cluster triggers. A trigger of a
// cluster event arrives at CTA scope (tirx_mbar_arrive_remote, as CUTLASS):
// it hands back ring slots and needs no cluster-scope release for data that
// TMA brings, but ordinary stores into another block's shared memory are not
// published by it. A kernel that writes there must call tirx_fence_cluster()
// (fence.acq_rel.cluster) before the trigger; without any such fence in the
// kernel, a warning (docs/clusters.md, "Triggers").
#include <string.h>

#include "ast.h"
#include "barrier.h"
#include "cluster.h"
#include "kernel.h"

// Whether node i is inside one of the functions the kernel reaches.
static bool in_kernel(const Ctx *c, const bool *reached, int i) {
  for (; i >= 0; i = node_at(c, i)->parent)
    if (reached[i]) return true;
  return false;
}

// Whether the asm statement's text holds one of the words.
static bool asm_has(const Ctx *c, const Node *n, const char *const *words) {
  size_t len = n->end > n->start ? n->end - n->start : 0;
  for (; *words; words++) {
    size_t w = strlen(*words);
    for (size_t at = 0; at + w <= len; at++)
      if (!memcmp(c->src->data + n->start + at, *words, w)) return true;
  }
  return false;
}

// A map_shared_rank() whose result initializes a pointer to const: reads only.
static bool mapped_for_reading(const Ctx *c, int call) {
  int p = node_at(c, call)->parent;
  while (p >= 0 && node_at(c, p)->kind == CXCursor_UnexposedExpr) p = node_at(c, p)->parent;
  if (p < 0 || node_at(c, p)->kind != CXCursor_VarDecl) return false;
  // "const float *" (not "float *const"): the spelling of a pointer to const
  CXType t = clang_getCanonicalType(clang_getCursorType(node_at(c, p)->cur));
  CXString sp = clang_getTypeSpelling(t);
  const char *ty = clang_getCString(sp);
  size_t len = strlen(ty);
  bool reading = t.kind == CXType_Pointer && !strncmp(ty, "const ", 6) && len > 0 && ty[len - 1] == '*' &&
                 strchr(ty, '*') == ty + len - 1;
  clang_disposeString(sp);
  return reading;
}

void check_cluster_stores(Ctx *c, Kernel *k) {
  const Event *cluster = NULL;
  for (int e = 0; e < k->events.len && !cluster; e++)
    if (k->events.items[e].cluster) cluster = &k->events.items[e];
  if (!cluster) return;
  static const char *const stores[] = {"st.shared::cluster", "red.shared::cluster", "atom.shared::cluster", NULL};
  static const char *const fences[] = {"fence.acq_rel.cluster", "fence.sc.cluster", NULL};
  bool *reached = kernel_reached_functions(c, k);
  int site = -1;
  const char *how = NULL;
  for (int i = 0; i < c->front->nnodes; i++) {
    const Node *n = node_at(c, i);
    bool call = n->kind == CXCursor_CallExpr, inline_asm = n->kind == CXCursor_AsmStmt;
    if ((!call && !inline_asm) || !in_kernel(c, reached, i)) continue;
    if (inline_asm) {
      if (asm_has(c, n, fences)) return;
      if (site < 0 && asm_has(c, n, stores)) site = i, how = "an asm store into shared::cluster";
      continue;
    }
    CXString sp = clang_getCursorSpelling(n->cur);
    const char *name = clang_getCString(sp);
    bool fence = !strcmp(name, "tirx_fence_cluster") || !strcmp(name, "__threadfence");
    const char *map = !strcmp(name, "map_shared_rank") ? "map_shared_rank()" : !strcmp(name, "tirx_mapa") ? "tirx_mapa()" : NULL;
    clang_disposeString(sp);
    if (fence) return;
    if (site < 0 && map && !mapped_for_reading(c, i)) site = i, how = map;
  }
  if (site < 0) return;
  diag_warning(c->diag, node_at(c, site)->start,
               "this kernel writes another block's shared memory (%s), and the triggers of its cluster events "
               "arrive at CTA scope, which does not publish those stores to the block they tell; call "
               "tirx_fence_cluster() between the stores and the trigger",
               how);
  diag_note(c->diag, cluster->an->start, "'%.*s' is a cluster event of this kernel", (int)cluster->name.len,
            cluster->name.s);
}
