// A break that leaves a turn before the turn is passed on.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    for (int i = 0; i < n; ++i) {
#pragma tirx turn(mma)
      {
        if (out[i] < 0.f) break;
        out[threadIdx.x] += 1.f;
      }
    }
  }
}
