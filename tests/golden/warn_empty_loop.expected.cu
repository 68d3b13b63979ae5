#line 1 "warn_empty_loop.cu"
// A loop under unroll that never runs is a warning (an error under -Werror).
#include "tirx.h"
__global__ void k(float *a) {
{ }
#line 5 "warn_empty_loop.cu"
  
}
