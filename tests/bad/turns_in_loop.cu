// A turns declaration inside a loop would hand out the first turn again.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
    for (int i = 0; i < n; ++i) {
#pragma tirx turns mma
#pragma tirx turn(mma)
      out[threadIdx.x] += 1.f;
    }
  }
}
