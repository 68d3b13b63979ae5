// TIRX_PP_OWN_HEADER 0.1.0
// tirx/hook.h - the one hook of each wait and trigger under `tirx-pp
// --trace` and `--watchdog` (docs/trace.md, docs/regions-and-events.md#the-watchdog).
// tirx-pp lowers every wait and trigger that either flag watches to one of
// these calls, with what records it: `Trace`, the region's recorder
// (tirx_trace_region_t, tirx/trace.h) or tirx_no_trace(); `Watch`, the
// kernel's watchdog table at this operation (tirx_watch_at, tirx/watchdog.h),
// tirx_watch_alone (no table) or tirx_no_watch(). Included by tirx.h, after
// both.
#pragma once

// No watchdog: the wait waits.
struct tirx_no_watch {
  TIRX_DEVICE void enter(int, uint32_t, int) const {}
  TIRX_DEVICE void wait(uint64_t *bar, uint32_t parity, int, int, bool cluster) const {
    tirx_mbar_wait_parity(bar, parity, cluster);
  }
  TIRX_DEVICE void leave() const {}
  TIRX_DEVICE void trigger(uint64_t *, int, int) const {}
};

// The watchdog of a kernel without the table (its events in sibling blocks):
// a wait that gives up after `cycles` says where it was stuck, and traps.
struct tirx_watch_alone {
  long long cycles;
  const char *name, *file;
  TIRX_DEVICE void enter(int, uint32_t, int) const {}
  TIRX_DEVICE void wait(uint64_t *bar, uint32_t parity, int slot, int line, bool cluster) const {
    tirx_mbar_wait_parity_watchdog(bar, parity, cycles, name, slot, file, line, cluster);
  }
  TIRX_DEVICE void leave() const {}
  TIRX_DEVICE void trigger(uint64_t *, int, int) const {}
};

// The wait on `bar`, one of `bars` (event `event`, at `line`), for `parity`.
// Every thread tests the phase once (test_wait, which never sleeps, where
// the plain wait's first try would be) and waits only when it has not
// completed: the recorder times a wait that blocked and counts one that did
// not; the watchdog's table says what the thread waits for meanwhile. With
// nothing to record (tirx_no_trace), the wait is the watchdog's alone. A
// cluster event's wait always waits (the test acquires at block scope only;
// the wait, at once done, at cluster scope).
template <class Trace, class Watch>
TIRX_DEVICE void tirx_hook_wait_parity(Trace &&t, const Watch &w, uint64_t *bars, uint64_t *bar, uint32_t parity,
                                       int event, int line, bool cluster = false) {
  const int slot = (int)(bar - bars);
  w.enter(slot, parity, line);
  if (!t.records()) {  // --watchdog alone: the watchdog's wait, as it is
    w.wait(bar, parity, slot, line, cluster);
    w.leave();
    return;
  }
  const bool done = tirx_mbar_test_wait_parity(bar, parity);
  if (done && !cluster) {
    t.passed();  // the common case, kept apart: no branch of the recorder's on its path
  } else {
    const unsigned start = done ? 0u : t.clock();
    w.wait(bar, parity, slot, line, cluster);
    t.waited(start, event, slot, parity, line);
  }
  w.leave();
}

// tirx_event_wait, hooked: slot `slot` of `bars` for the parity its phase
// bit says, which then flips.
template <class Trace, class Watch, class Bits>
TIRX_DEVICE void tirx_hook_event_wait(Trace &&t, const Watch &w, uint64_t *bars, Bits &phase, int slot, int event,
                                      int line, bool cluster = false) {
  tirx_hook_wait_parity(t, w, bars, &bars[slot], (uint32_t)(phase >> slot) & 1u, event, line, cluster);
  phase ^= Bits(1) << slot;
}

// A trigger on `bar`, one of `bars`, recorded; returns `bar` for the arrival
// (the slot expression is evaluated once).
template <class Trace, class Watch>
TIRX_DEVICE uint64_t *tirx_hook_trigger(Trace &&t, const Watch &w, uint64_t *bars, uint64_t *bar, int event, int line) {
  const int slot = (int)(bar - bars);
  t.trigger(event, slot, line);
  w.trigger(bar, slot, line);
  return bar;
}
