// The loop of tests/bad/trigger_bytes_loop_unknown.cu with what its error asks
// for: count(2), the parts the program copies per stage. The loop's trip
// count is a parameter, so the deadlock check runs it as many rounds as it
// likes: no phase it completes there is taken for one of the program's.
#include "tirx.h"
#define S 2
// Stands in for the copy that completes the bytes on the barrier.
__device__ void copy(float *dst, const float *src, int bytes, uint64_t *bar) {
  for (int i = 0; i < bytes / 4; ++i) dst[i] = src[i];
  (void)bar;
}
__global__ void k(const float *a, float *out, int n, int parts) {
  __shared__ float as[S][512];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S] count(2)
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
