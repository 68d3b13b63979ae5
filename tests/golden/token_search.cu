// Searches that read tokens, not bytes: `__launch_bounds__` in a comment
// before a kernel's name is none (the partition adds its own), and a loop
// variable named only in a comment of an inner annotation is not used (no
// copy declares it).
#include "tirx.h"
__global__ void /* no __launch_bounds__ yet */ part(float *a) {
#pragma tirx warpgroups(wg: 2)
  a[wg] = 0.f;
}

__global__ void unused(float *out) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) {
#pragma tirx unroll  // the same for each i
    for (int k = 0; k < 2; ++k) out[k] += 1.f;
  }
}
