// A negative register count.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx async(wg == 0) regs(-8)
  { a[0] = 0.f; }
}
