// The warp total of an inclusive scan is in the last lane: `if (lane == 31)`
// replaced by elect stores the elected lane's own prefix.
__global__ void warp_totals(const int *in, int *totals) {
  const int lane = threadIdx.x % 32;
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int d = 1; d < 32; d *= 2) {
    int n = __shfl_up_sync(0xffffffff, v, d);
    if (lane >= d) v += n;
  }
#pragma tirx elect
  totals[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = v;
}
