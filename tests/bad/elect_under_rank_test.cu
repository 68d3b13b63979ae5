// elect under a cooperative group's rank test: the elected lane would be one
// lane of that lane's own subset, and the rest of the warp never arrives.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *count) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  if (warp.thread_rank() < 8) {
#pragma tirx elect
    atomicAdd(count, 1);
  }
}
