// grid(...) unroll in a constexpr function, which takes no goto: each copy is a
// do { } while (0), continue stays, and break sets a flag that skips the rest of
// its run of the innermost index (the next value of i starts again).
__host__ __device__ constexpr int sum_rows_to_negative(const int (&a)[2][3]) {
  int s = 0;
#pragma tirx grid(i: 2, j: 3) unroll
  {
    if (a[i][j] < 0) break;
    if (a[i][j] == 0) continue;
    s += a[i][j];
  }
  return s;
}
static_assert(sum_rows_to_negative({{1, -1, 5}, {2, 0, 3}}) == 6, "row 0 stops at -1, row 1 skips 0");
__global__ void k(int *out) { constexpr int a[2][3] = {{1, 2, -3}, {4, 0, 6}}; out[0] = sum_rows_to_negative(a); }
