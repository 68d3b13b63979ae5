"""One timing loop for the Python benches: functions timed alternately, sample by sample,
with the L2 made cold before every sample, so that clock drift and warm-up fall on all of
them alike and only same-run ratios are read.

    from cold_timing import flush_buffer, time_alternating
    flush = flush_buffer()
    med = time_alternating([ours, theirs], flush)   # med[i][r]: function i, round r, ms a call
"""
import torch


def flush_buffer(mib=256, device="cuda"):
    """A buffer larger than the L2 (50 MiB on an H100/H200), rewritten before each sample."""
    return torch.empty(mib << 20, dtype=torch.uint8, device=device)


def time_alternating(fns, flush, rounds=2, samples=20, calls=1, warmup=3):
    """The median of each round for each function, in ms a call. A sample is `calls` calls
    back to back, timed by CUDA events, after a write of `flush` (no write when it is None);
    within a round the functions take turns sample by sample."""
    for _ in range(warmup):
        for f in fns:
            f()
    ev = [torch.cuda.Event(enable_timing=True) for _ in range(2)]
    med = [[0.0] * rounds for _ in fns]
    for r in range(rounds):
        t = [[] for _ in fns]
        for i in range(samples):
            for n, f in enumerate(fns):
                if flush is not None:
                    flush.fill_(i & 255)
                ev[0].record()
                for _ in range(calls):
                    f()
                ev[1].record()
                ev[1].synchronize()
                t[n].append(ev[0].elapsed_time(ev[1]) / calls)
        for n in range(len(fns)):
            med[n][r] = sorted(t[n])[samples // 2]
    return med
