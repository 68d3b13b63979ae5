// tirx_trigger_bytes under an 'if' arrives from the threads that reach it
// (here thread 32, the one that would issue the copy), with the count the
// event declares; directly in the region, from the region's first thread.
#include "tirx.h"
constexpr int S = 2;
__global__ void bytes_site(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
  TIRX_WARPGROUPS(wg, 2);
  TIRX_EVENT_COUNT(full, S, 1);
  TIRX_EVENT(empty, S);
  TIRX_EVENT(aux, S);
  TIRX_ASYNC(wg == 0) {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(empty[s]);
      if (threadIdx.x == 32) tirx_trigger_bytes(full[s], 512);
      tirx_trigger_bytes(aux[s], 512);
    }
  }
  TIRX_ASYNC(wg == 1) {
    for (int s = 0; s < S; ++s) tirx_trigger(empty[s]);
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(full[s]);
      tirx_wait(aux[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}
