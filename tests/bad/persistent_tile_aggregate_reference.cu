// An aggregate whose member is a reference to non-const binds the tile index:
// it may change other than by its name (no lambda is involved).
#include "tirx.h"
struct Ref { int &r; };
__global__ void k(int *out, int total) {
#pragma tirx persistent(tile: total) order(grouped(8, 4))
  {
    Ref h{tile};
    h.r += 1;
    out[tile] = 1;
  }
}
