// A block barrier inside a region.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    __syncthreads();
  }
#pragma tirx async(wg == 1)
  {
    a[0] = 0.f;
  }
}
