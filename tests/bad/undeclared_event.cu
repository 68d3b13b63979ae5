// A trigger of an event nobody declared.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    tirx_trigger(nosuch);
  }
#pragma tirx async(wg == 1)
  {
    a[0] = 1.f;
  }
}
