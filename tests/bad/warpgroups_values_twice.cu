// A value given twice.
template <int D>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 1 + (D == 64 ? 3 : 2)) values(D: 64, 128, 64)
#pragma tirx async(wg == 0)
  { out[threadIdx.x] = D; }
}
