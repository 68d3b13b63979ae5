#line 1 "unroll_forms.cu"
// Every loop form unroll accepts, and constants from macros, constexpr,
// enums and template arguments.
#include "tirx.h"
#define N_MACRO 3
constexpr int kCount = 2;
enum { kEnum = 2 };
template <int M> struct Width { static constexpr int value = M; };

__global__ void forms(int *out) {
  int s = 0;
{
  { int i = 0; s += i; }
#line 12 "unroll_forms.cu"
  { int i = 1; s += i; }
#line 12 "unroll_forms.cu"
  { int i = 2; s += i; }
#line 12 "unroll_forms.cu"
  { int i = 3; s += i; } }
{
  { int i = 10; s += i; }
#line 14 "unroll_forms.cu"
  { int i = 9; s += i; }
#line 14 "unroll_forms.cu"
  { int i = 8; s += i; } }
{
  { unsigned int i = 8; s += (int)i; }
#line 16 "unroll_forms.cu"
  { unsigned int i = 5; s += (int)i; } }
{
  { long i = 0; s += (int)i; }
#line 18 "unroll_forms.cu"
  { long i = 4; s += (int)i; } }
{
  { short i = 2; s += i; }
#line 20 "unroll_forms.cu"
  { short i = 3; s += i; }
#line 20 "unroll_forms.cu"
  { short i = 4; s += i; }
#line 20 "unroll_forms.cu"
  { short i = 5; s += i; } }
{
  { int i = 0; s += i; }
#line 22 "unroll_forms.cu"
  { int i = 1; s += i; } }
  {
#line 23 "unroll_forms.cu"
  { int i = 0; s -= i; }
#line 23 "unroll_forms.cu"
  { int i = 1; s -= i; } }
  {
#line 24 "unroll_forms.cu"
  { { s *= 2; } }
#line 24 "unroll_forms.cu"
  { { s *= 2; } } }
  int k;
{
  { k = 0; s += k; }
#line 27 "unroll_forms.cu"
  { k = 1; s += k; } k = 2; }
  out[0] = s + k;
}
