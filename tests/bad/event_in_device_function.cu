// An event in a helper: its init barrier is reached by whoever calls it.
__device__ void helper(float *a) {
#pragma tirx event done count(32)
  tirx_trigger(done);
  tirx_wait(done);
  a[0] = 1.f;
}
__global__ void k(float *a) {
  if (threadIdx.x < 32) helper(a);
}
