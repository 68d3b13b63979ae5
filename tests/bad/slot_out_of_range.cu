// Slot 99 of a 4-slot event: out of bounds (and a shift of the phase bits by 99).
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[4]
#pragma tirx async(wg == 0)
  {
    tirx_wait(e[99]);
  }
#pragma tirx async(wg == 1)
  {
    tirx_trigger(e[0]);
  }
}
