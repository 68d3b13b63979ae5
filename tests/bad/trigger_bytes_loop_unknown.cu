// One byte trigger per part, in a loop whose trip count is a parameter: the
// arrivals per phase cannot be counted.
#include "tirx.h"
#define S 2
__device__ void copy(float *dst, const float *src, int bytes, uint64_t *bar);
__global__ void k(const float *a, float *out, int n, int parts) {
  __shared__ float as[S][512];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S]
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(empty[s]);
      for (int h = 0; h < parts; ++h) {
        tirx_trigger_bytes(full[s], 512);
        if (threadIdx.x == 0) copy(as[s] + h * 128, a + (i * parts + h) * 128, 512, &full[s]);
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
