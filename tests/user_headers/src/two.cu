// A second translation unit with the same header: the same copy.
#include "kernels/scale.cuh"
void launch_two(float *x) { scale<float><<<1, 32>>>(x, 3.0f); }
