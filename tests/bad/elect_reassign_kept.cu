// A value read before the local is reassigned keeps the old value: `w`
// holds the lane's own load, though `v` is rebroadcast after.
__global__ void k(float *out, const float *in) {
  float v = in[threadIdx.x];
  float w = v;
  v = __shfl_sync(0xffffffff, v, 0);
#pragma tirx elect
  out[blockIdx.x] = w + v;
}
