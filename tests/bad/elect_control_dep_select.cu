// A value chosen by a lane test in a `?:` or an `&&`: lane-dependent.
__global__ void k(float *out) {
  int lane = threadIdx.x % 32;
  int idx = 0;
  (void)(lane == 3 && (idx = 5));
#pragma tirx elect
  out[idx] = 1.f;
}
