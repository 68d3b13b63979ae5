// A const element type through a typedef is still const: the vectorized loop
// loads p but never stores it back (it did when only the spelling was read).
#include <cuda_fp16.h>
typedef const __half ch;
__device__ __half f(const __half &x) { return x; }
__global__ void k(ch *p, __half *q) {
#pragma tirx vectorize
  for (int v = 0; v < 8; ++v) q[v] = f(p[v]);
}
