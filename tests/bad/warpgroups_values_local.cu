// The count goes through a constant declared in the kernel: tirx-pp puts the
// values in the count's own text only.
template <int D>
__global__ void k(float *out) {
  constexpr int consumers = D == 64 ? 3 : 2;
#pragma tirx warpgroups(wg: 1 + consumers) values(D: 64, 128)
#pragma tirx async(wg == 0)
  { out[threadIdx.x] = D; }
}
