// A function of another file that is given &x may write anything there: not
// proven uniform, a warning.
extern __device__ void fill(int *p);
__global__ void k(float *out) {
  int x = 0;
  fill(&x);
#pragma tirx elect
  out[x] = 1.f;
}
