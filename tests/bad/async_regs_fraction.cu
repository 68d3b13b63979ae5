// regs(24.5) is not 24.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0) regs(24.5)
  { a[0] = 0.f; }
}
