// A reassignment in a loop does not drop the value from before the loop: the
// loop may run no iteration.
__global__ void k(float *out, int n) {
  int idx = threadIdx.x % 32;
  for (int i = 0; i < n; i++) {
    idx = 0;
  }
#pragma tirx elect
  out[idx] = 1.f;
}
