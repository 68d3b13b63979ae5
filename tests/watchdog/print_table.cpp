// print_table.cpp - tirx/watchdog.h's table printed on the host: the table
// that tests/gpu/deadlock_watchdog.cu's scenario 5 (the cycle) leaves, filled
// through the header's own recording calls, printed by the wait that gives
// up. tests/watchdog/print_table.sh compares the lines with those the GPU
// test expects, so that the format and the expectations cannot drift apart
// without a GPU. The device's builtins and the barrier are stand-ins here: a
// wait gives up at once, a trap returns.
#include <cstdint>
#include <cstdio>

#define TIRX_DEVICE inline
#define __CUDA_ARCH__ 900  // the printing code; no instruction (TIRX_SM80_ stays unset)
struct Dim {
  unsigned x, y, z;
};
static Dim threadIdx, blockIdx;

static bool tirx_mbar_wait_parity_timeout(uint64_t *, uint32_t, long long, bool) { return false; }
static void tirx_watchdog_say_(uint32_t parity, long long cycles, const char *event, int slot, const char *file,
                               int line, bool) {
  printf("%s:%d: tirx watchdog: waited %lld cycles on %s[%d] for parity %u; trapping\n", file, line, cycles, event,
         slot, parity);
}
static void tirx_watchdog_trap_() {}

#include "tirx/watchdog.h"

int main() {
  static tirx_watch_t<4, 2, 4> t;  // warps(w: 3); full[2], empty[2]
  uint64_t full[2], empty[2];
  const char *file = "deadlock_watchdog.cu";
  tirx_watch_init(t, file, "w", "async(w == 0)\nasync(w >= 1)\nthe block, outside the regions,", "full\nempty",
                  {0, 2, 4});
  // Round 2, slot 0: the producer fills full[0] in its second phase, w 1
  // alone releases empty[0] (the phase parity read from the barrier is 0 here:
  // no instruction; the records get it as the header reads it).
  tirx_watch_at(t, 0, 0, 0, true, 20000000LL, "full").trigger(&full[0], 0, 127);
  tirx_watch_at(t, 1, 1, 1, true, 20000000LL, "empty").trigger(&empty[0], 0, 136);
  t.trigger[0].phase = 1, t.trigger[2].phase = 1;  // what the barriers say on the GPU
  // Round 4: w 1 and w 2 wait for full[0], the producer for empty[0].
  t.wait[1] = tirx_watch_wait_t{0, 1, 0, 0, 134};
  t.wait[2] = tirx_watch_wait_t{0, 1, 0, 0, 134};
  // The producer's wait for empty[0], parity 1, as tirx/hook.h's wait makes it.
  const auto watch = tirx_watch_at(t, 0, 0, 1, true, 20000000LL, "empty");
  watch.enter(0, 1u, 125);
  watch.wait(&empty[0], 1u, 0, 125, false);
  return 0;
}
