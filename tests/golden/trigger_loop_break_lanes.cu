// Lane h of each of the producer's four warps arrives in round h of a loop
// that a condition of the round ends after three rounds (if (h == 3) break;):
// twelve arrivals a phase, count(12). The break is the same for all of the
// index's threads, so the deadlock check's walk takes it and the count of
// each round stands.
#include "tirx.h"
#include "tirx/tma.h"
#define S 2

__global__ void k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S] count(12)
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(empty[s]);
      for (int h = 0; h < 8; ++h) {
        if (h == 3) break;
        if (threadIdx.x % 32 == h) {
          tirx_trigger_bytes(full[s], 512);
          tirx_tma_load_2d(as[s], map, i, 0, &full[s]);
        }
      }
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
