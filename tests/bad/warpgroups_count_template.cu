// A partition whose count is a template parameter (FlashAttention-3 makes the
// number of consumer warpgroups one): tirx-pp lowers the kernel once, and its
// arrival counts and launch bounds need the count before any instantiation.
// The error says so, and what to use instead (not "not a constant expression",
// which the user would read as a run-time value).
#include "tirx.h"
template <int kConsumers>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 1 + kConsumers)
#pragma tirx async(wg == 0) regs(24)
  { out[0] = 1.f; }
#pragma tirx async(wg >= 1) regs(240)
  { out[threadIdx.x] = 2.f; }
}
template __global__ void k<2>(float *);
