// The warp-aggregated increment with __activemask(): under elect the mask
// names the one elected lane, which runs the shuffle: well defined, silent.
__device__ int aggInc(int *ctr) {
  unsigned mask = __activemask();
  int leader = __ffs(mask) - 1;
  int res = 0;
  if (threadIdx.x % 32 == leader) res = atomicAdd(ctr, __popc(mask));
  return __shfl_sync(mask, res, leader);
}
__global__ void k(int *ctr, int *slots) {
#pragma tirx elect
  slots[blockIdx.x * 8 + threadIdx.x / 32] = aggInc(ctr);
}
