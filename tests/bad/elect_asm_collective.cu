// A helper's inline asm shuffle under elect, two calls deep: one lane runs
// shfl.sync with the full mask.
__device__ unsigned lane_shfl(unsigned v, int src) {
  unsigned r;
  asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v), "r"(src));
  return r;
}
__device__ unsigned broadcast(unsigned v) { return lane_shfl(v, 0); }
__global__ void k(unsigned *out) {
  if (tirx_elect_sync()) out[blockIdx.x] = broadcast(out[blockIdx.x]);
}
