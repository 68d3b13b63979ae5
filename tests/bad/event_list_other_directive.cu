// A comma list is an event declaration's only: elsewhere a name is expected.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0) regs(40), regs(40)
  { a[0] = 1.f; }
#pragma tirx async(wg == 1)
  { a[1] = 1.f; }
}
