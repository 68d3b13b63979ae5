// regs() on warps 4 and 5 of a 6-warp partition: the block ends inside
// warpgroup 1, and setmaxnreg needs all four warps of a warpgroup.
__global__ void k(float *out) {
#pragma tirx warps(w: 6)
#pragma tirx async(w < 4) regs(40)
  { out[threadIdx.x] = 0.f; }
#pragma tirx async(w >= 4) regs(232)
  { out[threadIdx.x] = 1.f; }
}
