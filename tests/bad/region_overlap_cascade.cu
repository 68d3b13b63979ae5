// Overlap alone: the overlapping index must not also be counted twice into a
// register budget error.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  { a[0] = 0.f; }
#pragma tirx async(wg <= 1)
  { a[1] = 0.f; }
}
