// An event array triggered without a slot.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[2]
#pragma tirx async(wg == 0)
  {
    tirx_wait(e[0]);
  }
#pragma tirx async(wg == 1)
  {
    tirx_trigger(e);
  }
}
