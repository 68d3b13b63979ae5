// tirx_wait( never closed: one error, and no warning about wg 0.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e
#pragma tirx async(wg == 0)
  {
    tirx_wait(e;
  }
#pragma tirx async(wg == 1)
  {
    tirx_trigger(e);
  }
}
