// elect under `if (threadIdx.x == 0)`: one lane of warp 0 reaches the
// elect.sync of the full warp, which waits for the other 31 (docs/language.md#threads-warps-collectives).
__global__ void k(int *count) {
  if (threadIdx.x == 0) {
#pragma tirx elect
    atomicAdd(count, 1);
  }
}
