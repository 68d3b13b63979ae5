// --trace on persistent loops: the body of each traced region's persistent
// loop comes out twice, `{ if (REC.detail(LINE, i)) RECORDED else PLAIN }`,
// the first with the hooks (and the iteration's start and end), the second
// as without --trace, so that the iterations not recorded in full cost what
// they cost plain. Here under values(...) with turns (each copy has its own
// turn), a `continue` in the body (the iteration's end still recorded), the
// waits before and after the loop recorded as ever, and a body that declares
// a __shared__ variable or __COUNTER__, which stays one copy, recorded every
// iteration.
#include "tirx.h"

template <int NC>
__global__ void tiles_in_turns(const float *in, float *out, const int *skip, int tiles, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 1 + NC) values(NC: 2, 3)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx event done
#pragma tirx async(wg == 0) regs(24)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      if (skip[tile]) continue;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_wait(empty[s]);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[s]);
      }
      it += nk;
    }
    tirx_wait(done);
  }
#pragma tirx async(wg >= 1) regs(NC == 3 ? 160 : 240)
  {
    int it = 0;
#pragma tirx turns mma
#pragma tirx persistent(tile: tiles)
    {
      if (skip[tile]) continue;
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_wait(full[s]);
#pragma tirx turn(mma)
        acc += buf[s][threadIdx.x % 128];
#pragma tirx elect
        tirx_trigger(empty[s]);
      }
      it += nk;
      out[tile * 128 * NC + threadIdx.x - 128] = acc;
    }
#pragma tirx elect
    tirx_trigger(done);
  }
}
template __global__ void tiles_in_turns<2>(const float *, float *, const int *, int, int);

// A persistent body that declares a __shared__ variable: written once (two
// copies would be two variables), every iteration recorded.
__global__ void shared_in_body(const float *in, float *out, int tiles) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full
#pragma tirx event empty ready
#pragma tirx async(wg == 0)
  {
#pragma tirx persistent(tile: tiles)
    {
      __shared__ float staged[128];
      tirx_wait(empty);
      staged[threadIdx.x] = in[tile * 128 + threadIdx.x];
      tirx_trigger(full);
      out[tile * 128 + threadIdx.x] = staged[threadIdx.x];
    }
  }
#pragma tirx async(wg == 1)
  {
#pragma tirx persistent(tile: tiles)
    {
      tirx_wait(full);
      tirx_trigger(empty);
    }
  }
}

// __COUNTER__ in a persistent body: written once (each copy would read the
// next value), every iteration recorded.
__global__ void counter_in_body(float *out, int tiles) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full
#pragma tirx event empty ready
#pragma tirx async(wg == 0)
  {
#pragma tirx persistent(tile: tiles)
    {
      tirx_wait(empty);
      out[tile * 128 + threadIdx.x] = (float)__COUNTER__;
      tirx_trigger(full);
    }
  }
#pragma tirx async(wg == 1)
  {
#pragma tirx persistent(tile: tiles)
    {
      tirx_wait(full);
      tirx_trigger(empty);
    }
  }
}
