// A list of events that ends with a comma.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2], 
#pragma tirx async(wg == 0)
  { tirx_trigger(full[0]); }
#pragma tirx async(wg == 1)
  { tirx_wait(full[0]); a[0] = 1.f; }
}
