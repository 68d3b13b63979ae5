// A template kernel launched with template arguments left to deduction: the launch passes it as a
// function pointer (cudaLaunchKernelEx), where nothing deduces them; nvcc rejected the output.
#include "tirx.h"
template <int S, typename T>
__global__ void k(T *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[S] cluster(x), f[S] ready cluster(x)
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(f[i % S]); tirx_trigger(e[i % S]); }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(e[i % S]); out[threadIdx.x] += 1; tirx_trigger(f[i % S]); }
  }
}
void run(float *o, int n) {
#pragma tirx launch cluster(2)
  k<2, float><<<8, 256>>>(o, n);
#pragma tirx launch cluster(4)
  k<3><<<8, 256>>>(o, n);
}
