// --trace=regions (docs/trace.md): each region declares a recorder that
// writes its start and end (its last argument `false`: the runs say their
// waits were not recorded); the waits, triggers and turns are lowered as
// without --trace; the names are registered and the launch records alone.
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

void run(float *out, const float *in, int n) {
#pragma tirx launch
  pipe<<<4, 384>>>(out, in, n);
}
