// A literal slot with a suffix is still a literal: 4u of 4 slots.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[4]
#pragma tirx async(wg == 0)
  { tirx_trigger(full[4u]); }
#pragma tirx async(wg == 1)
  { tirx_wait(full[0]); a[0] = 1.f; }
}
