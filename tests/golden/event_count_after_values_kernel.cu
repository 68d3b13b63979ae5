// A kernel with values() and, after it, another kernel template whose own
// template parameter is also named D: the first kernel's values are not put
// into the second's annotations (D::kN stays the second's).
#include "tirx.h"
template <int D>
__global__ void a(float *out, int n) {
#pragma tirx warpgroups(wg: D == 64 ? 2 : 3) values(D: 64, 128)
#pragma tirx event full
#pragma tirx event empty ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(empty); tirx_trigger(full); }
  }
#pragma tirx async(wg >= 1)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(full); tirx_trigger(empty); }
  }
}
template __global__ void a<64>(float *, int);

struct Cfg { static constexpr int kN = 256; };
template <class D>
__global__ void b(float *out, int n) {
#pragma tirx event full count(D::kN)
#pragma tirx event empty count(D::kN) ready
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(empty); tirx_trigger(full); }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(full); tirx_trigger(empty); }
  }
}
template __global__ void b<Cfg>(float *, int);
