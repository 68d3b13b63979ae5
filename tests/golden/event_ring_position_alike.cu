// A ring's position kept alike in the two regions around it, across the
// tiles of a persistent loop (docs/regions-and-events.md, "Loops of unknown
// length"): carried on from tile to tile in both (`(it + k) % 2` with `it +=
// nk` after the loop, `it++ % 4`, a stage kept outside the tile loop, a
// first step before the loop and `++kt, ++it` in its step), or started over
// every tile in both (`k % 2`, a counter set again at the tile's top, a
// loop's counter declared before the tile loop); one of each where a tile's
// steps are whole turns of the ring; the same where a template's parameter
// sizes the ring.
#include "tirx.h"

// carried in both: `(it + k) % 2`, and `it += nk` after the loop
__global__ void both_carried(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_wait(empty[s]);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[s]);
      }
      it += nk;
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        tirx_wait(full[(it + k) % 2]);
        acc += buf[(it + k) % 2][threadIdx.x - 128];
        tirx_trigger(empty[(it + k) % 2]);
      }
      it += nk;
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// restarted in both: `k % 2`, and a counter set again at the tile's top
__global__ void both_restarted(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
#pragma tirx persistent(tile: tiles)
    {
      for (int k = 0; k < nk; ++k) {
        tirx_wait(empty[k % 2]);
        buf[k % 2][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[k % 2]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    int s;
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      s = 0;
      for (int k = 0; k < nk; ++k) {
        tirx_wait(full[s]);
        acc += buf[s][threadIdx.x - 128];
        tirx_trigger(empty[s]);
        s = (s + 1) % 2;
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// restarted in both: a loop's counter declared before the tile loop, and
// a 3-slot ring
__global__ void restarted_counter_outside(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[3][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[3]
#pragma tirx event empty[3] ready
#pragma tirx async(wg == 0)
  {
    int k;
#pragma tirx persistent(tile: tiles)
    {
      for (k = 0; k < nk; ++k) {
        tirx_wait(empty[k % 3]);
        buf[k % 3][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[k % 3]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        const int s = k % 3;
        tirx_wait(full[s]);
        acc += buf[s][threadIdx.x - 128];
        tirx_trigger(empty[s]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// carried in both, written otherwise: `it++ % 4` against a stage kept
// outside the tile loop, `stage = (stage + 1) % 4`
__global__ void carried_stage(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[4][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[4]
#pragma tirx event empty[4] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      for (int k = 0; k < nk; ++k) {
        const int s = it++ % 4;
        tirx_wait(empty[s]);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[s]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    int stage = 0;
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        tirx_wait(full[stage]);
        acc += buf[stage][threadIdx.x - 128];
        tirx_trigger(empty[stage]);
        if (++stage == 4) stage = 0;
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// carried in both, as the GEMM examples write it: a first step before the
// loop then `(it + kt) % 2` and `it += nk`, against `++kt, ++it`
__global__ void carried_mainloop(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      for (int kt = 0; kt < nk; ++kt, ++it) {
        const int s = it % 2;
        tirx_wait(empty[s]);
        buf[s][threadIdx.x] = in[(tile * nk + kt) * 128 + threadIdx.x];
        tirx_trigger(full[s]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      int s = it % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      for (int kt = 1; kt < nk; ++kt) {
        const int prev = s;
        s = (it + kt) % 2;
        tirx_wait(full[s]);
        acc += buf[s][threadIdx.x - 128];
        tirx_trigger(empty[prev]);
      }
      tirx_trigger(empty[s]);
      it += nk;
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// carried in one region, restarted in the other, but each tile takes two
// steps a k: whole turns of the ring, so every tile starts at slot 0 in both
__global__ void whole_turns(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      for (int k = 0; k < 2 * nk; ++k) {
        const int s = (it + k) % 2;
        tirx_wait(empty[s]);
        buf[s][threadIdx.x] = in[(tile * 2 * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[s]);
      }
      it += 2 * nk;
    }
  }
#pragma tirx async(wg == 1)
  {
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int k = 0; k < 2 * nk; ++k) {
        tirx_wait(full[k % 2]);
        acc += buf[k % 2][threadIdx.x - 128];
        tirx_trigger(empty[k % 2]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// a ring sized by a template's parameter, carried in both (the GEMM examples' shape)
template <int STAGES>
__global__ void both_carried_sized_by_template(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % STAGES;
        tirx_wait(empty[s]);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[s]);
      }
      it += nk;
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % STAGES;
        tirx_wait(full[s]);
        acc += buf[s][threadIdx.x - 128];
        tirx_trigger(empty[s]);
      }
      it += nk;
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}
template __global__ void both_carried_sized_by_template<4>(const float *, float *, int, int);

// carried in one region, restarted in the other, a ring sized by a template's
// parameter: each tile takes STAGES steps, whole turns of the ring
template <int STAGES>
__global__ void whole_turns_sized_by_template(const float *in, float *out, int tiles) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      for (int k = 0; k < STAGES; ++k) {
        const int s = (it + k) % STAGES;
        tirx_wait(empty[s]);
        buf[s][threadIdx.x] = in[(tile * STAGES + k) * 128 + threadIdx.x];
        tirx_trigger(full[s]);
      }
      it += STAGES;
    }
  }
#pragma tirx async(wg == 1)
  {
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int k = 0; k < STAGES; ++k) {
        tirx_wait(full[k % STAGES]);
        acc += buf[k % STAGES][threadIdx.x - 128];
        tirx_trigger(empty[k % STAGES]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}
template __global__ void whole_turns_sized_by_template<3>(const float *, float *, int);
