// A trigger under a data-dependent 'if': count(N) is required.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e
#pragma tirx async(wg == 0)
  {
    tirx_wait(e);
  }
#pragma tirx async(wg == 1)
  {
    if (a[0] > 0.f) tirx_trigger(e);
  }
}
