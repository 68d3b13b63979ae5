// --watchdog's table: each partition index's wait and each event's last
// trigger, which the wait that gives up prints, so that a cycle of waits can
// be read off. A ring whose producer and consumer wait for each other, a
// byte trigger under the `if` that picks its thread, triggers under elect, a
// wait outside the regions; then a kernel whose events are declared in two
// blocks, whose waits keep the plain message (no one place for the table).
#include "tirx.h"
__global__ void ring(const float *in, float *out, int n) {
  __shared__ float buf[2][32];
#pragma tirx warps(w: 3)
#pragma tirx event full[2] count(1), empty[2] ready
#pragma tirx event done
#pragma tirx async(w == 0)
  {
    for (int k = 0; k < n; ++k) {
      tirx_wait(empty[k % 2]);
      buf[k % 2][threadIdx.x] = in[k * 32 + threadIdx.x];
      if (threadIdx.x == 0) tirx_trigger_bytes(full[k % 2], 0);
    }
  }
#pragma tirx async(w >= 1)
  {
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) {
      tirx_wait(full[k % 2], (k / 2) & 1);
      acc += buf[k % 2][threadIdx.x % 32];
#pragma tirx elect
      tirx_trigger(empty[k % 2]);
    }
    out[threadIdx.x] = acc;
#pragma tirx elect
    tirx_trigger(done);
  }
  tirx_wait(done);
}

__global__ void two_blocks(int *out) {
#pragma tirx warpgroups(wg: 2)
  {
#pragma tirx event a
#pragma tirx async(wg == 0)
    {
      tirx_wait(a);
    }
#pragma tirx async(wg == 1)
    {
      tirx_trigger(a);
    }
  }
  {
#pragma tirx event b
#pragma tirx async(wg == 0)
    {
      tirx_trigger(b);
    }
#pragma tirx async(wg == 1)
    {
      tirx_wait(b);
      out[threadIdx.x] = 1;
    }
  }
}

// A ring whose size is a template parameter: the table's slots count it.
template <int S>
__global__ void stages(int *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event go[S], one
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < n; ++k) tirx_wait(go[k % S]);
    tirx_wait(one);
    out[threadIdx.x] = n;
  }
#pragma tirx async(wg == 1)
  {
    for (int k = 0; k < n; ++k) tirx_trigger(go[k % S]);
    tirx_trigger(one);
  }
}
template __global__ void stages<4>(int *, int);
