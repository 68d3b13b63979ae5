// 'inthreads' before a statement that is not a block.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx inthreads(wg == 0)
  a[0] = 0.f;
}
