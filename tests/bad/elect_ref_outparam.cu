__device__ void get_lane(int &l) { l = threadIdx.x % 32; }
__global__ void k(float *out) {
  int x;
  get_lane(x);
#pragma tirx elect
  out[x] = 1.f;
}
