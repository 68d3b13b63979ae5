// A local named like the partition index: the turn's lowering chooses its barrier by 'wg'.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    int wg = n % 3;
#pragma tirx turn(mma)
    out[threadIdx.x] += wg;
  }
}
