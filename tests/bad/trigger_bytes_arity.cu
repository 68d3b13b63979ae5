// tirx_trigger_bytes() without its byte count: one error, not a second that
// "nothing triggers 'e'".
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e
#pragma tirx async(wg == 0)
  {
    tirx_wait(e);
  }
#pragma tirx async(wg == 1)
  {
    tirx_trigger_bytes(e);
  }
}
