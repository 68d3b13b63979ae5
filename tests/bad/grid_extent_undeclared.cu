// An undeclared name in a grid extent: the caret at the name, not at '#'.
__global__ void k(float *a) {
#pragma tirx grid(i: 4, j: nn) unroll
  a[i] = 0.f;
}
