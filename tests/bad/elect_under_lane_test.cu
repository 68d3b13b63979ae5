// elect under a test on the lane: half of each warp reaches it.
__global__ void k(float *out) {
  const int lane = threadIdx.x % 32;
  if (lane < 16)
    if (tirx_elect_sync()) out[threadIdx.x / 32] = 1.f;
}
