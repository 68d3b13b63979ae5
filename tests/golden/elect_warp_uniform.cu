// elect under conditions that are the same in every lane of a warp: none is
// reported (docs/language.md#threads-warps-collectives: elect.sync needs all 32 lanes of the warp).
#include <cooperative_groups.h>
#include "tirx.h"
namespace cg = cooperative_groups;

__device__ void bump(int *count) {
#pragma tirx elect
  atomicAdd(count, 1);
}

__device__ int warp_of(int t) { return t / 32; }

__device__ void bump_if(int *count, int w) {
  if (w < 2) {  // the same in every lane when the argument is
#pragma tirx elect
    atomicAdd(count, 1);
  }
}

__global__ void uniform_conditions(const int *flags, int *count, int n, int k) {
  const int warp = threadIdx.x / 32, t = threadIdx.x % 128;
  const int global_warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  if (warp == 0) {  // the warp index
#pragma tirx elect
    atomicAdd(&count[0], 1);
  }
  if (threadIdx.x / 32 == 1)
    if (tirx_elect_sync()) atomicAdd(&count[1], 1);
  if (t < 32) {  // whole warps: t counts from a multiple of 32
#pragma tirx elect
    atomicAdd(&count[2], 1);
  }
  if ((threadIdx.x >> 5) == 2 && global_warp < n) bump(&count[3]);
  if (warp_of(threadIdx.x) == 3) bump(&count[4]);  // a helper's result, followed
  for (int i = 0; i < k; ++i) {  // a loop counter and a parameter
    if (i % 2 == 0 && blockIdx.x < 4) {
#pragma tirx elect
      atomicAdd(&count[5], i);
    }
  }
  if (flags[blockIdx.x] != 0) bump(&count[6]);  // a load at a uniform address
  if (__shfl_sync(0xffffffffu, flags[threadIdx.x], 0) > 0) bump(&count[7]);  // lane 0's value, in every lane
  if (__any_sync(0xffffffffu, flags[threadIdx.x] > 0)) bump(&count[8]);
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() < 64) bump(&count[9]);  // the block's rank is a thread index
  bump_if(&count[11], warp);  // a warp-uniform argument
#pragma tirx uniform  // the programmer's word: every lane of a warp agrees on flags[threadIdx.x]
  if (flags[threadIdx.x] > 1) {
#pragma tirx elect
    atomicAdd(&count[10], 1);
  }
}
