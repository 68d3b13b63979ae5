// '#pragma tirx elect' under 'if (threadIdx.x % 32)': the condition holds in
// lanes 1 to 31 of every warp and not in lane 0, so elect.sync (which waits
// for all 32 lanes) runs in a warp that lane 0 left. A thread index taken for
// its truth differs between the lanes as its comparisons do.
#include "tirx.h"
__global__ void k(int *out) {
#pragma tirx warpgroups(wg: 1)
  if (threadIdx.x % 32) {
#pragma tirx elect
    out[threadIdx.x / 32] = 1;
  }
}
