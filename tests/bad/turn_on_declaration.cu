// A turn on a declaration: the block it becomes would end the name.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
#pragma tirx turn(mma)
    float x = out[threadIdx.x];
    out[threadIdx.x] = x + 1.f;
  }
}
