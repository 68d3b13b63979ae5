// 'async' without its predicate.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx async
  { a[0] = 0.f; }
}
