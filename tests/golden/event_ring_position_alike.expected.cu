#line 1 "event_ring_position_alike.cu"
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
__global__ void __launch_bounds__(256, 1) both_carried(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_event_wait(empty, __tirx_phase_0_empty, s);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(&full[s]);
      }
      it += nk;
    }
  }
else if (wg == 1)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        tirx_event_wait(full, __tirx_phase_1_full, (it + k) % 2);
        acc += buf[(it + k) % 2][threadIdx.x - 128];
        tirx_mbar_arrive(&empty[(it + k) % 2]);
      }
      it += nk;
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// restarted in both: `k % 2`, and a counter set again at the tile's top
__global__ void __launch_bounds__(256, 1) both_restarted(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      for (int k = 0; k < nk; ++k) {
        tirx_event_wait(empty, __tirx_phase_0_empty, k % 2);
        buf[k % 2][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(&full[k % 2]);
      }
    }
  }
else if (wg == 1)
  {
    int s;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      float acc = 0.f;
      s = 0;
      for (int k = 0; k < nk; ++k) {
        tirx_event_wait(full, __tirx_phase_1_full, s);
        acc += buf[s][threadIdx.x - 128];
        tirx_mbar_arrive(&empty[s]);
        s = (s + 1) % 2;
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// restarted in both: a loop's counter declared before the tile loop, and
// a 3-slot ring
__global__ void __launch_bounds__(256, 1) restarted_counter_outside(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[3][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[3]; tirx_event_init(full, 3, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[3]; tirx_event_init(empty, 3, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int k;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      for (k = 0; k < nk; ++k) {
        tirx_event_wait(empty, __tirx_phase_0_empty, k % 3);
        buf[k % 3][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(&full[k % 3]);
      }
    }
  }
else if (wg == 1)
  {
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        const int s = k % 3;
        tirx_event_wait(full, __tirx_phase_1_full, s);
        acc += buf[s][threadIdx.x - 128];
        tirx_mbar_arrive(&empty[s]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// carried in both, written otherwise: `it++ % 4` against a stage kept
// outside the tile loop, `stage = (stage + 1) % 4`
__global__ void __launch_bounds__(256, 1) carried_stage(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[4][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[4]; tirx_event_init(full, 4, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[4]; tirx_event_init(empty, 4, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      for (int k = 0; k < nk; ++k) {
        const int s = it++ % 4;
        tirx_event_wait(empty, __tirx_phase_0_empty, s);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(&full[s]);
      }
    }
  }
else if (wg == 1)
  {
    int stage = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        tirx_event_wait(full, __tirx_phase_1_full, stage);
        acc += buf[stage][threadIdx.x - 128];
        tirx_mbar_arrive(&empty[stage]);
        if (++stage == 4) stage = 0;
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// carried in both, as the GEMM examples write it: a first step before the
// loop then `(it + kt) % 2` and `it += nk`, against `++kt, ++it`
__global__ void __launch_bounds__(256, 1) carried_mainloop(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      for (int kt = 0; kt < nk; ++kt, ++it) {
        const int s = it % 2;
        tirx_event_wait(empty, __tirx_phase_0_empty, s);
        buf[s][threadIdx.x] = in[(tile * nk + kt) * 128 + threadIdx.x];
        tirx_mbar_arrive(&full[s]);
      }
    }
  }
else if (wg == 1)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      float acc = 0.f;
      int s = it % 2;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][threadIdx.x - 128];
      for (int kt = 1; kt < nk; ++kt) {
        const int prev = s;
        s = (it + kt) % 2;
        tirx_event_wait(full, __tirx_phase_1_full, s);
        acc += buf[s][threadIdx.x - 128];
        tirx_mbar_arrive(&empty[prev]);
      }
      tirx_mbar_arrive(&empty[s]);
      it += nk;
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// carried in one region, restarted in the other, but each tile takes two
// steps a k: whole turns of the ring, so every tile starts at slot 0 in both
__global__ void __launch_bounds__(256, 1) whole_turns(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      for (int k = 0; k < 2 * nk; ++k) {
        const int s = (it + k) % 2;
        tirx_event_wait(empty, __tirx_phase_0_empty, s);
        buf[s][threadIdx.x] = in[(tile * 2 * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(&full[s]);
      }
      it += 2 * nk;
    }
  }
else if (wg == 1)
  {
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      float acc = 0.f;
      for (int k = 0; k < 2 * nk; ++k) {
        tirx_event_wait(full, __tirx_phase_1_full, k % 2);
        acc += buf[k % 2][threadIdx.x - 128];
        tirx_mbar_arrive(&empty[k % 2]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// a ring sized by a template's parameter, carried in both (the GEMM examples' shape)
template <int STAGES>
__global__ void __launch_bounds__(256, 1) both_carried_sized_by_template(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[STAGES][128];
const int wg = tirx_warpgroup_index();
static_assert((STAGES) >= 1 && (STAGES) <= 64, "event 'full': 1 to 64 slots"); __shared__ uint64_t full[STAGES]; tirx_event_init(full, STAGES, 128); uint64_t __tirx_phase_1_full = 0ull;
static_assert((STAGES) >= 1 && (STAGES) <= 64, "event 'empty': 1 to 64 slots"); __shared__ uint64_t empty[STAGES]; tirx_event_init(empty, STAGES, 128); uint64_t __tirx_phase_0_empty = ~0ull;
if (wg == 0)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % STAGES;
        tirx_event_wait(empty, __tirx_phase_0_empty, s);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(&full[s]);
      }
      it += nk;
    }
  }
else if (wg == 1)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % STAGES;
        tirx_event_wait(full, __tirx_phase_1_full, s);
        acc += buf[s][threadIdx.x - 128];
        tirx_mbar_arrive(&empty[s]);
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
__global__ void __launch_bounds__(256, 1) whole_turns_sized_by_template(const float *in, float *out, int tiles) {
  __shared__ float buf[STAGES][128];
const int wg = tirx_warpgroup_index();
static_assert((STAGES) >= 1 && (STAGES) <= 64, "event 'full': 1 to 64 slots"); __shared__ uint64_t full[STAGES]; tirx_event_init(full, STAGES, 128); uint64_t __tirx_phase_1_full = 0ull;
static_assert((STAGES) >= 1 && (STAGES) <= 64, "event 'empty': 1 to 64 slots"); __shared__ uint64_t empty[STAGES]; tirx_event_init(empty, STAGES, 128); uint64_t __tirx_phase_0_empty = ~0ull;
if (wg == 0)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      for (int k = 0; k < STAGES; ++k) {
        const int s = (it + k) % STAGES;
        tirx_event_wait(empty, __tirx_phase_0_empty, s);
        buf[s][threadIdx.x] = in[(tile * STAGES + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(&full[s]);
      }
      it += STAGES;
    }
  }
else if (wg == 1)
  {
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      float acc = 0.f;
      for (int k = 0; k < STAGES; ++k) {
        tirx_event_wait(full, __tirx_phase_1_full, k % STAGES);
        acc += buf[k % STAGES][threadIdx.x - 128];
        tirx_mbar_arrive(&empty[k % STAGES]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}
template __global__ void whole_turns_sized_by_template<3>(const float *, float *, int);
