// A turn under elect: one lane per warp reaches the named barrier.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
#pragma tirx elect
    {
#pragma tirx turn(mma)
      out[threadIdx.x / 32] += 1.f;
    }
  }
}
