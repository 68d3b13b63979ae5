// Two regions of one chain that both run wg 1.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg <= 1) regs(40)
  { a[0] = 0.f; }
#pragma tirx async(wg == 1) regs(40)
  { a[1] = 0.f; }
}
