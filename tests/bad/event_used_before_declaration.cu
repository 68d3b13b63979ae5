// A wait before the event's declaration.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
  tirx_wait(full[1]);
#pragma tirx event full[2]
#pragma tirx async(wg == 0)
  { tirx_trigger(full[0]); tirx_trigger(full[1]); }
#pragma tirx async(wg == 1)
  { tirx_wait(full[0]); a[0] = 1.f; }
}
