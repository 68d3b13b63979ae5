// Two partitions in one kernel.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx warps(w: 8)
  a[0] = 0.f;
}
