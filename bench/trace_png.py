#!/usr/bin/env python3
"""bench/trace_png.py - a trace JSON of `tirx-pp --trace` (docs/trace.md) as a
PNG: one row per region of a few blocks, each region run drawn as a grey
bar, its waits shaded by event on top, triggers as ticks.

    trace_png.py TRACE.json [-o OUT.png] [--blocks 0,1,2] [--window 100,140] [--width 1600]

--blocks picks the blocks (default: the first four that the trace holds);
--window START,END draws only that stretch of time (microseconds, as the
trace's timestamps), what crosses its edges cut at them.
With matplotlib the rows are labelled and the events have a legend; without
it a plain PNG is drawn all the same (zlib only), the rows in the order
printed, the colours of the events printed beside their names."""
import argparse
import collections
import json
import re
import struct
import sys
import zlib

PALETTE = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189), (140, 86, 75),
           (227, 119, 194), (188, 189, 34), (23, 190, 207)]
RUN = (200, 200, 200)
TRIGGER = (0, 0, 0)


def load(path, blocks):
    """Rows: [(label, runs, waits, triggers)], runs and triggers lists of
    (start, end), waits of (start, end, event); and the events in order."""
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    names = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            names[(e["pid"], e["tid"])] = e["args"]["name"]
    rows = collections.OrderedDict()
    kinds = []
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if e.get("ph") not in ("X", "i") or key not in names:
            continue
        m = re.match(r"block (\d+) (.*)", names[key])
        block = int(m.group(1)) if m else -1
        label = names[key]
        row = rows.setdefault((block, e["tid"], label), ([], [], []))
        t0 = float(e["ts"])
        t1 = t0 + float(e.get("dur", 0))
        if e.get("cat") == "region":
            row[0].append((t0, t1))
        elif e.get("cat") == "wait":
            ev = e.get("args", {}).get("event", e["name"])
            if ev not in kinds:
                kinds.append(ev)
            row[1].append((t0, t1, ev))
        elif e.get("cat") == "trigger":
            row[2].append((t0, t0))
    chosen = blocks if blocks else sorted({b for b, _, _ in rows})[:4]
    out = [(label, *rows[k]) for k in sorted(rows) for b, _, label in [k] if b in chosen]
    return out, kinds


def clip(rows, lo, hi):
    """The rows with only what overlaps [lo, hi], cut at its edges."""
    def cut(items):
        return [(max(x[0], lo), min(x[1], hi), *x[2:]) for x in items if x[1] >= lo and x[0] <= hi]
    return [(label, cut(runs), cut(waits), cut(trig)) for label, runs, waits, trig in rows]


def span(rows):
    ts = [t for _, runs, waits, trig in rows for s in (runs, waits, trig) for x in s for t in x[:2]]
    return (min(ts), max(ts)) if ts else (0.0, 1.0)


def draw_matplotlib(rows, kinds, out, width):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch
    fig, ax = plt.subplots(figsize=(width / 100, 0.45 * len(rows) + 1.5), dpi=100)
    colour = {k: tuple(c / 255 for c in PALETTE[i % len(PALETTE)]) for i, k in enumerate(kinds)}
    for y, (label, runs, waits, trig) in enumerate(rows):
        ax.broken_barh([(a, b - a) for a, b in runs], (y - 0.4, 0.8), facecolors=tuple(c / 255 for c in RUN))
        for k in kinds:
            ax.broken_barh([(a, b - a) for a, b, e in waits if e == k], (y - 0.3, 0.6), facecolors=colour[k])
        if trig:
            ax.vlines([a for a, _ in trig], y - 0.4, y + 0.4, colors="black", linewidth=0.3)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([r[0] for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel("time (us)")
    ax.legend(handles=[Patch(color=colour[k], label="wait " + k) for k in kinds], loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(out)


def write_png(path, w, h, pixels):
    """pixels: bytearray of w * h RGB triples."""
    raw = b"".join(b"\x00" + bytes(pixels[y * w * 3:(y + 1) * w * 3]) for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def draw_plain(rows, kinds, out, width):
    row_h, pad = 24, 4
    h = max(1, len(rows) * row_h)
    px = bytearray(b"\xff" * (width * h * 3))
    lo, hi = span(rows)
    scale = (width - 1) / (hi - lo if hi > lo else 1.0)

    def fill(x0, x1, y0, y1, rgb):
        a, b = int((x0 - lo) * scale), max(int((x1 - lo) * scale), int((x0 - lo) * scale) + 1)
        for y in range(y0, y1):
            for x in range(max(a, 0), min(b, width)):
                px[(y * width + x) * 3:(y * width + x) * 3 + 3] = bytes(rgb)

    colour = {k: PALETTE[i % len(PALETTE)] for i, k in enumerate(kinds)}
    for i, (label, runs, waits, trig) in enumerate(rows):
        y = i * row_h
        for a, b in runs:
            fill(a, b, y + pad, y + row_h - pad, RUN)
        for a, b, e in waits:
            fill(a, b, y + pad + 3, y + row_h - pad - 3, colour[e])
        for a, _ in trig:
            fill(a, a, y + pad, y + row_h - pad, TRIGGER)
    write_png(out, width, h, px)
    print("rows, top to bottom: " + "; ".join(r[0] for r in rows))
    print("waits: " + "; ".join("%s rgb%s" % (k, colour[k]) for k in kinds) + "; region runs grey; triggers black")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("trace")
    ap.add_argument("-o", "--out", default=None)
    ap.add_argument("--blocks", default="", help="comma-separated block numbers")
    ap.add_argument("--window", default="", help="START,END in microseconds")
    ap.add_argument("--width", type=int, default=1600)
    a = ap.parse_args()
    blocks = [int(b) for b in a.blocks.split(",") if b.strip()]
    rows, kinds = load(a.trace, blocks)
    if not rows:
        sys.exit("trace_png: no region of the chosen blocks in %s" % a.trace)
    if a.window:
        try:
            lo, hi = (float(x) for x in a.window.split(","))
        except ValueError:
            sys.exit("trace_png: --window wants START,END in microseconds, not '%s'" % a.window)
        if not lo < hi:
            sys.exit("trace_png: --window %s: START must be below END" % a.window)
        rows = clip(rows, lo, hi)
        if not any(runs for _, runs, _, _ in rows):
            sys.exit("trace_png: nothing of the chosen blocks between %g and %g us in %s" % (lo, hi, a.trace))
    out = a.out or re.sub(r"\.json$", "", a.trace) + ".png"
    try:
        import matplotlib  # noqa: F401
        draw_matplotlib(rows, kinds, out, a.width)
    except ImportError:
        draw_plain(rows, kinds, out, a.width)
    print("trace_png: wrote %s (%d rows)" % (out, len(rows)))


if __name__ == "__main__":
    main()
