// A partitioned kernel launched in the same file with another block size
// (adoption trial 3: warpgroups(wg: 2) kept while the launch asks for
// NUM_THREADS, 384): a warning at each such launch whose block is a literal or
// a constant of the file (partition_launch_block_small: a literal); a launch
// with the right size, or a block tirx-pp cannot read (a dim3, an expression),
// or another kernel's launch says nothing.
#include "tirx.h"
static constexpr int NUM_THREADS = 3 * 128;
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  { out[0] = 1.f; }
#pragma tirx async(wg == 1)
  { out[threadIdx.x] = 2.f; }
}
__global__ void k2(float *out) { out[threadIdx.x] = 0.f; }
void run(float *out, int n) {
  k<<<1, NUM_THREADS>>>(out);
  k<<<dim3(n), 256>>>(out);
  k<<<1, 256>>>(out);
  k<<<1, dim3(256)>>>(out);
  k<<<1, 2 * 128, 0>>>(out);
  k2<<<1, 384>>>(out);
}
