// An unsigned parameter with values written as int: the counts would be
// evaluated with int arithmetic (D - 65 is -1, not 4294967295).
template <unsigned D>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: D - 65 > 0 ? 2 : 3) values(D: 64, 128)
#pragma tirx async(wg >= 0)
  { out[threadIdx.x] = D; }
}
