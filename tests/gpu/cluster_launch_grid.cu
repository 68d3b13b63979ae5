// cluster_launch_grid.cu - `#pragma tirx launch cluster(2)` of a grid that is
// not a multiple of the cluster: the launch is skipped and reported at its
// line, with why (docs/clusters.md). Needs no GPU: the configuration is
// checked before anything reaches the device.
//   cluster_launch_grid          cluster(2, 2) of a 4 x 3 grid, status(err): prints the error, exits 0 when it is cudaErrorInvalidValue
//   cluster_launch_grid handler  no status: the launch handler reports and exits 1
#include <cstdio>
#include <cstring>

#include "tirx.h"

__global__ void pair(int* out) { out[blockIdx.x] = (int)tirx_cluster_rank(); }

int main(int argc, char** argv) {
  int* out = nullptr;
  if (argc > 1 && !strcmp(argv[1], "handler")) {
#pragma tirx launch cluster(2)
    pair<<<3, 32>>>(out);
    printf("cluster_launch_grid: FAIL: the launch of 3 blocks in clusters of 2 went on\n");
    return 2;
  }
  cudaError_t err = cudaSuccess;
#pragma tirx launch cluster(2, 2) status(err)
  pair<<<dim3(4, 3), 32>>>(out);
  printf("cluster_launch_grid: %s: %s\n", err == cudaErrorInvalidValue ? "PASS" : "FAIL", cudaGetErrorString(err));
  return err == cudaErrorInvalidValue ? 0 : 1;
}
