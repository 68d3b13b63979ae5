// regs(2^32 + 40): truncated to int this is 40, a valid count; the real value
// is far over 256 and must be refused, not become setmaxnreg 40.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx async(wg == 0) regs(4294967336)
  { a[0] = 0.f; }
}
