// tirx_wait() with three arguments.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e
#pragma tirx async(wg == 0)
  {
    tirx_wait(e, 1, 2);
  }
#pragma tirx async(wg == 1)
  {
    tirx_trigger(e);
  }
}
