// A turn in a region other than the one that declares the ring.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    out[threadIdx.x] = 1.f;
  }
#pragma tirx async(wg == 0)
  {
#pragma tirx turn(mma)
    out[0] = 0.f;
  }
}
