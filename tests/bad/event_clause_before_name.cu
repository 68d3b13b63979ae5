// 'ready' before any name: a clause follows the event it belongs to.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event ready full[2]
#pragma tirx async(wg == 0)
  { tirx_wait(full[0]); a[0] = 1.f; }
#pragma tirx async(wg == 1)
  { tirx_trigger(full[0]); }
}
