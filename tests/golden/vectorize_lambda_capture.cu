// A lambda that captures reaches the loop's arrays by name wherever it is
// called: the loop is left to nvcc (a remark). One that captures nothing, as
// vectorize_written_by_reference.cu's, reaches them through its arguments.
#include "tirx.h"
__global__ void k(const float *X, float *Y, int b) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    auto f = [&] { return X[b + v] * 2.f; };
    Y[b + v] = f();
  }
}
