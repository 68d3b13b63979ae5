#line 1 "unroll_constexpr_break.cu"
// unroll: break and continue in a constexpr function, which takes no goto: each
// copy's body is a do { } while (0), break sets a flag that skips the copies after it.
__host__ __device__ constexpr int first_neg(const int (&a)[4]) {
  int r = -1;
{ bool __tirx_broke_1 = false;
  { if (!__tirx_broke_1) { int i = 0; do {
    if (a[i] == 0) continue;
    if (a[i] < 0) r = i; else continue;
    if (r >= 0) { __tirx_broke_1 = true; break; }
  } while (0); } }
#line 6 "unroll_constexpr_break.cu"
  { if (!__tirx_broke_1) { int i = 1; do {
    if (a[i] == 0) continue;
    if (a[i] < 0) r = i; else continue;
    if (r >= 0) { __tirx_broke_1 = true; break; }
  } while (0); } }
#line 6 "unroll_constexpr_break.cu"
  { if (!__tirx_broke_1) { int i = 2; do {
    if (a[i] == 0) continue;
    if (a[i] < 0) r = i; else continue;
    if (r >= 0) { __tirx_broke_1 = true; break; }
  } while (0); } }
#line 6 "unroll_constexpr_break.cu"
  { if (!__tirx_broke_1) { int i = 3; do {
    if (a[i] == 0) continue;
    if (a[i] < 0) r = i; else continue;
    if (r >= 0) { __tirx_broke_1 = true; break; }
  } while (0); } } }
  return r;
}
static_assert(first_neg({1, 0, -3, -4}) == 2, "first negative");
__global__ void k(int *out) { constexpr int a[4] = {1, 2, -3, 4}; out[0] = first_neg(a); }
// The loop variable declared before the loop keeps the value it had at the
// break: a copy after it does not assign it, nor does the end of the loop.
__host__ __device__ constexpr int first_zero(const int (&a)[4]) {
  int k = -1;
{ bool __tirx_broke_2 = false;
  { if (!__tirx_broke_2) { k = 0; do {
    if (a[k] == 0) { __tirx_broke_2 = true; break; }
  } while (0); } }
#line 20 "unroll_constexpr_break.cu"
  { if (!__tirx_broke_2) { k = 1; do {
    if (a[k] == 0) { __tirx_broke_2 = true; break; }
  } while (0); } }
#line 20 "unroll_constexpr_break.cu"
  { if (!__tirx_broke_2) { k = 2; do {
    if (a[k] == 0) { __tirx_broke_2 = true; break; }
  } while (0); } }
#line 20 "unroll_constexpr_break.cu"
  { if (!__tirx_broke_2) { k = 3; do {
    if (a[k] == 0) { __tirx_broke_2 = true; break; }
  } while (0); } } if (!__tirx_broke_2) k = 4; }
  return k;
}
static_assert(first_zero({1, 0, 3, 4}) == 1, "first zero");
static_assert(first_zero({1, 2, 3, 4}) == 4, "no zero");
