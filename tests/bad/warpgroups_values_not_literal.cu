// A value of values() that is a name: tirx-pp takes integer literals (and true, false).
constexpr int kWide = 128;
template <int D>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 1 + (D == 64 ? 3 : 2)) values(D: 64, kWide)
#pragma tirx async(wg >= 0)
  { out[threadIdx.x] = D; }
}
