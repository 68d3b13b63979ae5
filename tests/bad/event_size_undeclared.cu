// An undeclared name as the number of slots: clang's word is the cause.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[nn]
#pragma tirx async(wg == 0)
  { tirx_trigger(e[0]); }
#pragma tirx async(wg == 1)
  { tirx_wait(e[0]); }
}
