// 65 slots: more phase bits than tirx-pp keeps.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[65]
#pragma tirx async(wg == 0)
  {
    tirx_wait(e[0]);
    a[0] = 0.f;
  }
#pragma tirx async(wg == 1)
  {
    tirx_trigger(e[0]);
  }
}
