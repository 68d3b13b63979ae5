// 'ready' twice.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[2] ready ready
#pragma tirx async(wg == 0)
  { tirx_wait(e[0]); }
#pragma tirx async(wg == 1)
  { tirx_trigger(e[0]); a[0] = 1.f; }
}
