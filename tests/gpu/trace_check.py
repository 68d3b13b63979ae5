#!/usr/bin/env python3
"""tests/gpu/trace_check.py - checks a trace JSON written by tirx_trace_end
(docs/trace.md): well formed as a Chrome / Perfetto trace, one process per
SM ("SM n"), one thread per block and region ("block B REGION"), region
slices with the expected names, wait slices on the expected events (with
slot, parity and line) inside their region's runs, durations not negative,
each region slice with its count of waits that did not block
(waits_not_blocked), their sum at least --min-counted; with --turns, the
turns on each turns ring named: each turn slice ('turn RING @LINE') inside
a run of its region, right after the slice of its wait ('wait turn RING
@LINE', which ends where the turn starts).

    trace_check.py TRACE.json --regions 'wg == 0' 'wg >= 1' --waits empty full
                   [--turns mma] [--min-blocks N] [--min-counted N]

Prints what it found; exits 0 when every check holds, 1 with the first that
failed."""
import argparse
import collections
import json
import re
import sys


def fail(msg):
    print("trace_check: FAIL: " + msg)
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("trace")
    ap.add_argument("--regions", nargs="+", default=[])
    ap.add_argument("--waits", nargs="+", default=[])
    ap.add_argument("--turns", nargs="+", default=[])
    ap.add_argument("--min-blocks", type=int, default=1)
    ap.add_argument("--min-counted", type=int, default=0)
    a = ap.parse_args()
    try:
        with open(a.trace) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        fail("%s does not parse as JSON: %s" % (a.trace, e))
    events = doc.get("traceEvents") if isinstance(doc, dict) else None
    if not isinstance(events, list) or not events:
        fail("no traceEvents list")
    procs, threads = {}, {}
    slices = collections.defaultdict(list)  # (pid, tid) -> [(cat, name, ts, end, args)]
    for e in events:
        ph = e.get("ph")
        if ph not in ("M", "X", "i"):
            fail("unexpected phase %r in %r" % (ph, e))
        if not isinstance(e.get("pid"), int):
            fail("no integer pid in %r" % e)
        if ph == "M":
            if e["name"] == "process_name":
                procs[e["pid"]] = e["args"]["name"]
            elif e["name"] == "thread_name":
                threads[(e["pid"], e["tid"])] = e["args"]["name"]
            continue
        if not isinstance(e.get("tid"), int) or not isinstance(e.get("ts"), (int, float)) or e["ts"] < 0:
            fail("bad tid or ts in %r" % e)
        dur = e.get("dur", 0)
        if ph == "X" and (not isinstance(dur, (int, float)) or dur < 0):
            fail("bad dur in %r" % e)
        slices[(e["pid"], e["tid"])].append((e.get("cat"), e["name"], e["ts"], e["ts"] + dur, e.get("args", {})))
    for pid, name in procs.items():
        if not re.fullmatch(r"SM \d+", name):
            fail("process %d is named %r, not 'SM n'" % (pid, name))
    blocks, regions = set(), collections.Counter()
    for key, name in threads.items():
        m = re.fullmatch(r"block (\d+) (.+)", name)
        if not m:
            fail("thread %r is named %r, not 'block B REGION'" % (key, name))
        if key[0] not in procs:
            fail("thread %r is in a process without a name" % (key,))
        blocks.add(int(m.group(1)))
    waits, outside, counted = collections.Counter(), 0, 0
    turns, unpaired = collections.Counter(), 0
    for key, ss in slices.items():
        turn_waits = collections.defaultdict(list)  # 'RING @LINE' -> where its waits end
        for cat, name, t0, t1, _ in ss:
            if cat == "wait" and name.startswith("wait turn "):
                turn_waits[name[len("wait turn "):]].append(t1)
        for cat, name, t0, t1, _ in ss:
            if cat != "turn":
                continue
            if not re.fullmatch(r"turn .+ @\d+", name):
                fail("turn slice named %r, not 'turn RING @LINE'" % name)
            turns[name[len("turn "):].rsplit(" @", 1)[0]] += 1
            # ts and dur are printed in us to 3 decimals: equal within their rounding
            unpaired += not any(abs(t1w - t0) <= 0.002 for t1w in turn_waits[name[len("turn "):]])
            runs = [(r0, r1) for c, _, r0, r1, _ in ss if c == "region"]
            if runs and t0 >= min(r[0] for r in runs) and not any(r0 <= t0 and t1 <= r1 for r0, r1 in runs):
                outside += 1
        if key not in threads:
            fail("slices on thread %r, which has no name" % (key,))
        runs = [(t0, t1) for cat, name, t0, t1, _ in ss if cat == "region"]
        for cat, name, t0, t1, args in ss:
            if cat == "region":
                regions[name] += 1
                n = args.get("waits_not_blocked")
                if not isinstance(n, int) or n < 0:
                    fail("region slice %r has no count of waits that did not block" % name)
                counted += n
                if not threads[key].endswith(" " + name):
                    fail("region slice %r on thread %r" % (name, threads[key]))
            elif cat == "wait":
                for k in ("event", "slot", "parity", "line"):
                    if k not in args:
                        fail("wait %r has no %s" % (name, k))
                if not re.fullmatch(r"wait .+ @\d+", name):
                    fail("wait slice named %r, not 'wait EVENT @LINE'" % name)
                waits[args["event"]] += 1
                # Inside a run of its region, unless its run's start was
                # overwritten (a full ring keeps its latest records).
                if runs and t0 >= min(r[0] for r in runs) and not any(r0 <= t0 and t1 <= r1 for r0, r1 in runs):
                    outside += 1
    if outside:
        fail("%d waits or turns outside their region's runs" % outside)
    if unpaired:
        fail("%d turns without the wait that ends where they start" % unpaired)
    for t in a.turns:
        if not turns[t]:
            fail("no turn on %r (found: %s)" % (t, dict(turns)))
    if len(blocks) < a.min_blocks:
        fail("%d blocks, expected at least %d" % (len(blocks), a.min_blocks))
    for r in a.regions:
        if not regions[r]:
            fail("no slice of region %r (found: %s)" % (r, dict(regions)))
    for w in a.waits:
        if not waits[w]:
            fail("no wait on %r (found: %s)" % (w, dict(waits)))
    if counted < a.min_counted:
        fail("%d waits that did not block counted, expected at least %d" % (counted, a.min_counted))
    print("trace_check: %s: %d SMs, %d blocks, regions %s, waits that blocked %s, waits that did not block %d%s" % (
        a.trace, len(procs), len(blocks), dict(regions), dict(waits), counted,
        ", turns %s" % dict(turns) if turns else ""))


if __name__ == "__main__":
    main()
