// An event of one kernel used in another: the note says where it is declared.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx async(wg == 0)
  { tirx_trigger(full[0]); }
#pragma tirx async(wg == 1)
  { tirx_wait(full[0]); a[0] = 1.f; }
}
__global__ void k2(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  { tirx_wait(full[0]); a[0] = 1.f; }
#pragma tirx async(wg == 1)
  { a[1] = 1.f; }
}
