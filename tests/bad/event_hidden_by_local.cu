// A local named like the event hides it: &full[0] would be the local's.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx async(wg == 0)
  {
    float full[2] = {0.f, 1.f};
    a[0] = full[1];
    tirx_trigger(full[0]);
  }
#pragma tirx async(wg == 1)
  { tirx_wait(full[0]); a[1] = 1.f; }
}
