// tests/gpu/trace_json.cu - the host half of --trace without a GPU
// (tests/gpu/run_trace.sh, step 0): rings as a two-region pipeline would
// leave them (a producer waiting on `empty`, consumers on `full`, a turn),
// one of them wrapped, written by tirx_trace_write; run_trace.sh then checks
// the JSON (trace_check.py) and the summary. Block 1's consumer ring is
// timed as the device times it: %clock64 (2 clocks a ns here) between the
// (globaltimer, clock) pairs of its begin and end, the SM only in those
// records, and 5 waits that did not block counted in its end; the host
// converts it back to the same ns, so the summary is that of ns times.
// After the pipeline, block 0's two rings hold a run of another kernel
// traced with --trace=regions (its begin's event 1: waits not recorded).
//   trace_json OUT.json
#include "tirx.h"

#include <vector>

static const int kernel_line = 57;
static const int registered =
    tirx_trace_register(kernel_line, "pipe", "pipe.cu", "wg == 0" "\n" "wg >= 1", "full" "\n" "empty" "\n" "mma");
static const int regions_line = 91;
static const int registered_regions = tirx_trace_register(regions_line, "halves", "halves.cu", "wg == 0" "\n" "wg >= 1", "");

int main(int argc, char **argv) {
  if (argc != 2 || registered != kernel_line || registered_regions != regions_line) return 2;
  const unsigned blocks = 3, per = 64, mask = per - 1;  // the third block's producer ring wraps
  std::vector<unsigned> heads(blocks * TIRX_TRACE_REGIONS * 2 + 1);
  std::vector<tirx_trace_record_t> recs((size_t)blocks * TIRX_TRACE_REGIONS * per);
  for (unsigned b = 0; b < blocks; ++b)
    for (int r = 0; r < 2; ++r) {
      const size_t ring = (size_t)b * TIRX_TRACE_REGIONS + (unsigned)r;
      unsigned n = 0;
      unsigned long long t = 1000000 + 10000ull * b;
      const bool clocked = b == 1 && r == 1;
      const unsigned long long t_begin = t, clock0 = 5000000000ull;
      auto put = [&](int kind, int event, int slot, int parity, int line, unsigned long long time) {
        const bool pair = kind == TIRX_TRACE_REGION_BEGIN || kind == TIRX_TRACE_REGION_END;
        tirx_trace_record_t x = {};
        x.time = clocked && !pair ? clock0 + 2 * (time - t_begin) : time;
        x.line = (uint16_t)line, x.kind = (uint8_t)kind, x.event = (uint8_t)event;
        x.slot = (uint8_t)slot, x.parity = (uint8_t)parity, x.region = (uint8_t)r;
        x.sm = (uint8_t)(!clocked || pair || kind == TIRX_TRACE_CLOCK ? b * 2 : 0);
        recs[ring * per + (n++ & mask)] = x;
      };
      put(TIRX_TRACE_REGION_BEGIN, 0, kernel_line & 0xff, kernel_line >> 8, r ? 17 : 10, t);
      if (clocked) put(TIRX_TRACE_CLOCK, 0, 0, 0, 17, t);
      const int steps = b == 2 && r == 0 ? 40 : 8;  // 40 x 3 + 2 records: the ring of 64 wraps
      for (int i = 0; i < steps; ++i) {
        const int wait = r ? 0 : 1, trig = r ? 1 : 0, line = r ? 22 : 13;
        put(TIRX_TRACE_WAIT, wait, i % 2, (i / 2) & 1, line, t += 100);
        put(TIRX_TRACE_WAITED, wait, i % 2, (i / 2) & 1, line, t += 300);
        if (r) {
          put(TIRX_TRACE_TURN_WAIT, 2, 0, 0, 23, t += 10);
          put(TIRX_TRACE_TURN, 2, 0, 0, 23, t += 20);
          put(TIRX_TRACE_TURN_END, 2, 0, 0, 23, t += 200);
        }
        put(TIRX_TRACE_TRIGGER, trig, i % 2, 0, r ? 27 : 14, t += 50);
      }
      t += 100;
      if (clocked) put(TIRX_TRACE_CLOCK, 0, 0, 0, 17, t);
      put(TIRX_TRACE_REGION_END, clocked ? 5 : 0, 0, 0, r ? 17 : 10, t);
      heads[2 * ring] = n, heads[2 * ring + 1] = kernel_line;
    }
  // The --trace=regions run: 2.5 us and 4 us, in ns, after the pipeline's.
  for (unsigned r = 0; r < 2; ++r) {
    const size_t ring = r;  // block 0
    unsigned &n = heads[2 * ring];
    const unsigned long long t = 2000000 + 1000ull * r;
    tirx_trace_record_t x = {};
    x.kind = TIRX_TRACE_REGION_BEGIN, x.event = 1, x.slot = regions_line & 0xff, x.parity = regions_line >> 8;
    x.time = t, x.line = (uint16_t)(r ? 95 : 93), x.region = (uint8_t)r;
    recs[ring * per + (n++ & mask)] = x;
    x.kind = TIRX_TRACE_REGION_END, x.event = 0, x.slot = 0, x.parity = 0, x.time = t + (r ? 4000 : 2500);
    recs[ring * per + (n++ & mask)] = x;
  }
  heads[blocks * TIRX_TRACE_REGIONS * 2] = 5;  // region runs of blocks past the rings
  return tirx_trace_write(argv[1], heads.data(), recs.data(), blocks, mask) ? 0 : 1;
}
