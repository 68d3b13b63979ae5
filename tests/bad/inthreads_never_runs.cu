// A predicate no index satisfies.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx inthreads(wg > 5)
  { a[0] = 0.f; }
}
