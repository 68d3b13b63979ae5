// Every loop form unroll accepts, and constants from macros, constexpr,
// enums and template arguments.
#include "tirx.h"
#define N_MACRO 3
constexpr int kCount = 2;
enum { kEnum = 2 };
template <int M> struct Width { static constexpr int value = M; };

__global__ void forms(int *out) {
  int s = 0;
#pragma tirx unroll
  for (int i = 0; i <= N_MACRO; i++) s += i;
#pragma tirx unroll
  for (int i = 10; i > 7; --i) s += i;
#pragma tirx unroll
  for (unsigned i = 8; i >= 3; i -= 3) s += (int)i;
#pragma tirx unroll
  for (long i = 0; i != kCount * 4; i += 4) s += (int)i;
#pragma tirx unroll
  for (short i = kEnum; 6 > i; i++) s += i;
#pragma tirx unroll
  for (int i = 0; i < Width<2>::value; ++i) s += i;
  _Pragma("tirx unroll") for (int i = 0; i < 2; ++i) s -= i;
  TIRX_UNROLL for (int i = 0; i < 2; ++i) { s *= 2; }
  int k;
#pragma tirx unroll
  for (k = 0; k < 2; ++k) s += k;
  out[0] = s + k;
}
