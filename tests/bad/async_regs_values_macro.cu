// regs() written through a macro that names D: the value goes where D is
// written in the annotation, not inside the macro.
#define REGS (D == 64 ? 160 : 232)
template <int D>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 1 + (D == 64 ? 3 : 2)) values(D: 64, 128)
#pragma tirx async(wg == 0) regs(24)
  { out[0] = D; }
#pragma tirx async(wg >= 1) regs(REGS)
  { out[threadIdx.x] = 0; }
}
