// The count depends on a second template parameter, which values() does not
// give: it is not known for D = 64 either.
template <int D, bool CAUSAL>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 1 + (D == 64 && CAUSAL ? 3 : 2)) values(D: 64, 128)
#pragma tirx async(wg == 0)
  { out[threadIdx.x] = D; }
}
