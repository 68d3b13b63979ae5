// 'regs' twice.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0) regs(40) regs(48)
  { a[0] = 0.f; }
}
