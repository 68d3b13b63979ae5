// sm_100's float2 arithmetic (crt/sm_100_rt.h), which nvcc declares only for
// sm_100 and later: tirx-pp parses for at most sm_90a, so the clang shim
// declares them for every target. tests/parse.sh compiles the output for sm_100a.
__global__ void pairs(float2 *a, const float2 *b) {
#pragma tirx unroll
  for (int k = 0; k < 4; ++k) {
    float2 x = __ffma2_rn(a[k], b[k], a[k]), y = __fadd2_rz(x, b[k]), z = __fmul2_rd(y, x);
    a[k] = __ffma2_ru(z, __fadd2_ru(x, y), __fmul2_rn(__fadd2_rd(z, z), __ffma2_rz(x, y, __fadd2_rn(z, z))));
    a[k + 4] = __fmul2_rz(__ffma2_rd(x, y, z), __fmul2_ru(x, y));
  }
}
