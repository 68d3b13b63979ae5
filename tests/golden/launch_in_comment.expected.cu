#line 1 "launch_in_comment.cu"
// A partitioned kernel's launches are compared with its partition (a
// warning when the block differs), but not a launch written in a comment or
// a string: no message here (a warning on each before).
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) k(float *out) {
const int wg = tirx_warpgroup_index();
if (wg == 0)
  { out[0] = 1.f; }
else if (wg == 1)
  { out[threadIdx.x] = 2.f; }
}
void run(float *out) {
  k<<<1, 256>>>(out);
  // an old launch: k<<<1, 128>>>(out);
  const char *msg = "k<<<1, 64>>>";
  (void)msg;
}
