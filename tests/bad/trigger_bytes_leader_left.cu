// A byte trigger under no 'if' arrives from its region's first thread
// (thread 0 here), but a 'continue' before it lets only thread 5 go on: no
// thread arrives, the phase never completes, and the consumer hangs. The
// trigger belongs under 'if (threadIdx.x == 5)', the thread that copies.
#include "tirx.h"
#include "tirx/tma.h"
#define S 2

__global__ void k(const CUtensorMap *map, float *out, int n, int m) {
  alignas(128) __shared__ float as[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S] count(1)
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(empty[s]);
      if (threadIdx.x != 5) continue;
      { tirx_trigger_bytes(full[s], 512); tirx_tma_load_2d(as[s], map, i, 0, &full[s]); }
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(full[s]);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
  }
}
