// A negative transaction count.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx async(wg == 0)
  { tirx_trigger_bytes(full[0], -4); }
#pragma tirx async(wg == 1)
  { tirx_wait(full[0]); a[0] = 1.f; }
}
