// Names that pick one kernel: a template's specialization beside a plain overload, and a kernel
// declared before its definition, kernels of one name in two namespaces (no error).
#include "tirx.h"
template <int S> __global__ void k(float *a) { a[0] = S; }
__global__ void k(double *a) { a[0] = 0; }
__global__ void g(float *a);
void run(float *a) {
#pragma tirx launch cluster(2)
  k<2><<<8, 32>>>(a);
#pragma tirx launch
  g<<<8, 32>>>(a);
}
__global__ void g(float *a) { a[0] = 1; }
namespace a { __global__ void h(float *x) { x[0] = 1; } }
namespace b { __global__ void h(float *x) { x[0] = 2; } }
void run2(float *x) {
#pragma tirx launch cluster(2)
  a::h<<<8, 32>>>(x);
#pragma tirx launch
  b::h<<<8, 32>>>(x);
}
