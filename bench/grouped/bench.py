#!/usr/bin/env python3
"""bench/grouped/bench.py - examples/gemm_grouped.cu against torch._grouped_mm, one process.

    python3 bench/grouped/bench.py LIB.so [--quick] [--no-forced] [--fp8=FP8LIB.so [--fp8-few]]

The grouped GEMM of a mixture of experts in bf16: C[rows of e] = A[rows of e] . B[e]^T,
A [sum M_e, K] tokens sorted by expert (contiguous layout, int32 offsets), B [E, N, K].
The anchor is torch._grouped_mm (offsets: the E group ends) on the same tensors, and a
loop of torch.mm, one per expert. Expert sizes are drawn log-uniformly from a fixed seed
(E = 8: 64-4096 tokens, E = 64: 64-1024, E = 256: 64-256, about what a batch of 16k-32k
tokens routed to 8 of the experts gives), N x K from DeepSeek-V3's projections. Then the
masked layout (A [E, Mmax, K], per-expert counts) against torch._grouped_mm's 3D x 3D
(every slot's Mmax rows). Checked: ours against torch (relative Frobenius error below
1e-2), masked rows past a count untouched. Timed with a cold L2 (256 MiB written before
each sample): 3 warm-up calls, then 2 rounds of 15 event-timed samples, all functions
alternating sample by sample; TFLOP/s = 2 sum(M_e) N K / median; ratio = anchor's best
median / ours. Ours: the picked tile shape, each shape forced (the columns 'forced'), and the
variants of GroupedOptions (B's lines kept in L2 and A's evicted first, or the other way round; G tile rows per L2 group)
as speed-ups over ours (above 1: the variant is faster).
Exit status 1 if a check failed.
"""
import ctypes
import itertools
import math
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from cold_timing import time_alternating  # noqa: E402

TILES = ["128x256", "256x152", "192x160", "128x128"]
VARIANT_ROWS = [2, 32]  # tile rows of an L2 group other than the default 8


def rel(x, y):
    x, y = x.float(), y.float()
    return ((x - y).norm() / y.norm().clamp_min(1e-30)).item()


def sizes_for(E, seed):
    lo, hi = {8: (64, 4096), 64: (64, 1024), 256: (64, 256)}.get(E, (64, 4096))
    g = torch.Generator().manual_seed(seed)
    u = torch.rand(E, generator=g)
    return [int(round(math.exp(math.log(lo) + float(x) * (math.log(hi) - math.log(lo))))) for x in u]


def timed(fns, flush):
    """2 rounds of 15 samples (bench/cold_timing.py): med[i][r] in ms."""
    return time_alternating(fns, flush, rounds=2, samples=15)


def bench_fp8(lib, nks, experts, flush, stream):
    """FP8 e4m3 with row-wise scales (one per token, one per expert and output column), contiguous
    layout, against torch._scaled_grouped_mm with fast accumulation (ours does not promote either)
    and without. Expert sizes rounded up to multiples of 16 (what _scaled_grouped_mm asks of
    offsets). Checked against torch's fp32 grouped product of the same values (below 3e-2)."""
    lib.tirx_grouped_fp8_contiguous.restype = ctypes.c_int
    lib.tirx_grouped_fp8_contiguous.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_int, ctypes.c_longlong] + \
        [ctypes.c_int] * 2 + [ctypes.c_void_p] * 3
    dev = torch.device("cuda")
    ok = True
    print("fp8 row-wise, contiguous layout, L2 cold")
    print("| E | tokens | N x K | _scaled_grouped_mm TFLOP/s | fast-accum TFLOP/s | ours TFLOP/s "
          "| ours / _scaled_grouped_mm | **ours / fast-accum** | err ours, torch (vs fp32) |")
    print("| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for (N, K) in nks:
        for E in experts:
            ms = [(m + 15) // 16 * 16 for m in sizes_for(E, 1000 + E)]
            rows = sum(ms)
            starts = [0] + list(itertools.accumulate(ms))
            offs = torch.tensor(starts, dtype=torch.int32, device=dev)
            g = torch.Generator(device=dev).manual_seed(E + N + K + 7)
            a = (torch.randn(rows, K, device=dev, generator=g) * 2).to(torch.float8_e4m3fn)
            b = (torch.randn(E, N, K, device=dev, generator=g) * 2).to(torch.float8_e4m3fn)
            sa = torch.rand(rows, device=dev, generator=g) * 0.02 + 0.01
            sb = torch.rand(E, N, device=dev, generator=g) * 0.02 + 0.01
            c = torch.full((rows, N), float("nan"), device=dev, dtype=torch.bfloat16)
            ends = offs[1:]

            def ours():
                err = lib.tirx_grouped_fp8_contiguous(a.data_ptr(), b.data_ptr(), c.data_ptr(), offs.data_ptr(), E,
                                                      rows, N, K, sa.data_ptr(), sb.data_ptr(), stream)
                if err:
                    raise RuntimeError(f"gemm_grouped_fp8: cudaError {err}")

            def sgmm(fast=False):
                return torch._scaled_grouped_mm(a, b.transpose(-2, -1), sa, sb, offs=ends, out_dtype=torch.bfloat16,
                                                use_fast_accum=fast)

            ours()
            try:
                got_t = sgmm()
                have = True
            except Exception as ex:
                print(f"_scaled_grouped_mm refused: {ex}")
                have = False
            torch.cuda.synchronize()
            ref = torch.empty(rows, N, device=dev, dtype=torch.float32)
            for e in range(E):
                sl = slice(starts[e], starts[e + 1])
                ref[sl] = (a[sl].float() @ b[e].float().t()) * sa[sl, None] * sb[e][None, :]
            err = rel(c, ref)
            err_t = rel(got_t, ref) if have else float("nan")
            good = err < 3e-2
            ok = ok and good
            del ref
            fns = [sgmm, lambda: sgmm(True), ours] if have else [ours]
            med = timed(fns, flush)
            flop = 2.0 * rows * N * K
            best = [min(mm) for mm in med]
            if have:
                print(f"| {E} | {rows} | {N} x {K} | {flop / best[0] / 1e9:.0f} | {flop / best[1] / 1e9:.0f} | "
                      f"{flop / best[2] / 1e9:.0f} | {best[0] / best[2]:.3f}x | **{best[1] / best[2]:.3f}x** | "
                      f"{err:.1e}, {err_t:.1e}{'' if good else ' FAIL'} |", flush=True)
            else:
                print(f"| {E} | {rows} | {N} x {K} | - | - | {flop / best[0] / 1e9:.0f} | - | - | {err:.1e}"
                      f"{'' if good else ' FAIL'} |", flush=True)
            del a, b, c, sa, sb
    return ok


def main():
    lib = ctypes.CDLL(sys.argv[1])
    for fn in (lib.tirx_grouped_contiguous, lib.tirx_grouped_masked):
        fn.restype = ctypes.c_int
    lib.tirx_grouped_contiguous.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_int, ctypes.c_longlong] + \
        [ctypes.c_int] * 5 + [ctypes.c_void_p]
    lib.tirx_grouped_masked.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_int] * 7 + [ctypes.c_void_p]
    lib.tirx_grouped_pick.restype = ctypes.c_int
    lib.tirx_grouped_pick.argtypes = [ctypes.c_longlong] + [ctypes.c_int] * 3

    def picked(rows, E, N, K):
        t = lib.tirx_grouped_pick(rows, E, N, K)
        return TILES[t] if 0 <= t < len(TILES) else "?"
    quick = "--quick" in sys.argv
    forced = "--no-forced" not in sys.argv
    dev = torch.device("cuda")
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"_grouped_mm: {'yes' if hasattr(torch, '_grouped_mm') else 'no'}")
    flush = torch.empty(256 << 20, dtype=torch.uint8, device=dev)
    stream = torch.cuda.current_stream().cuda_stream
    ok = True
    nks = [(7168, 2048), (4096, 7168), (2112, 7168)]
    experts = [8, 64, 256]
    if quick:
        nks, experts = nks[:1], experts[:2]
    print("contiguous layout, L2 cold")
    print("| E | tokens (min-max) | N x K | picked | _grouped_mm TFLOP/s (r1, r2) | mm loop TFLOP/s | ours TFLOP/s (r1, r2) "
          "| **ours / _grouped_mm** | ours / loop | forced " + ", ".join(TILES) + " (TFLOP/s) | variants / ours: L2 keeps B, keeps A, staged rows, "
          + ", ".join(f"G={g}" for g in VARIANT_ROWS) + " | err |")
    print("| ---: | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |")
    for (N, K) in nks:
        for E in experts:
            ms = sizes_for(E, 1000 + E)
            rows = sum(ms)
            starts = [0] + list(itertools.accumulate(ms))
            offs = torch.tensor(starts, dtype=torch.int32, device=dev)
            g = torch.Generator(device=dev).manual_seed(E + N + K)
            a = torch.randn(rows, K, device=dev, dtype=torch.bfloat16, generator=g)
            b = torch.randn(E, N, K, device=dev, dtype=torch.bfloat16, generator=g) * (1.0 / math.sqrt(K))
            c = torch.full((rows, N), float("nan"), device=dev, dtype=torch.bfloat16)
            ends = offs[1:]

            def ours(tile=-1, group_rows=0, hints=0):
                err = lib.tirx_grouped_contiguous(a.data_ptr(), b.data_ptr(), c.data_ptr(), offs.data_ptr(), E, rows,
                                                  N, K, tile, group_rows, hints, stream)
                if err:
                    raise RuntimeError(f"gemm_grouped: cudaError {err}")

            def gmm():
                return torch._grouped_mm(a, b.transpose(-2, -1), offs=ends, out_dtype=torch.bfloat16)

            outs = torch.empty(rows, N, device=dev, dtype=torch.bfloat16)

            def loop():
                for e in range(E):
                    torch.mm(a[starts[e]:starts[e + 1]], b[e].t(), out=outs[starts[e]:starts[e + 1]])

            ours()
            try:
                ref = gmm()
                have_gmm = True
            except Exception as ex:  # an older torch, or a layout it refuses
                print(f"_grouped_mm refused: {ex}")
                have_gmm = False
                loop()
                ref = outs
            torch.cuda.synchronize()
            err = rel(c, ref)
            good = err < 1e-2
            if forced:
                for i in range(len(TILES)):
                    c.fill_(float("nan"))
                    ours(i)
                    torch.cuda.synchronize()
                    e_i = rel(c, ref)
                    if not e_i < 1e-2:
                        print(f"forced {TILES[i]}: err {e_i:.1e} FAIL")
                        good = False
            ok = ok and good
            fns = [gmm if have_gmm else loop, loop, ours]
            if forced:
                fns += [lambda i=i: ours(i) for i in range(len(TILES))]
                fns += [lambda: ours(-1, 0, 1), lambda: ours(-1, 0, 2), lambda: ours(-1, 0, 4)] + \
                    [lambda gr=gr: ours(-1, gr, 0) for gr in VARIANT_ROWS]
            med = timed(fns, flush)
            flop = 2.0 * rows * N * K
            tf = [[flop / m / 1e9 for m in mm] for mm in med]
            best = [min(mm) for mm in med]
            fc = ", ".join(f"{flop / best[3 + i] / 1e9:.0f}" for i in range(len(TILES))) if forced else "-"
            fv = ", ".join(f"{best[2] / best[3 + len(TILES) + i]:.3f}" for i in range(3 + len(VARIANT_ROWS))) \
                if forced else "-"
            print(f"| {E} | {rows} ({min(ms)}-{max(ms)}) | {N} x {K} | {picked(rows, E, N, K)} | "
                  f"{tf[0][0]:.0f}, {tf[0][1]:.0f} | "
                  f"{flop / best[1] / 1e9:.0f} | {tf[2][0]:.0f}, {tf[2][1]:.0f} | **{best[0] / best[2]:.3f}x** | "
                  f"{best[1] / best[2]:.3f}x | {fc} | {fv} | {err:.1e}{'' if good else ' FAIL'} |", flush=True)
            del a, b, c, ref, outs
    print("masked layout (decode), L2 cold: A [E, Mmax, K], counts drawn 0-Mmax")
    print("| E | Mmax | tokens | N x K | picked | _grouped_mm 3D TFLOP/s (useful rows) | ours TFLOP/s "
          "| **ours / _grouped_mm** | variants / ours: L2 keeps B, keeps A, staged rows | forced " + ", ".join(TILES) +
          " (TFLOP/s) | err |")
    print("| ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | --- | ---: |")
    for (N, K) in nks:
        for (E, slot) in [(8, 256), (64, 128), (256, 64)][: 2 if quick else 3]:
            g = torch.Generator().manual_seed(E * slot)
            counts_l = [int(x) for x in torch.randint(0, slot + 1, (E,), generator=g)]
            counts_l[0] = 0
            counts = torch.tensor(counts_l, dtype=torch.int32, device=dev)
            gd = torch.Generator(device=dev).manual_seed(E + N + K + 1)
            a = torch.randn(E, slot, K, device=dev, dtype=torch.bfloat16, generator=gd)
            b = torch.randn(E, N, K, device=dev, dtype=torch.bfloat16, generator=gd) * (1.0 / math.sqrt(K))
            c = torch.full((E, slot, N), float("nan"), device=dev, dtype=torch.bfloat16)

            def ours_m(hints=0, tile=-1):
                err = lib.tirx_grouped_masked(a.data_ptr(), b.data_ptr(), c.data_ptr(), counts.data_ptr(), E, slot,
                                              N, K, tile, 0, hints, stream)
                if err:
                    raise RuntimeError(f"gemm_grouped masked: cudaError {err}")

            def gmm3():
                return torch._grouped_mm(a, b.transpose(-2, -1), out_dtype=torch.bfloat16)

            def bmm():
                return torch.bmm(a, b.transpose(-2, -1))

            ours_m()
            try:
                ref = gmm3()
                anchor = gmm3
            except Exception as ex:
                print(f"_grouped_mm 3D refused: {ex}")
                ref = bmm()
                anchor = bmm
            torch.cuda.synchronize()
            mask = torch.arange(slot, device=dev)[None, :] < counts[:, None]
            err = rel(c[mask], ref[mask])
            untouched = bool(torch.isnan(c[~mask]).all().item())
            good = err < 1e-2 and untouched
            ok = ok and good
            med = timed([anchor, ours_m, lambda: ours_m(1), lambda: ours_m(2), lambda: ours_m(4)] +
                        [lambda i=i: ours_m(0, i) for i in range(len(TILES))], flush)
            flop = 2.0 * sum(counts_l) * N * K
            best = [min(mm) for mm in med]
            fc = ", ".join(f"{flop / best[5 + i] / 1e9:.0f}" for i in range(len(TILES)))
            print(f"| {E} | {slot} | {sum(counts_l)} | {N} x {K} | {TILES[3]} | "
                  f"{flop / best[0] / 1e9:.0f} | "
                  f"{flop / best[1] / 1e9:.0f} | **{best[0] / best[1]:.3f}x** | {best[1] / best[2]:.3f}, {best[1] / best[3]:.3f}, {best[1] / best[4]:.3f} | {fc} | {err:.1e}"
                  f"{'' if good else ' FAIL'}{'' if untouched else ' (rows past a count written)'} |", flush=True)
            del a, b, c, ref
    fp8_lib = [x[6:] for x in sys.argv if x.startswith("--fp8=")]
    if fp8_lib:
        few = "--fp8-few" in sys.argv  # the first two N x K and expert counts only
        ok = bench_fp8(ctypes.CDLL(fp8_lib[0]), nks[:2] if few else nks, experts[:2] if few else experts, flush,
                       stream) and ok
    print("grouped bench:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
