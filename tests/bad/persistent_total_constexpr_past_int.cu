// A constant TOTAL past what the int tile index counts, written as a
// constant expression rather than a literal: every launch would trap at the
// loop's first test. An error, as for a literal.
#include <cstddef>
constexpr size_t kRows = 65536, kCols = 65536;
__global__ void fill(float *out) {
#pragma tirx persistent(tile: kRows * kCols)
  out[tile] = 1.f;
}
