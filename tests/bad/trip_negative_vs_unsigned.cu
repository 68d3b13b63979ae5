// -2 < 2u is false in C (-2 converts to 4294967294u): this loop never runs,
// so with -Werror the "never runs" warning must stop the build; tirx-pp must
// not expand four iterations.
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = -2; i < 2u; ++i) a[0] += 1.f;
}
