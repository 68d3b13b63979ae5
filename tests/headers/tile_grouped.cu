// tirx_tile_grouped, tirx_tile_longest_first and tirx_group_of (tirx.h) on the host: every
// tile visited exactly once, in the grouped order (rows of a group walked column
// by column) or longest_first's (the same, columns reversed, dealt to the blocks
// back and forth), for totals, column counts and group heights that divide evenly and that do not.
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

// tirx_tile_longest_first: over all blocks and steps, every tile once; block b
// takes position b, then 2 * blocks - 1 - b, ...; each position's tile is the
// grouped order's with the columns reversed.
static void run_longest_first(int total, int cols, int group, int blocks) {
  std::vector<int> seen(total, 0), want = reference(total, cols, group);
  for (int b = 0; b < blocks; b++)
    for (int step = 0;; step++) {
      int t = tirx_tile_longest_first(step, b, blocks, total, cols, group);
      if (t < 0) break;
      check(t < total, "longest_first in range", total, cols, group, step);
      if (t >= total) break;
      seen[t]++;
      int pos = step * blocks + (step % 2 ? blocks - 1 - b : b), w = want[pos];
      if (cols >= 1 && group >= 1 && w < total / cols * cols) w = w / cols * cols + cols - 1 - w % cols;
      check(t == w, "longest_first order", total, cols, group, pos);
    }
  for (int t = 0; t < total; t++) check(seen[t] == 1, "longest_first visits once", total, cols, group, t);
}

// tirx_group_of over the tile table of a grouped GEMM (first[g]: group g's
// first tile, rows_g / tile_rows rounded up times `cols` tiles each, empty
// groups included): every tile's group holds it, and the groups' tiles, each
// walked in the grouped order, cover every (group, row, column) tile once.
static void run_groups(const std::vector<int> &rows_of, int tile_rows, int cols, int group) {
  const int groups = (int)rows_of.size();
  std::vector<int> first(groups + 1, 0);
  for (int g = 0; g < groups; g++)
    first[g + 1] = first[g] + (rows_of[g] > 0 ? (rows_of[g] + tile_rows - 1) / tile_rows * cols : 0);
  std::vector<int> seen(first[groups], 0);
  for (int tile = 0; tile < first[groups]; tile++) {
    const int g = tirx_group_of(tile, first.data(), groups);
    check(g >= 0 && g < groups && first[g] <= tile && tile < first[g + 1], "group_of holds the tile", first[groups],
          cols, group, tile);
    if (g < 0 || g >= groups) continue;
    const int t = tirx_tile_grouped(tile - first[g], first[g + 1] - first[g], cols, group);
    check(t >= 0 && t < first[g + 1] - first[g], "group's tile in range", first[groups], cols, group, tile);
    if (t >= 0 && t < first[g + 1] - first[g]) seen[first[g] + t]++;
  }
  for (int t = 0; t < first[groups]; t++) check(seen[t] == 1, "group tile visited once", first[groups], cols, group, t);
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
  for (int rows = 1; rows <= 9; rows++)
    for (int cols = 1; cols <= 9; cols++)
      for (int group = 1; group <= rows + 1; group++)
        for (int blocks = 1; blocks <= 7; blocks++, n++) run_longest_first(rows * cols, cols, group, blocks);
  run_longest_first(128 * 32, 32, 1, 132), run_longest_first(10, 4, 2, 3), run_longest_first(12, 0, 1, 5), n += 3;
  // Two blocks, one row of 4: block 0 takes the last column, then the first.
  check(tirx_tile_longest_first(0, 0, 2, 8, 4, 1) == 3 && tirx_tile_longest_first(0, 1, 2, 8, 4, 1) == 2 &&
            tirx_tile_longest_first(1, 0, 2, 8, 4, 1) == 0 && tirx_tile_longest_first(1, 1, 2, 8, 4, 1) == 1 &&
            tirx_tile_longest_first(4, 0, 2, 8, 4, 1) == -1,
        "longest_first first steps", 8, 4, 1, 0);
  // Groups of uneven sizes: empty ones (first, last, in a row), one row, sizes
  // off the tile, one group, then drawn sizes.
  const std::vector<int> sizes[] = {{0, 129, 0, 1, 300, 64, 255, 0, 0, 128}, {5}, {0}, {0, 0, 7}, {256, 0}};
  for (const auto &rows_of : sizes)
    for (int tile_rows : {64, 128, 192})
      for (int cols = 1; cols <= 5; cols++, n++) run_groups(rows_of, tile_rows, cols, 2);
  unsigned seed = 1;
  for (int i = 0; i < 50; i++, n++) {
    std::vector<int> rows_of(1 + i * 5);
    for (int &r : rows_of) r = (int)((seed = seed * 1664525u + 1013904223u) >> 8) % 500 - 50;  // negative: empty
    run_groups(rows_of, 128, 1 + i % 29, 8);
  }
  check(tirx_group_of(0, std::vector<int>{0, 0, 0, 3}.data(), 3) == 2 &&
            tirx_group_of(3, std::vector<int>{0, 4, 4, 9}.data(), 3) == 0 &&
            tirx_group_of(4, std::vector<int>{0, 4, 4, 9}.data(), 3) == 2,
        "group_of passes over empty groups", 9, 0, 0, 0);
  printf("%d tile grids, %s\n", n, failures ? "FAILED" : "every tile once, in grouped and longest_first order, and per group");
  return failures != 0;
}
