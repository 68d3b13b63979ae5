// A turn before the declaration of its ring: no ring of that name yet.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turn(mma)
    out[threadIdx.x] += 1.f;
#pragma tirx turns mma
  }
}
