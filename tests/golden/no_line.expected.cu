// --no-line: no #line directives.
#include "tirx.h"
__global__ void k(float *a) {
{
  { int i = 0; a[i] = 0.f; }
  { int i = 1; a[i] = 0.f; } }
}
