// Byte triggers in lambdas, each called once: under a condition on the
// lambda's parameter (bound to the call's argument: thread 0), and under a
// condition around the call (thread 32). One thread arrives on each event a
// phase, as count(1) says: tirx-pp follows each lambda to its call.
#include "tirx.h"
#include "tirx/tma.h"
#define S 2
__global__ void k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
  alignas(128) __shared__ float bs[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S] count(1)
#pragma tirx event half[S] count(1)
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(empty[s]);
      auto load = [&](unsigned who) {
        if (threadIdx.x == who) {
          tirx_trigger_bytes(full[s], 512);
          tirx_tma_load_2d(as[s], map, i, 0, &full[s]);
        }
      };
      load(0);
      auto load_b = [&] {
        tirx_trigger_bytes(half[s], 512);
        tirx_tma_load_2d(bs[s], map, i, 128, &half[s]);
      };
      if (threadIdx.x == 32) load_b();
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(full[s]);
      tirx_wait(half[s]);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128] + bs[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
  }
}
