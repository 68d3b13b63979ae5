// A signed parameter with unsigned values: 64u - 65 would wrap in tirx-pp's
// evaluation while the instantiation's int D gives -1.
template <int D>
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3) values(D: 64u, 128u)
#pragma tirx event full count(D - 65 > 0 ? 256 : 128)
#pragma tirx async(wg >= 1)
  { tirx_trigger(full); }
#pragma tirx async(wg == 0)
  { tirx_wait(full); out[0] = D; }
}
