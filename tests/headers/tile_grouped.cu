// tirx_tile_grouped (tirx.h) on the host: every tile visited exactly once,
// rows of a group walked column by column, for totals, column counts and
// group heights that divide evenly and that do not.
#include <cstdio>
#include <vector>

#include "tirx.h"

static int failures;

static void check(bool ok, const char *what, int total, int cols, int group, int pos) {
  if (ok) return;
  if (failures++ < 20) printf("FAIL %s: total %d cols %d group %d pos %d\n", what, total, cols, group, pos);
}

// The grouped order built the slow way: groups of `group` rows, column by
// column, row by row inside a column; then an incomplete last row.
static std::vector<int> reference(int total, int cols, int group) {
  std::vector<int> order;
  if (cols < 1 || group < 1) {
    for (int t = 0; t < total; t++) order.push_back(t);
    return order;
  }
  int rows = total / cols;
  for (int first = 0; first < rows; first += group)
    for (int c = 0; c < cols; c++)
      for (int r = first; r < first + group && r < rows; r++) order.push_back(r * cols + c);
  for (int t = rows * cols; t < total; t++) order.push_back(t);
  return order;
}

static void run(int total, int cols, int group) {
  std::vector<int> seen(total, 0), want = reference(total, cols, group);
  for (int pos = 0; pos < total; pos++) {
    int t = tirx_tile_grouped(pos, total, cols, group);
    check(t >= 0 && t < total, "in range", total, cols, group, pos);
    if (t < 0 || t >= total) continue;
    seen[t]++;
    check(t == want[pos], "grouped order", total, cols, group, pos);
  }
  for (int t = 0; t < total; t++) check(seen[t] == 1, "visited once", total, cols, group, t);
}

int main() {
  int n = 0;
  for (int rows = 1; rows <= 13; rows++)
    for (int cols = 1; cols <= 9; cols++)
      for (int group = 1; group <= rows + 3; group++, n++) run(rows * cols, cols, group);
  run(128 * 96, 96, 8), n++;        // a GEMM's tile grid
  run(10, 4, 2), run(7, 3, 5), n += 2;  // incomplete last row
  run(12, 0, 2), run(12, 4, 0), run(12, -1, -3), n += 3;  // nonsense: the order as it is
  // The first positions of a grouped walk: down the rows of a group, then across.
  check(tirx_tile_grouped(0, 64, 8, 4) == 0 && tirx_tile_grouped(1, 64, 8, 4) == 8 &&
            tirx_tile_grouped(3, 64, 8, 4) == 24 && tirx_tile_grouped(4, 64, 8, 4) == 1 &&
            tirx_tile_grouped(32, 64, 8, 4) == 32,
        "first positions", 64, 8, 4, 0);
  printf("%d tile grids, %s\n", n, failures ? "FAILED" : "every tile once, in grouped order");
  return failures != 0;
}
