// A byte count over the mbarrier's limit written as a constant expression.
#include "tirx.h"
constexpr int kBytes = 1 << 20;
__global__ void k(const float *in, float *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full
#pragma tirx async(wg == 0)
  {
    tirx_trigger_bytes(full, 1 << 20);
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(full);
  }
}
