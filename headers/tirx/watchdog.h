// TIRX_PP_OWN_HEADER 0.1.0
// tirx/watchdog.h - the table that `tirx-pp --watchdog` keeps in each block's
// shared memory, so that a wait that gives up can say what every region of
// the block waits for and who last triggered those events: the cycle of a
// deadlock, read off one message (docs/regions-and-events.md#the-watchdog).
// Included by tirx.h, after the watchdog's wait (tirx_watchdog_say_).
//
// tirx-pp declares one table per kernel, `tirx_watch_t<N + 1, E, S>` for a
// partition of N indices and E events of S slots in all, at the kernel's first event
// declaration, whose init (a block barrier) publishes what thread 0 wrote.
// Row i is partition index i (row N: the code outside the regions). The
// first thread of each index (under elect, the elected lane of its first
// warp; under a data-dependent `if`, whoever reaches the wait) records its
// wait there before waiting and clears it after; each trigger records itself
// as its slot's last.
#pragma once

struct tirx_watch_wait_t {
  int event;  // index in the table's events; -1: not waiting
  int region, slot, parity, line;
};

struct tirx_watch_trigger_t {
  int row, region;  // the partition index (N: outside the regions), the region's index
  int phase, line;  // line 0: never triggered
};

// N: the partition's indices and one row for the code outside the regions;
// E: the events; S: their slots, event e's from base[e] on. Names are one per
// line of `regions` and `events`, in index order; `index` is the partition
// index's name.
template <int N, int E, int S>
struct tirx_watch_t {
  const char *file, *index, *regions, *events;
  int base[E + 1];
  tirx_watch_wait_t wait[N];
  tirx_watch_trigger_t trigger[S];
};

// Thread 0 fills the table; the event init that follows publishes it.
template <int N, int E, int S>
TIRX_DEVICE void tirx_watch_init(tirx_watch_t<N, E, S> &t, const char *file, const char *index, const char *regions,
                                 const char *events, const int (&base)[E + 1]) {
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    t.file = file, t.index = index, t.regions = regions, t.events = events;
    for (int e = 0; e <= E; ++e) t.base[e] = base[e];
    for (int r = 0; r < N; ++r) t.wait[r] = tirx_watch_wait_t{-1, 0, 0, 0, 0};
    for (int i = 0; i < S; ++i) t.trigger[i] = tirx_watch_trigger_t{0, 0, 0, 0};
  }
}

// The record of the last trigger on slot `slot` of event `event`; NULL for a
// slot outside the event.
template <int N, int E, int S>
TIRX_DEVICE volatile tirx_watch_trigger_t *tirx_watch_last_(tirx_watch_t<N, E, S> &t, int event, int slot) {
  const int i = t.base[event] + slot;
  return slot >= 0 && i < t.base[event + 1] ? &t.trigger[i] : nullptr;
}

// The parity of the phase that barrier `bar` is in now (the phase an arrival
// now counts for): the phase of parity 0 has completed when it is 1.
TIRX_DEVICE int tirx_watch_phase_(uint64_t *bar) {
#if defined(TIRX_SM80_)
  return tirx_mbar_test_wait_parity(bar, 0) ? 1 : 0;
#else
  (void)bar;
  return 0;
#endif
}

// Name i of a list of names, one per line, copied into buf (cap bytes, the
// end cut off past it) and ended with a NUL: the device's printf has no
// `%.*s` (it prints the format as it is and takes the next arguments wrong).
TIRX_DEVICE const char *tirx_watch_name_(const char *names, int i, char *buf, int cap) {
  for (; i > 0 && *names; ++names)
    if (*names == '\n') --i;
  int n = 0;
  for (; names[n] && names[n] != '\n' && n < cap - 1; ++n) buf[n] = names[n];
  buf[n] = 0;
  return buf;
}

// Who row `row` of the table is: `wg 1 in async(wg == 1)`, or the code
// outside the regions.
template <int N, int E, int S>
TIRX_DEVICE void tirx_watch_who_(const tirx_watch_t<N, E, S> &t, int row, int region) {
  char buf[96];
  const char *name = tirx_watch_name_(t.regions, region, buf, (int)sizeof buf);
  if (row == N - 1)
    printf("%s", name);
  else
    printf("%s %d in %s", t.index, row, name);
}

// What each partition index of this block waits for, and for each of those
// slots its last trigger in this block: the lines after the watchdog's
// first one, one per index, so that a cycle of waits can be read off.
template <int N, int E, int S>
TIRX_DEVICE void tirx_watch_print_(tirx_watch_t<N, E, S> &t) {
#ifdef __CUDA_ARCH__
  const volatile tirx_watch_t<N, E, S> &v = t;
  printf("tirx watchdog: block (%d,%d,%d): what each %s waits for, and who last triggered that slot in this block:\n",
         (int)blockIdx.x, (int)blockIdx.y, (int)blockIdx.z, t.index);
  for (int r = 0; r < N; ++r) {
    const int event = v.wait[r].event;
    if (event < 0 || event >= E) {
      if (r < N - 1) printf("tirx watchdog:   %s %d waits for nothing (done, or between waits)\n", t.index, r);
      continue;
    }
    char buf[64];
    const char *name = tirx_watch_name_(t.events, event, buf, (int)sizeof buf);
    const int slot = v.wait[r].slot;
    printf("tirx watchdog:   ");
    tirx_watch_who_(t, r, v.wait[r].region);
    printf(" waits %s[%d] for parity %d (%s:%d)", name, slot, v.wait[r].parity, t.file, v.wait[r].line);
    const volatile tirx_watch_trigger_t *g = tirx_watch_last_(t, event, slot);
    if (!g || g->line == 0) {
      printf(" <- %s[%d] never triggered in this block\n", name, slot);
      continue;
    }
    printf(" <- %s[%d] last triggered by ", name, slot);
    tirx_watch_who_(t, g->row, g->region);
    printf(" in phase parity %d (%s:%d)\n", g->phase, t.file, g->line);
  }
#else
  (void)t;
#endif
}

// What --watchdog does at one wait or trigger of a kernel with the table
// (the `Watch` of tirx/hook.h's hooks): `who` records the wait in row `row`
// (by region `region`) before it waits and clears it after; a wait that
// gives up after `cycles` prints the table before the trap; `who` records a
// trigger as its slot's last, with the phase it arrives in.
template <int N, int E, int S>
struct tirx_watch_at_t {
  tirx_watch_t<N, E, S> &t;
  int row, region, event;
  bool who;
  long long cycles;
  const char *name;

  TIRX_DEVICE void enter(int slot, uint32_t parity, int line) const {
    volatile tirx_watch_wait_t &w = t.wait[row];
    if (who) w.region = region, w.slot = slot, w.parity = (int)parity, w.line = line, w.event = event;
  }
  TIRX_DEVICE void wait(uint64_t *bar, uint32_t parity, int slot, int line, bool cluster) const {
    if (tirx_mbar_wait_parity_timeout(bar, parity, cycles, cluster)) return;
    tirx_watchdog_say_(parity, cycles, name, slot, t.file, line, cluster);
    tirx_watch_print_(t);
    tirx_watchdog_trap_();
  }
  TIRX_DEVICE void leave() const {
    volatile tirx_watch_wait_t &w = t.wait[row];
    if (who) w.event = -1;
  }
  TIRX_DEVICE void trigger(uint64_t *bar, int slot, int line) const {
    volatile tirx_watch_trigger_t *g = who ? tirx_watch_last_(t, event, slot) : nullptr;
    if (g) g->row = row, g->region = region, g->phase = tirx_watch_phase_(bar), g->line = line;
  }
};

// The watchdog of one wait or trigger in row `row` (the partition index; N -
// 1: outside the regions) by region `region`, on event `event`, recorded by
// the threads where `who` holds; its wait gives up after `cycles`.
template <int N, int E, int S>
TIRX_DEVICE tirx_watch_at_t<N, E, S> tirx_watch_at(tirx_watch_t<N, E, S> &t, int row, int region, int event, bool who,
                                                   long long cycles, const char *name) {
  return tirx_watch_at_t<N, E, S>{t, row, region, event, who, cycles, name};
}
