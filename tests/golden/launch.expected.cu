#line 1 "launch.cu"
// launch: host-side launches prepared, launched and checked at their line.
#include "tirx.h"

template <int STAGES>
__global__ void tiles(float *out, int total) {
  extern __shared__ float smem[];
for (int __tirx_pos_tile = blockIdx.x, tile = 0; __tirx_pos_tile < (total) && ((tile = tirx_tile_grouped(__tirx_pos_tile, (total), (8), (4))), true); __tirx_pos_tile += gridDim.x)
  out[tile] = smem[threadIdx.x % STAGES];
}

namespace ops {
__global__ void fill(float *out, float v) { out[threadIdx.x] = v; }
}

cudaError_t run(float *out, int total, cudaStream_t s) {
  // One block per resident slot, 100 KiB of shared memory (the limit is
  // raised), on stream s, waited for; a failure prints this line and exits.
{ tirx_launch_t __tirx_launch = tirx_launch_begin(tiles<4>, (total), (256), (100 * 1024), (s), true);
  if (__tirx_launch.err == cudaSuccess) tiles<4><<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out, total); tirx_launch_end(__tirx_launch, "launch.cu", 19, 3, "tiles<4>", true, true); }

  // Not waited for; the error goes to `err` instead of the handler.
  cudaError_t err = cudaSuccess;
{ tirx_launch_t __tirx_launch = tirx_launch_begin(ops::fill, (1), (32), 0, 0, false);
  if (__tirx_launch.err == cudaSuccess) ops::fill<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out, 1.f); err = tirx_launch_end(__tirx_launch, "launch.cu", 24, 3, "ops::fill", false, false); }

  // What the launch passes itself is kept; the spelling in a string.
  { tirx_launch_t __tirx_launch = tirx_launch_begin(ops::fill, (dim3(1)), (dim3(32)), (0), (s), false); if (__tirx_launch.err == cudaSuccess) ops::fill<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out, 2.f); tirx_launch_end(__tirx_launch, "launch.cu", 27, 32, "ops::fill", false, true); }
  if (total > 0)
{ tirx_launch_t __tirx_launch = tirx_launch_begin(ops::fill, (1), (32), 0, 0, false);
    if (__tirx_launch.err == cudaSuccess) ops::fill<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out, 3.f); tirx_launch_end(__tirx_launch, "launch.cu", 30, 5, "ops::fill", true, true); }
  return err;
}
