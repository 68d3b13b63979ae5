// A region's predicate evaluated for each partition index: the index's name
// is replaced where it is a name, not where it spells a literal's encoding
// prefix (u'x' with an index named u).
#include "tirx.h"
__global__ void k(int *out) {
#pragma tirx warpgroups(u: 2)
#pragma tirx async(u == 0 && u'x' != 0)
  {
    out[0] = 1;
  }
#pragma tirx async(u == 1)
  {
    out[1] = 2;
  }
}
