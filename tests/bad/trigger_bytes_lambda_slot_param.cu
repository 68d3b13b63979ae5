// A load lambda that takes its slot as a parameter (load(s)), under a lane
// test inside it: the first lane of each of the producer's four warps arrives
// on full[s]. tirx-pp binds the parameter to the call's argument (the slot is
// full[s]) and counts the four arrivals against count(1).
#include "tirx.h"
#include "tirx/tma.h"
#define S 2
__global__ void k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S] count(1)
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(empty[s]);
      auto load = [&](int slot) {
        if (threadIdx.x % 32 == 0) {
          tirx_trigger_bytes(full[slot], 512);
          tirx_tma_load_2d(as[slot], map, i, 0, &full[slot]);
        }
      };
      load(s);
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
