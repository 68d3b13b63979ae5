#line 1 "elect_launch_host.cu"
// A kernel with elect in a loop over a kernel argument, launched from host
// code through '#pragma tirx launch': the launch starts warps of its own, so
// the host code around it is not a condition on the kernel's lanes. It drew a
// warning ('i < n' "through cudaMalloc(&out, ...)") that failed -Werror.
#include "tirx.h"
__global__ void fill(float *out, int n) {
  for (int i = 0; i < n; ++i) {
if (tirx_elect_one_sync())
    out[i] = 1.f;
  }
}
int main() {
  float *out;
  cudaMalloc(&out, 512 * 4);
{ tirx_launch_t __tirx_launch = tirx_launch_begin(fill, (1), (32), 0, 0, false);
  if (__tirx_launch.err == cudaSuccess) fill<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out, 8); tirx_launch_end(__tirx_launch, "elect_launch_host.cu", 16, 3, "fill", true, true); }
  cudaFree(out);
}
