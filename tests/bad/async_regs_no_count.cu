// 'regs' without its count.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx async(wg == 0) regs
  { a[0] = 0.f; }
}
