// elect under a condition on threadIdx.y: the same in every lane of a warp
// only when blockDim.x is a multiple of 32, which tirx-pp cannot know: a
// warning, and the output as usual.
#include "tirx.h"

__global__ void rows(int *count) {
  if (threadIdx.y == 0) {
#pragma tirx elect
    atomicAdd(count, 1);
  }
}
