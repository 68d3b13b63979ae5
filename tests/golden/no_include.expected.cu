#include "tirx.h"
#line 1 "no_include.cu"
// A file that uses elect without including tirx.h gets the include added.
__global__ void k(int *c) {
if (tirx_elect_one_sync())
  atomicAdd(c, 1);
}
