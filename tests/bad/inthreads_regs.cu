// 'inthreads' has no 'regs' clause.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx inthreads(wg == 0) regs(40)
  { a[0] = 0.f; }
}
