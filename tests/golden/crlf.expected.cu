#line 1 "crlf.cu"
// CRLF line endings are kept, and generated lines use them too.
#include "tirx.h"
__global__ void k(float *a) {
{
  { int i = 0; {
    a[i] = 0.f;
  } }
#line 5 "crlf.cu"
  { int i = 1; {
    a[i] = 0.f;
  } } }
  /* café — UTF-8 */
}
