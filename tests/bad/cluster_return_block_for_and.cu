// A return before a cluster event's declaration in a for loop whose && condition depends on the
// block (before: only if / while / switch conditions were looked at; no warning).
#include "tirx.h"
__global__ void scale(float *x, int n) {
  for (unsigned b = 0; b < blockIdx.x && n > 0; ++b)
    if (b == 6) return;
#pragma tirx event done count(1) cluster
  x[threadIdx.x] *= 2.f;
  if (threadIdx.x == 0) tirx_trigger(done);
  tirx_wait(done);
}
void launch_scale(float *x, int n) {
#pragma tirx launch cluster(4)
  scale<<<16, 128>>>(x, n);
}
