// --trace (docs/trace.md): each region declares a recorder that writes its
// start and end; each wait, trigger and turn goes through it; after the
// kernel its names are registered; the launch records alone.
#include "tirx.h"

__global__ void pipe(float *out, const float *in, int n) {
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
#pragma tirx turns mma
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_wait(full[i % 2]);
#pragma tirx turn(mma)
      {
        acc += in[i * 256 + threadIdx.x - 128];
      }
      tirx_trigger(empty[i % 2]);
    }
    out[threadIdx.x] = acc;
  }
}

// Explicit parities: the slot expression (with a side effect) and the
// parity are each evaluated once; a single event; a pragma-form wait.
__global__ void ring(int *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event single count(128)
#pragma tirx async(wg == 0)
  {
    int r = 0;
    for (int k = 0; k < n; ++k) {
      tirx_wait(full[r++ % 2], (k / 2) & 1);
      out[threadIdx.x] += k;
    }
#pragma tirx wait single
  }
#pragma tirx async(wg == 1)
  {
    for (int k = 0; k < n; ++k) tirx_trigger(full[k % 2]);
    tirx_trigger(single);
  }
}

void run(float *out, const float *in, int n) {
#pragma tirx launch
  pipe<<<4, 384>>>(out, in, n);
}
