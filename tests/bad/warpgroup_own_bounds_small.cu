// The kernel's own __launch_bounds__ allow fewer threads than its partition
// (no regs(): no setmaxnreg either): a launch of 384 threads is refused, one of
// 256 leaves warpgroup 2 out, and 'full' never gets its 256 arrivals.
__global__ void __launch_bounds__(256) k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full
#pragma tirx async(wg >= 1)
  { out[threadIdx.x] = 1.f; tirx_trigger(full); }
#pragma tirx async(wg == 0)
  { tirx_wait(full); out[0] = 2.f; }
}
