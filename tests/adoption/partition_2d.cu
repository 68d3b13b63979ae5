// partition_2d.cu - a GPU check for adoption trial 2 (docs/adoption.md): the
// producer/consumer kernel of cuda-samples' globalToShmemAsyncCopy runs on a
// 16 x 18 block (8 consumer warps, 1 producer warp). Written with
// `warps(w: 9)`, that shape gave every warp index 0 (threadIdx.x / 32): the
// producer region never ran, silently. tirx_warp_index() now traps on a block
// that is not one-dimensional. Rewrite with tirx-pp, build with nvcc, run:
//   tirx-pp partition_2d.cu -o p.cu && nvcc -I headers -arch=sm_90a p.cu -o p && ./p
// Prints "PASS 1d" and "PASS 2d-traps"; exit 0.
#include <cstdio>
#include "tirx.h"

__global__ void roles(int *out) {
#pragma tirx warps(w: 9)
#pragma tirx async(w < 8)
  { if (tirx_lane_id() == 0) out[w] = 1; }
#pragma tirx async(w == 8)
  { if (tirx_lane_id() == 0) out[w] = 2; }
}

int main() {
  int *d, h[9];
  cudaMalloc(&d, sizeof h);
  cudaMemset(d, 0, sizeof h);
  roles<<<1, 288>>>(d);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  bool ok1 = e == cudaSuccess && h[8] == 2;
  for (int i = 0; i < 8; i++) ok1 = ok1 && h[i] == 1;
  printf("%s 1d (%s, out[8] = %d)\n", ok1 ? "PASS" : "FAIL", cudaGetErrorString(e), h[8]);
  cudaMemset(d, 0, sizeof h);
  roles<<<1, dim3(16, 18)>>>(d);
  e = cudaDeviceSynchronize();  // a trap is sticky: the context is lost after it
  bool ok2 = e != cudaSuccess;
  printf("%s 2d-traps (%s)\n", ok2 ? "PASS" : "FAIL: ran silently", cudaGetErrorString(e));
  return ok1 && ok2 ? 0 : 1;
}
