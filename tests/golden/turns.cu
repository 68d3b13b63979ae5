// Turns (docs/turns.md): two consumer
// warpgroups take turns issuing their GEMMs, FlashAttention-3's
// warp-scheduler barriers; the ids skip those the kernel names itself.
#include "tirx.h"

__global__ void attn(float *out, const float *in, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0) regs(40)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      tirx_trigger(full[i % 2]);
    }
  }
#pragma tirx async(wg >= 1) regs(232)
  {
    tirx_warpgroup_sync(1);
#pragma tirx turns mma
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_wait(full[i % 2]);
#pragma tirx turn(mma)
      {
        acc += in[i * 256 + threadIdx.x - 128];
      }
      tirx_trigger(empty[i % 2]);
      acc *= 0.5f;
    }
    tirx_region_sync();
    tirx_bar_sync(3, 256);
    out[threadIdx.x] = acc;
  }
}

// The macro spellings; three participants of 32 threads (warps 1, 2, 3).
__global__ void issue_in_turns(float *out, int n) {
  TIRX_WARPS(w, 4);
  TIRX_ASYNC(w == 0) { out[threadIdx.x] = 0.f; }
  TIRX_ASYNC(w >= 1) {
    TIRX_TURNS(issue);
    for (int i = 0; i < n; ++i) {
      TIRX_TURN(issue) out[threadIdx.x] += 1.f;
    }
  }
}
