// Loops whose bounds tirx-pp cannot evaluate, written differently in the two
// regions but counting the same steps (docs/regions-and-events.md, "Loops of
// unknown length"): bounds are read as sums of their parts (nk - 1, n_max -
// n_min), 'k <= B' as B - A + 1 trips, a downward loop, a comparison written
// bound first, a cast to an integer type, a comma in the step, a count kept
// in the parameter or a local (for (; n > 0; --n)), a loop over the tiles
// written by hand against a persistent loop. And a phase
// that two triggers complete: two sites, or one in a loop over the halves of
// a slot.
#include "tirx.h"

// the first step before the loop, then nk - 1 more (a mainloop's prologue)
__global__ void peeled_nk_minus_1(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < nk; ++k) {
      const int s = k % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    tirx_wait(full[0]);
    acc += buf[0][threadIdx.x - 128];
    tirx_trigger(empty[0]);
    for (int k = 0; k < nk - 1; ++k) {
      const int s = (k + 1) % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// the same nk - 1 steps, from 0 in one region and from 1 in the other
__global__ void shifted_range(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < nk - 1; ++k) {
      const int s = k % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 1; k < nk; ++k) {
      const int s = (k - 1) % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// a range of blocks against its length (n_max - n_min steps each)
__global__ void block_range(const float *in, float *out, int n_min, int n_max) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = n_min; k < n_max; ++k) {
      const int s = (k - n_min) % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int i = 0; i < n_max - n_min; ++i) {
      const int s = i % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// 'k <= nk - 1' and 'k < nk'
__global__ void inclusive_bound(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < nk; ++k) {
      const int s = k % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; k <= nk - 1; ++k) {
      const int s = k % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// 'k = 1; k <= nk' and 'k = 0; k < nk'
__global__ void one_based(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < nk; ++k) {
      const int s = k % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 1; k <= nk; ++k) {
      const int s = (k - 1) % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// 'nk > k' and 'k < nk'
__global__ void bound_first(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < nk; ++k) {
      const int s = k % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; nk > k; ++k) {
      const int s = k % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// 'k < (unsigned)nk' (the sign-compare fix) and 'k < nk'
__global__ void cast_bound(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < nk; ++k) {
      const int s = k % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (unsigned k = 0; k < (unsigned)nk; ++k) {
      const int s = (int)(k % 2);
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// a loop counting down from nk - 1 to 0 and one counting up
__global__ void downward(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < nk; ++k) {
      const int s = k % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = nk - 1; k >= 0; --k) {
      const int s = (nk - 1 - k) % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// a second counter stepped beside the loop's ('++k, ++it')
__global__ void comma_step(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0, it = 0; k < nk; ++k, ++it) {
      const int s = it % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; k < nk; k++) {
      const int s = k % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// two triggers complete each phase of 'full' (one per half of the slot), so
// the producer triggers it 2 * nk times against the consumer's nk waits
__global__ void two_halves(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < nk; ++k) {
      const int s = k % 2;
      tirx_wait(empty[s]);
      for (int h = 0; h < 2; ++h) {
        if (threadIdx.x % 2 == h) buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
        tirx_trigger(full[s]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; k < nk; ++k) {
      const int s = k % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// CUTLASS's mainloop shape, a count of k-tiles stepped down to 0, in the
// parameter in one region and in a local in the other
__global__ void count_down(const float *in, float *out, int k_tiles) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int k = 0;
    for (; k_tiles > 0; --k_tiles, ++k) {
      tirx_wait(empty[k % 2]);
      buf[k % 2][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[k % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    int left = k_tiles, k = 0;
    for (; left > 0; --left, ++k) {
      tirx_wait(full[k % 2]);
      acc += buf[k % 2][threadIdx.x - 128];
      tirx_trigger(empty[k % 2]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// the producer walks its tiles in a persistent loop, the consumer in a loop
// over the same tiles written by hand: nk steps per tile in both
__global__ void tiles_by_hand(const float *in, float *out, int nk, int tiles) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    for (int k = 0; k < nk; ++k, ++it) {
      tirx_wait(empty[it % 2]);
      buf[it % 2][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
      tirx_trigger(full[it % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
    for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
      float acc = 0.f;
      for (int k = 0; k < nk; ++k, ++it) {
        tirx_wait(full[it % 2]);
        acc += buf[it % 2][threadIdx.x - 128];
        tirx_trigger(empty[it % 2]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}
