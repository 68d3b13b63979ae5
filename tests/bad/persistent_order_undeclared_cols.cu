// The order's expressions are parsed: an undeclared name is reported.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(grouped(cols, 2))
  a[t] = 0.f;
}
