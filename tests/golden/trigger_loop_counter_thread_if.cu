// The consumer hands a slot back from one thread, and only when the producer
// will wait for it again: an 'if' on the loop counter around an 'if' on the
// thread. The loop counter is the same in all of the index's threads, so the
// outer 'if' lets all of them through or none, and one thread arrives
// (count(1)).
#include "tirx.h"
#include "tirx/tma.h"
#define S 2
__global__ void k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S] count(1)
#pragma tirx event empty[S] ready count(1)
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(empty[s]);
      if (threadIdx.x == 0) {
        tirx_trigger_bytes(full[s], 512);
        tirx_tma_load_2d(as[s], map, i, 0, &full[s]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(full[s]);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128];
      if (i + S < n) {  // the producer waits for the slot again
        if (threadIdx.x == 128) tirx_trigger(empty[s]);
      }
    }
  }
}
