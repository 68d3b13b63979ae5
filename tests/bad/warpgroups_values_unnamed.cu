// values() without the parameter's name.
template <int D>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 1 + (D == 64 ? 3 : 2)) values(64, 128)
#pragma tirx async(wg == 0)
  { out[threadIdx.x] = D; }
}
