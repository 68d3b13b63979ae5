// --no-line: no #line directives.
#include "tirx.h"
__global__ void k(float *a) {
{
  { const int i = 0; a[i] = 0.f; }
  { const int i = 1; a[i] = 0.f; } }
}
