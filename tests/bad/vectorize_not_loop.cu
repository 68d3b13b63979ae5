// 'vectorize' before a statement that is not a loop: like 'serial' and
// 'unroll', an error, not '#pragma unroll' before a non-loop.
__global__ void k(float *a) {
#pragma tirx vectorize
  a[0] = 0.f;
}
