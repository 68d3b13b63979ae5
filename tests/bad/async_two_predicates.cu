// 'async' with two predicates.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx async(wg == 0, wg == 1)
  { a[0] = 0.f; }
}
