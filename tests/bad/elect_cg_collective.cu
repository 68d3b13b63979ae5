// A cooperative-groups tile's shuffle under elect.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float *out, const float *in) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  float v = in[blockIdx.x];
#pragma tirx elect
  out[blockIdx.x] = warp.shfl_down(v, 1);
}
