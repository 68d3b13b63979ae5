// Planted: wg 1 takes one more turn than wg 2; wg 2 would wait for its last turn forever.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    for (int i = 0; i < (wg == 1 ? 4 : 3); ++i) {
#pragma tirx turn(mma)
      out[threadIdx.x] += 1.f;
    }
  }
}
