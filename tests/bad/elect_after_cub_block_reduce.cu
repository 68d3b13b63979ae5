// causal-conv1d's backward with 'if (tidx == 0)' after a cub::BlockReduce replaced
// by elect: the block's sum is defined in thread 0 only, and elect's lane is any one.
#include <cub/block/block_reduce.cuh>
__global__ void count(float *out) {
  using BlockReduceT = cub::BlockReduce<float, 128>;
  __shared__ typename BlockReduceT::TempStorage tmp;
  float v = BlockReduceT(tmp).Sum(1.f);   // 128 in thread 0, undefined in the others
#pragma tirx elect
  atomicAdd(&out[blockIdx.x], v);         // one place, every warp's elected lane
}
