// A mistake that every value of values() makes is reported once, with no value named.
template <int D>
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 1 + (D == 64 ? 3 : 2)) values(D: 64, 128)
#pragma tirx event full
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) tirx_wait(full);
  }
#pragma tirx async(wg >= 1)
  {
    for (int i = 0; i < n; ++i) { out[threadIdx.x] += 1.f; }
  }
}
