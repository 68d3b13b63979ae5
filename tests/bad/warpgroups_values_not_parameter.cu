// values() names something that is not a template parameter of the kernel.
constexpr int NC = 2;
template <int D>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 1 + (D == 64 ? 3 : 2)) values(NC: 64, 128)
#pragma tirx async(wg == 0)
  { out[threadIdx.x] = D; }
}
