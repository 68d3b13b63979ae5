// The oracle's own cases (tests/oracle.sh): issue 12, '#pragma tirx unroll' over a
// body that is only a trigger: seed 003's bootstrap loop, unrolled.
#include "tirx.h"
constexpr int STAGES = 4;
__global__ void pipe(const float *in, float *out, int n) {
  __shared__ float buf[STAGES][128];
  TIRX_WARPS(w, 8);
  TIRX_EVENT(full, STAGES);
  TIRX_EVENT(empty, STAGES);
  TIRX_EVENT_COUNT(done, 1, 128);
  TIRX_ASYNC(w < 4) {
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
#pragma tirx elect
      tirx_trigger(full[s]);
    }
  }
  TIRX_ASYNC_REGS(w >= 4, 24) {
#pragma tirx unroll
    for (int s = 0; s < STAGES; ++s) tirx_trigger(empty[s]);
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
    tirx_trigger(done[0]);
  }
  tirx_wait(done[0], 0);
}
