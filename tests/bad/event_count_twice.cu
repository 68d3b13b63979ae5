// Two counts: one would silently win.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done count(128) count(4)
#pragma tirx async(wg == 0)
  { tirx_trigger(done); }
#pragma tirx async(wg == 1)
  { tirx_wait(done); a[0] = 1.f; }
}
