#include "tirx.h"
#line 1 "elect_user_macro.cu"
// elect spelled through a macro of the program whose body is `_Pragma(#x)`
// alone: read as _Pragma("tirx elect") (nvcc alone would ignore the pragma,
// and every lane would run the statement). Other pragmas pass through it.
#define PRAGMA(x) _Pragma(#x)
__global__ void count(int *c, float *a) {
  if (tirx_elect_one_sync())
  atomicAdd(c, 1);
  PRAGMA(unroll 4)
  for (int i = 0; i < 4; i++) a[i] += 1.f;
}
