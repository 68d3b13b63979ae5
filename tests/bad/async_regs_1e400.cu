// A floating register count: not a constant integer (and not 2147483647).
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx async(wg == 0) regs(1e400)
  { a[0] = 0.f; }
}
