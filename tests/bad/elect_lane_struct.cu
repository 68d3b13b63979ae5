// A value each lane loads for itself, held in a struct or a vector type: the
// copy into `v` is a construction (a call to float2's copy constructor), whose
// argument, the per-lane load, is what `v` holds, so `v.x` differs between the
// lanes as a scalar would.
#include "tirx.h"
__global__ void k(const float2 *in, float *out) {
  float2 v = in[threadIdx.x];
#pragma tirx elect
  out[threadIdx.x / 32] = v.x;
}
// The same types from values every lane shares are fine.
__global__ void fine(const float2 *in, float *out) {
  float2 v = in[blockIdx.x];
  float2 w = make_float2(1.f, 2.f);
#pragma tirx elect
  out[threadIdx.x / 32] = v.x + w.y;
}
