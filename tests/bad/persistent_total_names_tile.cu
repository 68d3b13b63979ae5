// The loop declares `row` before it reads `row * 4`: the total would be read
// from the loop's own row (0, 1, ...), not the parameter.
#include "tirx.h"
__global__ void k(float *out, int row) {
#pragma tirx persistent(row: row * 4)
  out[row] = 1.f;
}
