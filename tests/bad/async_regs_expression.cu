// regs(2 * N): the message shows the clause as written and its value.
constexpr int N = 10;
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1)
#pragma tirx async(wg == 0) regs(2 * N)
  { a[0] = 0.f; }
}
