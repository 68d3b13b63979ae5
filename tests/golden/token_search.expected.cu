#line 1 "token_search.cu"
// Searches that read tokens, not bytes: `__launch_bounds__` in a comment
// before a kernel's name is none (the partition adds its own), and a loop
// variable named only in a comment of an inner annotation is not used (no
// copy declares it).
#include "tirx.h"
__global__ void /* no __launch_bounds__ yet */ __launch_bounds__(256, 1) part(float *a) {
const int wg = tirx_warpgroup_index();
  a[wg] = 0.f;
}

__global__ void unused(float *out) {
{
  { {
{
    { int k = 0; out[k] += 1.f; }
#line 15 "token_search.cu"
    { int k = 1; out[k] += 1.f; } }
  } }
#line 13 "token_search.cu"
  { {
{
    { int k = 0; out[k] += 1.f; }
#line 15 "token_search.cu"
    { int k = 1; out[k] += 1.f; } }
  } } }
}
