// A label in a kernel lowered per value: its body is written once per value,
// and nvcc would find the label defined twice.
template <int D>
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 1 + (D == 64 ? 3 : 2)) values(D: 64, 128)
#pragma tirx async(wg == 0)
  {
    int i = 0;
  again:
    out[i] = D;
    if (++i < n) goto again;
  }
#pragma tirx async(wg >= 1)
  { out[threadIdx.x] = 0; }
}
