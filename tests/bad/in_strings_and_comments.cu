// #pragma tirx unroll
/* #pragma tirx grid(i: 4
   TIRX_UNROLL tirx_wait(e[0]) _Pragma("tirx elect") */
__global__ void k(float *a) {
  const char *s = "#pragma tirx unroll TIRX_GRID(i, 4) tirx_trigger(x) _Pragma(\"tirx elect\")";
  char c = 'T'; // TIRX_ELECT tirx_cta_sync()
  const char *r = R"x(
#pragma tirx warpgroups(wg: 99)
_Pragma("tirx unrol") TIRX_UNROLL_N() tirx_wait(
)x";
  a[0] = s[0] + c + r[0];
}
