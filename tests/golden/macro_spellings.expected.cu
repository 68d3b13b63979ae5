#line 1 "macro_spellings.cu"
// The macro spellings of launch and inthreads (docs/language.md#spellings).
#include "tirx.h"

__global__ void fill(float *out, float v) { out[threadIdx.x] = v; }

__global__ void __launch_bounds__(256, 1) stages(float *out) {
  const int wg = tirx_warpgroup_index();;
  if (wg == 0) { out[threadIdx.x] = 1.f; } __syncthreads();
  if (wg == 1) { out[threadIdx.x] += out[threadIdx.x - 128]; } __syncthreads();
}

cudaError_t run(float *out, cudaStream_t s) {
  cudaError_t err = cudaSuccess;
  { tirx_launch_t __tirx_launch = tirx_launch_begin(fill, (1), (32), (1024), (s), false);
  if (__tirx_launch.err == cudaSuccess) fill<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out, 1.f); err = tirx_launch_end(__tirx_launch, "macro_spellings.cu", 15, 3, "fill", false, false); }
  { tirx_launch_t __tirx_launch = tirx_launch_begin(stages, (1), (256), 0, 0, false);
  if (__tirx_launch.err == cudaSuccess) stages<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out); tirx_launch_end(__tirx_launch, "macro_spellings.cu", 17, 3, "stages", true, true); }
  return err;
}
