// launch: host-side launches prepared, launched and checked at their line.
#include "tirx.h"

template <int STAGES>
__global__ void tiles(float *out, int total) {
  extern __shared__ float smem[];
#pragma tirx persistent(tile: total) order(grouped(8, 4))
  out[tile] = smem[threadIdx.x % STAGES];
}

namespace ops {
__global__ void fill(float *out, float v) { out[threadIdx.x] = v; }
}

cudaError_t run(float *out, int total, cudaStream_t s) {
  // One block per resident slot, 100 KiB of shared memory (the limit is
  // raised), on stream s, waited for; a failure prints this line and exits.
#pragma tirx launch grid(persistent) smem(100 * 1024) stream(s)
  tiles<4><<<total, 256>>>(out, total);

  // Not waited for; the error goes to `err` instead of the handler.
  cudaError_t err = cudaSuccess;
#pragma tirx launch async status(err)
  ops::fill<<<1, 32>>>(out, 1.f);

  // What the launch passes itself is kept; the spelling in a string.
  _Pragma("tirx launch async") ops::fill<<<dim3(1), dim3(32), 0, s>>>(out, 2.f);
  if (total > 0)
#pragma tirx launch
    ops::fill<<<1, 32>>>(out, 3.f);
  return err;
}
