// Template kernels launched with every template argument written (or defaulted, or a pack): fine.
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
void run(float *o, double *d, int n) {
#pragma tirx launch cluster(2)
  k<2, float><<<8, 256>>>(o, n);
#pragma tirx launch cluster(4)
  k<3, double><<<8, 256>>>(d, n);
}
template <int S, typename T = float>
__global__ void k2(T *out, int n) { out[threadIdx.x] = S * n; }
template <typename... Ts>
__global__ void v(Ts... xs) { }
template <typename T>
__global__ void d(T *out) { out[0] = 1; }
void run2(float *o, int n) {
#pragma tirx launch cluster(2)
  k2<2><<<8, 256>>>(o, n);
#pragma tirx launch
  v<float *, int><<<8, 256>>>(o, n);
}
