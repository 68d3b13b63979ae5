#line 1 "regions_values.cu"
// A partition whose count depends on a template parameter, lowered once per
// value of it (values(D: 64, 128)): three consumers at D = 64 (160 registers),
// two at D = 128 (232), each under its own `if constexpr`; the launch bounds
// follow D, and an instance with another D stops at a static_assert.
#include "tirx.h"

__host__ __device__ constexpr int consumers(int d) { return d == 64 ? 3 : 2; }

template <int D>
__global__ void __launch_bounds__((D) == (64) ? 512 : 384, 1) attn(float *out, const float *in, int n) { if constexpr ((D) == (64)) {
  float scale = 1.f / D;
const int wg = tirx_warpgroup_index(); static_assert((1 + consumers(D)) == 4, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 4: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 384); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<24>();
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(empty, __tirx_phase_0_empty, i % 2);
      tirx_mbar_arrive(&full[i % 2]);
    }
  }
else if (wg >= 1)
  { tirx_setmaxnreg_inc<160>();
if (wg == 3) tirx_bar_arrive(2, 256);
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(full, __tirx_phase_1_full, i % 2);
{ tirx_bar_sync(wg + 1, 256);
      {
        acc += in[i * D + threadIdx.x % D] * scale;
      } tirx_bar_arrive(wg == 1 ? 3 : wg == 2 ? 4 : 2, 256); }
      tirx_mbar_arrive(&empty[i % 2]);
    }
    tirx_bar_sync(1, 384);
    out[threadIdx.x] = acc;
  }
#line 10 "regions_values.cu"
} else if constexpr ((D) == (128)) {
  float scale = 1.f / D;
const int wg = tirx_warpgroup_index(); static_assert((1 + consumers(D)) == 3, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 3: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 256); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<24>();
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(empty, __tirx_phase_0_empty, i % 2);
      tirx_mbar_arrive(&full[i % 2]);
    }
  }
else if (wg >= 1)
  { tirx_setmaxnreg_inc<232>();
if (wg == 2) tirx_bar_arrive(2, 256);
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(full, __tirx_phase_1_full, i % 2);
{ tirx_bar_sync(wg + 1, 256);
      {
        acc += in[i * D + threadIdx.x % D] * scale;
      } tirx_bar_arrive(wg == 1 ? 3 : 2, 256); }
      tirx_mbar_arrive(&empty[i % 2]);
    }
    tirx_bar_sync(1, 256);
    out[threadIdx.x] = acc;
  }
} else { static_assert((D) == (64) || (D) == (128), "tirx-pp lowered attn for D in {64, 128} (its partition's values()): add this value there"); }}

template __global__ void attn<64>(float *, const float *, int);
template __global__ void attn<128>(float *, const float *, int);
