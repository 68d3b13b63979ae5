// An event declared in a block, used after the block closed: nvcc would say
// "identifier full is undefined" of the output; the error is the input's.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
  {
#pragma tirx event full[2]
#pragma tirx async(wg == 0)
    { tirx_trigger(full[0]); }
#pragma tirx async(wg == 1)
    { tirx_wait(full[0]); a[0] = 1.f; }
  }
#pragma tirx wait full[1]
  a[1] = 1.f;
}
