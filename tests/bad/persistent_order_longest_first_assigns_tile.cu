// The tile index of longest_first is set by the loop at every step.
__global__ void k(float *a, int n) {
#pragma tirx persistent(t: n * 8) order(longest_first(8, 1))
  {
    a[t] = 0.f;
    t += 1;
  }
}
