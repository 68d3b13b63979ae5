// Slot 1 of an event with one slot (no [N]): out of bounds.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e
#pragma tirx async(wg == 0)
  {
    tirx_wait(e[1]);
  }
#pragma tirx async(wg == 1)
  {
    tirx_trigger(e);
  }
}
