// Planted: only wg 1 takes turns (a loop of unknown trip count): wg 2 never passes the turn back.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    for (int i = 0; i < n; ++i) {
      if (wg == 1) {
#pragma tirx turn(mma)
        out[threadIdx.x] += 1.f;
      }
    }
  }
}
