// A return before a cluster event's declaration under a condition on the block, in an if with an
// else (before: only an if without else was looked at; no warning).
#include "tirx.h"
__global__ void fill(int *dst, int n) {
  if (n > 0 && blockIdx.x >= 6)
    return;
  else
    dst[blockIdx.x] = n;
#pragma tirx event go count(1) cluster
  if (threadIdx.x == 0) tirx_trigger(go);
  tirx_wait(go);
}
int main() {
  int *d = 0;
#pragma tirx launch cluster(2)
  fill<<<8, 64>>>(d, 3);
}
