// Slot -1: out of bounds.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[4]
#pragma tirx async(wg == 0)
  {
    tirx_wait(e[0]);
  }
#pragma tirx async(wg == 1)
  {
    tirx_trigger(e[-1]);
  }
}
