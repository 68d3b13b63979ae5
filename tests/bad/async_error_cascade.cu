// One bad region in a chain of two: one error, and no warning that "wg = 0
// runs none of these regions" -- wg 0 has a region, it is the one in error.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0) regs(-8)
  { a[0] = 0.f; }
#pragma tirx async(wg == 1)
  { a[1] = 0.f; }
}
