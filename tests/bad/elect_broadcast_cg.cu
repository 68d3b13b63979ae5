#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// The same broadcast through a tile of 32: rank 0 is lane 0, not the elected lane.
__global__ void claim(int *count, int *out) {
  cg::thread_block_tile<32> g = cg::tiled_partition<32>(cg::this_thread_block());
  int base = 0;
  if (tirx_elect_sync()) base = atomicAdd(count, 32);
  base = g.shfl(base, 0);
  out[base + g.thread_rank()] = 1;
}
