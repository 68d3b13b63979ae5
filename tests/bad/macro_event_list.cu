// TIRX_EVENT declares one event: a second pair of arguments would be dropped.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
  TIRX_EVENT(full, 2, empty, 2)
#pragma tirx async(wg == 0)
  { tirx_trigger(full[0]); }
#pragma tirx async(wg == 1)
  { tirx_wait(full[0]); a[0] = 1.f; }
}
