#line 1 "elect_else.cu"
// elect as the then-branch of an if that has an else: the elected statement is
// braced, so that the else stays with the if it was written for (warps 1 and up
// write out[warp]; one lane of warp 0 counts).
#include "tirx.h"
__global__ void count_warps(int *out) {
  const int warp = threadIdx.x / 32;
  if (warp == 0)
{ if (tirx_elect_one_sync())
    atomicAdd(&out[0], 1); }
  else
    out[warp] = 7;
  if (warp == 1)
    { if (tirx_elect_one_sync()) atomicAdd(&out[1], 1); }
  else /* a comment */ out[warp] += 1;
  if (warp == 2)
    { if (tirx_elect_one_sync()) { atomicAdd(&out[2], 1); } }
  else if (warp == 3)
    out[3] = 3;
}
