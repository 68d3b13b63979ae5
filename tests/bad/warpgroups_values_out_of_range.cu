// One of the values makes a partition of more than 1024 threads.
template <int D>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: D / 16) values(D: 64, 256)
#pragma tirx async(wg >= 0)
  { out[threadIdx.x] = D; }
}
