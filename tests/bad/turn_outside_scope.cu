// A turn after the block that declares its ring has ended.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
    {
#pragma tirx turns mma
      out[threadIdx.x] = 1.f;
    }
#pragma tirx turn(mma)
    out[threadIdx.x] += 1.f;
  }
}
