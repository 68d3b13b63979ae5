// A partitioned kernel launched in the same file with fewer threads than its
// partition covers (a literal block): wg 1 would have no threads, and a wait
// on what it triggers would never return. A warning.
#include "tirx.h"
__global__ void k(float *out) {
#pragma tirx warps(w: 4)
#pragma tirx async(w == 0)
  { out[0] = 1.f; }
#pragma tirx async(w >= 1)
  { out[threadIdx.x] = 2.f; }
}
int main() {
  float *out = nullptr;
  k<<<1, 32u>>>(out);
  return 0;
}
