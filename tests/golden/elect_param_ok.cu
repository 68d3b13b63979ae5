// elect in helpers and lambdas whose parameters every call passes the same
// value in each lane of a warp: accepted.
#define WARP_SIZE 32
__device__ float warp_sum(float x) {
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) x += __shfl_xor_sync(0xffffffffu, x, offset);
  return x;
}

// Called with the warp index and a block's value.
__device__ void store_one(float val, float *out) {
#pragma tirx elect
  out[blockIdx.x * 32 + threadIdx.x / 32] = val;
}

// Called with a per-lane value, reduced by an xor butterfly: every lane holds
// the warp's sum, which uniform(...) asserts.
__device__ void store_sum(float val, float *out) {
  val = warp_sum(val);
#pragma tirx uniform(val)
#pragma tirx elect
  out[threadIdx.x / 32] = val;
}

// Called through a helper that broadcasts lane 0's value first.
__device__ void store_lane0(float v, float *out) { store_one(__shfl_sync(0xffffffffu, v, 0), out); }

// Never called in this file: its parameter is taken as the same in every lane.
__device__ void store_elsewhere(float val, float *out) {
#pragma tirx elect
  out[0] = val;
}

__global__ void k(const float *x, float *out, float scale) {
  store_one((float)(threadIdx.x / 32), out);
  store_one(scale * x[blockIdx.x], out + 1024);
  store_sum(x[blockIdx.x * blockDim.x + threadIdx.x], out + 2048);
  store_lane0(x[threadIdx.x], out + 3072);
  auto store_warp = [&](int w) {
#pragma tirx elect
    out[4096 + w] = scale;
  };
  store_warp(threadIdx.x / 32);
}
