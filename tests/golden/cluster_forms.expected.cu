#line 1 "cluster_forms.cu"
// Cluster events: the fan-in modes, elect and count(N) triggers, explicit
// parity, and cluster launches (docs/clusters.md).
#include "tirx.h"
#define S 4
__global__ void __launch_bounds__(384, 1) modes(float *out, int n) {
const int wg = tirx_warpgroup_index();
  // A slot of `row` is filled by copies multicast along x: it is released in
  // the blocks of this block's cluster row; `grid2d` along both, as CUTLASS
  // counts (cx + cy - 1) x consumers.
__shared__ uint64_t row[S]; tirx_cluster_event_init(row, S, 8u * tirx_cluster_fanin(TIRX_FANIN_X)); uint32_t __tirx_phase_0_row = ~0u; __shared__ uint64_t col[S]; tirx_cluster_event_init(col, S, 8u * tirx_cluster_fanin(TIRX_FANIN_Y)); uint32_t __tirx_phase_0_col = ~0u; __shared__ uint64_t grid2d[S]; tirx_cluster_event_init(grid2d, S, 8u * tirx_cluster_fanin(TIRX_FANIN_XY)); uint32_t __tirx_phase_0_grid2d = ~0u; tirx_cluster_exit_t __tirx_cluster_exit_row;
  // count(C) is what one block gets in all: 128 threads x 4 blocks here.
__shared__ uint64_t done; tirx_cluster_event_init(&done, 1, (128 * 4));
if (wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      tirx_cluster_event_wait(row, __tirx_phase_0_row, k % S);
      tirx_cluster_event_wait(col, __tirx_phase_0_col, k % S);
      tirx_cluster_event_wait(grid2d, __tirx_phase_0_grid2d, k % S);
    }
    tirx_mbar_wait_parity_cluster(&done, 0);
    out[threadIdx.x] = 1.f;
  }
else if (wg >= 1)
  {
    for (int k = 0; k < n; ++k) {
if (tirx_elect_one_sync())
      tirx_cluster_arrive_each(&row[k % S], TIRX_FANIN_X);
      tirx_cluster_arrive_warp(&col[k % S], TIRX_FANIN_Y);
      tirx_cluster_arrive_warp(&grid2d[k % S], TIRX_FANIN_XY);
    }
    if (threadIdx.x % 128 < 64) tirx_cluster_arrive_each(&done, TIRX_FANIN_ALL);
  }
}

__global__ void tiles_kernel(float *out, int tiles) {
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
  out[tile * 128 + threadIdx.x] = (float)tirx_cluster_rank();
}

void run(float *out, int n, int tiles, cudaStream_t s) {
{ tirx_launch_t __tirx_launch = tirx_launch_begin_cluster(modes, (dim3(4, 2)), (384), 0, (s), false, dim3(2, 2, 1));
  if (__tirx_launch.err == cudaSuccess) tirx_launch_cluster(__tirx_launch, modes)(out, n); tirx_launch_end(__tirx_launch, "cluster_forms.cu", 42, 3, "modes", false, true); }
{ tirx_launch_t __tirx_launch = tirx_launch_begin_cluster(tiles_kernel, (tiles), (128), (64 * 1024), (s), true, dim3(2, 1, 1));
  if (__tirx_launch.err == cudaSuccess) tirx_launch_cluster(__tirx_launch, tiles_kernel)(out, tiles); tirx_launch_end(__tirx_launch, "cluster_forms.cu", 44, 3, "tiles_kernel", true, true); }
}
