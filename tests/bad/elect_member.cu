struct S { int idx; };
__global__ void k(float *out) {
  S s; s.idx = threadIdx.x % 32;
#pragma tirx elect
  out[s.idx] = 1.f;
}
