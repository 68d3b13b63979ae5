// break and continue that bind to the unrolled loop become gotos; those of an
// inner loop, a switch or a while stay theirs.
#include "tirx.h"

__global__ void jumps(const int *in, int *out) {
  int acc = 0;
#pragma tirx unroll
  for (int i = 0; i < 3; ++i) {
    if (in[i] < 0) continue;
    if (in[i] > 100) break;
    switch (in[i]) {
    case 1: acc += 10; break;
    default: acc += in[i];
    }
    for (int j = 0; j < 4; ++j) {
      if (j == in[i]) break;
      if (j == 1) continue;
      acc += j;
    }
    int w = 0;
    while (true) {
      if (++w > 2) break;
    }
    acc += w;
  }
  out[0] = acc;
}
