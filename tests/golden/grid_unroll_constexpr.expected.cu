#line 1 "grid_unroll_constexpr.cu"
// grid(...) unroll in a constexpr function, which takes no goto: each copy is a
// do { } while (0), continue stays, and break sets a flag that skips the rest of
// its run of the innermost index (the next value of i starts again).
__host__ __device__ constexpr int sum_rows_to_negative(const int (&a)[2][3]) {
  int s = 0;
{ bool __tirx_broke_1 = false;
  { if (!__tirx_broke_1) { int i = 0; int j = 0; do {
    if (a[i][j] < 0) { __tirx_broke_1 = true; break; }
    if (a[i][j] == 0) continue;
    s += a[i][j];
  } while (0); } }
#line 7 "grid_unroll_constexpr.cu"
  { if (!__tirx_broke_1) { int i = 0; int j = 1; do {
    if (a[i][j] < 0) { __tirx_broke_1 = true; break; }
    if (a[i][j] == 0) continue;
    s += a[i][j];
  } while (0); } }
#line 7 "grid_unroll_constexpr.cu"
  { if (!__tirx_broke_1) { int i = 0; int j = 2; do {
    if (a[i][j] < 0) { __tirx_broke_1 = true; break; }
    if (a[i][j] == 0) continue;
    s += a[i][j];
  } while (0); } }
#line 7 "grid_unroll_constexpr.cu"
  __tirx_broke_1 = false; { if (!__tirx_broke_1) { int i = 1; int j = 0; do {
    if (a[i][j] < 0) { __tirx_broke_1 = true; break; }
    if (a[i][j] == 0) continue;
    s += a[i][j];
  } while (0); } }
#line 7 "grid_unroll_constexpr.cu"
  { if (!__tirx_broke_1) { int i = 1; int j = 1; do {
    if (a[i][j] < 0) { __tirx_broke_1 = true; break; }
    if (a[i][j] == 0) continue;
    s += a[i][j];
  } while (0); } }
#line 7 "grid_unroll_constexpr.cu"
  { if (!__tirx_broke_1) { int i = 1; int j = 2; do {
    if (a[i][j] < 0) { __tirx_broke_1 = true; break; }
    if (a[i][j] == 0) continue;
    s += a[i][j];
  } while (0); } } }
  return s;
}
static_assert(sum_rows_to_negative({{1, -1, 5}, {2, 0, 3}}) == 6, "row 0 stops at -1, row 1 skips 0");
__global__ void k(int *out) { constexpr int a[2][3] = {{1, 2, -3}, {4, 0, 6}}; out[0] = sum_rows_to_negative(a); }
