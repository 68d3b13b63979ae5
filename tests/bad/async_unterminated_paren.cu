// The predicate's '(' is never closed.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx async(wg == 0
  { a[0] = 0.f; }
}
