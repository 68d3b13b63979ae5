// regs(R) that depends on a template parameter through a constant: the
// register split is checked (and written into setmaxnreg) before any
// instantiation, so the error names the template parameter as the cause.
#include "tirx.h"
template <int D>
__global__ void k(float *out) {
  constexpr int kRegs = D == 64 ? 160 : 232;
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0) regs(24)
  { out[0] = 1.f; }
#pragma tirx async(wg >= 1) regs(kRegs)
  { out[threadIdx.x] = 2.f; }
}
template __global__ void k<64>(float *);
