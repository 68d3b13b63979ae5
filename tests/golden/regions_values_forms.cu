// values() in other forms: a bool parameter whose count is the same for both
// values while regs() differs, a count that names a member D of a traits class
// (left as written) beside the parameter, and an unsigned parameter with
// unsigned values.
#include "tirx.h"

struct Traits {
  static constexpr int D = 2;
};

template <bool WIDE>
__global__ void same_count(float *out, int n) {
#pragma tirx warpgroups(wg: 2) values(WIDE: false, true)
#pragma tirx event full
#pragma tirx event empty ready
#pragma tirx async(wg == 0) regs(WIDE ? 56 : 40)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty);
      tirx_trigger(full);
    }
  }
#pragma tirx async(wg == 1) regs(WIDE ? 200 : 216)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(full);
      out[threadIdx.x] += WIDE ? 2.f : 1.f;
      tirx_trigger(empty);
    }
  }
}

template <int D>
__global__ void member(float *out) {
#pragma tirx warpgroups(wg: Traits::D + D / 64) values(D: 64, 128)
#pragma tirx async(wg >= 0)
  { out[threadIdx.x] = D; }
}

template <unsigned W>
__global__ void wrap(float *out) {
#pragma tirx warps(w: W - 65 > 0 ? 2 : 4) values(W: 64u, 0x80u)
#pragma tirx async(w >= 0)
  { out[threadIdx.x] = W; }
}

template __global__ void same_count<false>(float *, int);
template __global__ void same_count<true>(float *, int);
template __global__ void member<64>(float *);
template __global__ void member<128>(float *);
template __global__ void wrap<64u>(float *);
template __global__ void wrap<128u>(float *);
