// regs(2^63): refused, and not reported as regs(0).
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx async(wg == 0) regs(9223372036854775808)
  { a[0] = 0.f; }
}
