// The same through a lambda: its parameter is a per-lane load at the call.
__global__ void k(const float *x, float *out) {
  auto store_one = [&](float val) {
#pragma tirx elect
    out[threadIdx.x / 32] = val;
  };
  store_one(x[threadIdx.x]);
}
