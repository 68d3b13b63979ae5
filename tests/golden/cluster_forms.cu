// Cluster events: the fan-in modes, elect and count(N) triggers, explicit
// parity, and cluster launches (docs/clusters.md).
#include "tirx.h"
#define S 4
__global__ void modes(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
  // A slot of `row` is filled by copies multicast along x: it is released in
  // the blocks of this block's cluster row; `grid2d` along both, as CUTLASS
  // counts (cx + cy - 1) x consumers.
#pragma tirx event row[S] ready cluster(x), col[S] ready cluster(y), grid2d[S] ready cluster(x, y)
  // count(C) is what one block gets in all: 128 threads x 4 blocks here.
#pragma tirx event done cluster count(128 * 4)
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      tirx_wait(row[k % S]);
      tirx_wait(col[k % S]);
      tirx_wait(grid2d[k % S]);
    }
    tirx_wait(done, 0);
    out[threadIdx.x] = 1.f;
  }
#pragma tirx async(wg >= 1)
  {
    for (int k = 0; k < n; ++k) {
#pragma tirx elect
      tirx_trigger(row[k % S]);
      tirx_trigger(col[k % S]);
      tirx_trigger(grid2d[k % S]);
    }
    if (threadIdx.x % 128 < 64) tirx_trigger(done);
  }
}

__global__ void tiles_kernel(float *out, int tiles) {
#pragma tirx persistent(tile: tiles)
  out[tile * 128 + threadIdx.x] = (float)tirx_cluster_rank();
}

void run(float *out, int n, int tiles, cudaStream_t s) {
#pragma tirx launch cluster(2, 2) stream(s) async
  modes<<<dim3(4, 2), 384>>>(out, n);
#pragma tirx launch grid(persistent) cluster(2) smem(64 * 1024) stream(s)
  tiles_kernel<<<tiles, 128>>>(out, tiles);
}
