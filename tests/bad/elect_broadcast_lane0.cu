// The warp-aggregated increment: one atomic per warp, its result broadcast
// from lane 0. With `if (lane == 0)` replaced by elect, lane 0 is no longer
// the lane that holds it.
__global__ void filter(const int *src, int *dst, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, base = 0;
  unsigned keep = __ballot_sync(0xffffffffu, i < n && src[i] > 0);
#pragma tirx elect
  base = atomicAdd(count, __popc(keep));
  base = __shfl_sync(0xffffffffu, base, 0);
  if (keep >> lane & 1) dst[base + __popc(keep & ((1u << lane) - 1))] = src[i];
}
