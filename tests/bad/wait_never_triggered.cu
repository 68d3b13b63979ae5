// A wait on an event nothing triggers.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e
#pragma tirx async(wg == 0)
  {
    tirx_wait(e);
  }
#pragma tirx async(wg == 1)
  {
    a[0] = 1.f;
  }
}
