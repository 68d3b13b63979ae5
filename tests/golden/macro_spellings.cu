// The macro spellings of launch and inthreads (docs/language.md#spellings).
#include "tirx.h"

__global__ void fill(float *out, float v) { out[threadIdx.x] = v; }

__global__ void stages(float *out) {
  TIRX_WARPGROUPS(wg, 2);
  TIRX_INTHREADS(wg == 0) { out[threadIdx.x] = 1.f; }
  TIRX_INTHREADS(wg == 1) { out[threadIdx.x] += out[threadIdx.x - 128]; }
}

cudaError_t run(float *out, cudaStream_t s) {
  cudaError_t err = cudaSuccess;
  TIRX_LAUNCH(smem(1024) stream(s) async status(err))
  fill<<<1, 32>>>(out, 1.f);
  TIRX_LAUNCH()
  stages<<<1, 256>>>(out);
  return err;
}
