// One value written two ways.
template <unsigned D>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: D / 32) values(D: 64u, 0x40u, 128u)
#pragma tirx async(wg >= 0)
  { out[threadIdx.x] = D; }
}
