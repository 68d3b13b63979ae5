// regs() depends on a template parameter that values() does not give.
template <int D, int R>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 1 + (D == 64 ? 3 : 2)) values(D: 64, 128)
#pragma tirx async(wg == 0) regs(R)
  { out[threadIdx.x] = D; }
#pragma tirx async(wg >= 1)
  { out[threadIdx.x] = 0; }
}
