// TIRX_ELECT inside a macro's definition: the macro's uses would run tirx.h's
// fallback, which no check of elect sees (here the elected lane's `s` is any
// of 16 lanes' values, under a lane-dependent condition).
#include "tirx.h"
#define STORE_ONCE(dst, val) TIRX_ELECT (dst) = (val)
__global__ void k(const float *in, float *out) {
  float s = in[threadIdx.x];
  if (threadIdx.x < 16) {
    STORE_ONCE(out[blockIdx.x], s);
  }
}
