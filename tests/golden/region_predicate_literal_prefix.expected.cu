#line 1 "region_predicate_literal_prefix.cu"
// A region's predicate evaluated for each partition index: the index's name
// is replaced where it is a name, not where it spells a literal's encoding
// prefix (u'x' with an index named u).
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) k(int *out) {
const int u = tirx_warpgroup_index();
if (u == 0 && u'x' != 0)
  {
    out[0] = 1;
  }
else if (u == 1)
  {
    out[1] = 2;
  }
}
