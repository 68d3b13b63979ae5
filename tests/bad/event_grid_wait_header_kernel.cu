// The header's kernel launched again here, with one block per item and no
// grid(persistent): its first blocks can spin for blocks that never start.
#include "event_grid_wait_header_kernel.h"
void run(float *x, unsigned *counters, int groups, int per_group) {
  run_k_in_header(x, counters, groups, per_group);
  k_in_header<<<groups * per_group, 128>>>(x, counters, groups, per_group);
}
