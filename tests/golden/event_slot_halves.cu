// A producer that waits for each half of a slot to be free and announces each
// half's copy on the slot's one 'full' barrier, with count(2): both halves'
// triggers make one phase (without it, tirx-pp would infer one arrival and
// report the second phase: tests/bad/event_slot_halves.cu).
#include "tirx.h"
__global__ void k(float *out, const float *in, int n) {
  __shared__ float buf[2][2][64];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] count(2)
#pragma tirx event empty[4] ready
#pragma tirx async(wg == 0)
  {
    for (int kt = 0; kt < n; ++kt) {
      const int s = kt % 2;
      for (int h = 0; h < 2; ++h) {
        tirx_wait(empty[2 * s + h]);
        tirx_trigger_bytes(full[s], 256);
        if (threadIdx.x == 0) buf[s][h][0] = in[kt];
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0;
    for (int kt = 0; kt < n; ++kt) {
      const int s = kt % 2;
      tirx_wait(full[s]);
      acc += buf[s][0][threadIdx.x % 64] + buf[s][1][threadIdx.x % 64];
      tirx_trigger(empty[2 * s]);
      tirx_trigger(empty[2 * s + 1]);
    }
    out[threadIdx.x] = acc;
  }
}
