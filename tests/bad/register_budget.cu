// 3 x 128 threads x 256 registers: more than the register file.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0) regs(256)
  { a[0] = 0.f; }
#pragma tirx async(wg >= 1) regs(256)
  { a[1] = 0.f; }
}
