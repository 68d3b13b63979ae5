// The register split fits for D = 128 (two consumers) and not for D = 64
// (three): checked once per value of values(), the message says which.
template <int D>
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 1 + (D == 64 ? 3 : 2)) values(D: 64, 128)
#pragma tirx event full
#pragma tirx event empty ready
#pragma tirx async(wg == 0) regs(40)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty);
      tirx_trigger(full);
    }
  }
#pragma tirx async(wg >= 1) regs(D == 64 ? 160 : 232)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(full);
      out[threadIdx.x] += 1.f;
      tirx_trigger(empty);
    }
  }
}
