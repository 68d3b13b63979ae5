// The call chain to a collective in another file names each file.
#include "elect_chain_header.h"
__global__ void k(float *out, const float *in) {
  float v = in[blockIdx.x];
#pragma tirx elect
  chain_store_sum(out, v);
}
