// A function tirx-pp cannot read (here a pointer the caller passes) that is
// given &x may write anything there: not proven uniform, a warning.
__global__ void k(float *out, void (*fill)(int *)) {
  int x = 0;
  fill(&x);
#pragma tirx elect
  out[x] = 1.f;
}
