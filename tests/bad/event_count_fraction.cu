// An arrival count that is not an integer.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done count(2.5)
#pragma tirx async(wg == 0)
  { tirx_trigger(done); }
#pragma tirx async(wg == 1)
  { tirx_wait(done); a[0] = 1.f; }
}
