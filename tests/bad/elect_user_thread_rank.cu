// A thread_rank() of the program's own class is not a cooperative group's,
// whatever the class's name: here the rank of lanes 0..15 is below 32 and
// the rest's is not, so the elect's condition differs between the lanes.
struct thread_block_view {
  __device__ unsigned thread_rank() const { return (threadIdx.x & 31) * 2; }
};
__global__ void k(int *count) {
  thread_block_view v;
  if (v.thread_rank() / 32 == 0) {
#pragma tirx elect
    atomicAdd(count, 1);
  }
}
