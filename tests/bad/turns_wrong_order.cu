// Planted: wg 1 waits, in its turn, for what wg 2 triggers in its own turn, which comes after.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx event done count(128)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    for (int i = 0; i < n; ++i) {
#pragma tirx turn(mma)
      {
        if (wg == 1) tirx_wait(done);
        out[threadIdx.x] += 1.f;
        if (wg == 2) tirx_trigger(done);
      }
    }
  }
}
