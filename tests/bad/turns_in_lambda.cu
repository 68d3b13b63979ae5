// A turns declaration inside a lambda: any partition index may call it.
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
    auto f = [&] {
#pragma tirx turns mma
      out[threadIdx.x] = 1.f;
    };
    f();
  }
}
