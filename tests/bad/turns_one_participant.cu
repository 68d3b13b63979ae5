// One participant: nothing to take turns with; a warning, and the turns compile to nothing.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg == 1)
  {
#pragma tirx turns mma
    for (int i = 0; i < n; ++i) {
#pragma tirx turn(mma)
      out[threadIdx.x] += 1.f;
    }
  }
}
