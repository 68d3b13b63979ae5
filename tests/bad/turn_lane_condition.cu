// A turn that only part of a warpgroup reaches: the named barrier waits for all of it.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    for (int i = 0; i < n; ++i) {
      if (threadIdx.x % 128 < 64) {
#pragma tirx turn(mma)
        out[threadIdx.x] += 1.f;
      }
    }
  }
}
