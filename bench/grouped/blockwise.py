#!/usr/bin/env python3
"""bench/grouped/blockwise.py - examples/gemm_grouped_fp8_blockwise.cu against torch, one process.

    python3 bench/grouped/blockwise.py BWLIB.so [FP8LIB.so] [--quick] [--no-masked]

The grouped GEMM of a mixture of experts in FP8 with DeepSeek-V3's block scales (1 x 128 of
A per token and K-block, 128 x 128 of each expert's B), contiguous layout: A [sum M_e, K]
e4m3, tokens sorted by expert, B [E, N, K] e4m3, scale_a [K/128, sum M_e], scale_b
[E, N/128, K/128], C bf16. The anchor is torch's blockwise _scaled_mm (cuBLASLt's 1x128 /
128x128 scaling; bench/gemm_fp8_torch/blockwise.py calls it the same way) in a loop, one
call per expert, into slices of one C; for reference, our own grouped FP8 with row-wise
scales and fast accumulation (examples/gemm_grouped_fp8.cu, FP8LIB.so: other scales, no
promotion, so not the same product). Expert sizes drawn log-uniformly from a fixed seed
(bench.py's: E = 8: 64-4096 tokens, E = 64: 64-1024, E = 256: 64-256), rounded up to
multiples of 16; N x K DeepSeek-V3's 7168 x 2048, 4096 x 7168, 2112 x 7168. Then the masked
layout (A [E, Mmax, K], counts drawn 0-Mmax in multiples of 16, the first expert empty)
against the same loop over each expert's counted rows. Ours: the tile width the host
picks, and each forced (128 x 128, 128 x 256, 64 x 256).
Checked: ours (each tile) and torch's against a float64 reference of the same e4m3 values
and scales (ours: relative Frobenius error below 1e-2 and every element within max|ref| /
128 + |ref| / 256, the example's bounds; masked rows past a count untouched). Timed with a cold
L2 (256 MiB written before each sample): 3 warm-up calls, then 2 rounds of 15 event-timed
samples, all functions alternating sample by sample; TFLOP/s = 2 sum(M_e) N K / median
(the better round's); ratio = anchor's median / ours. Exit status 1 if a check failed.
"""
import ctypes
import itertools
import sys

import torch

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench import sizes_for, timed  # noqa: E402


def make(dev, rows, E, N, K, seed):
    g = torch.Generator(device=dev).manual_seed(seed)
    kb, nb = (K + 127) // 128, (N + 127) // 128
    a = (torch.randn(rows, K, device=dev, generator=g) * 2).to(torch.float8_e4m3fn)
    b = (torch.randn(E, N, K, device=dev, generator=g) * 2).to(torch.float8_e4m3fn)
    sa = torch.rand(kb, rows, device=dev, generator=g) * 0.9375 + 1.0625  # scale_a[kb][row]
    sb = torch.rand(E, nb, kb, device=dev, generator=g) * 0.9375 + 1.0625  # scale_b[e][nb][kb]
    return a, b, sa, sb


def reference(a, b, sa, sb, e, lo, hi, N, K):
    """Expert e's rows lo..hi-1 of C in float64: A and B times their scales, exact in double."""
    ka = sa[:, lo:hi].t().double().repeat_interleave(128, dim=1)[:, :K]
    kbm = sb[e].double().repeat_interleave(128, dim=0)[:N].repeat_interleave(128, dim=1)[:, :K]
    return (a[lo:hi].float().double() * ka) @ (b[e].float().double() * kbm).t()


def compare(got, refs):
    """got's rows against refs [(lo, hi, float64 rows)]: the relative Frobenius error, and whether
    every element is within max|ref| / 128 + |ref| / 256 (the example's bounds)."""
    max_ref = max(r.abs().max().item() for (_, _, r) in refs)
    d2 = r2 = 0.0
    within = True
    for lo, hi, r in refs:
        d = got[lo:hi].double() - r
        d2 += d.square().sum().item()
        r2 += r.square().sum().item()
        within = within and bool((d.abs() <= max_ref / 128 + r.abs() / 256).all().item())
    return (d2 / r2) ** 0.5, within


def torch_loop(a, b, sa, sb, spans, out):
    """One blockwise _scaled_mm per non-empty expert, into slices of `out`; the scales of each
    expert's rows copied once beforehand (torch takes scale_a as (m, k/128) with strides (1, m))."""
    sa_e = [sa[:, lo:hi].contiguous() for (lo, hi) in spans]
    sbt = [sb[e].t() for e in range(len(spans))]

    def f():
        for e, (lo, hi) in enumerate(spans):
            if hi > lo:
                torch._scaled_mm(a[lo:hi], b[e].t(), scale_a=sa_e[e].t(), scale_b=sbt[e], out_dtype=torch.bfloat16,
                                 out=out[lo:hi])

    def g():  # where this torch has no out= for it: the results copied in
        for e, (lo, hi) in enumerate(spans):
            if hi > lo:
                out[lo:hi] = torch._scaled_mm(a[lo:hi], b[e].t(), scale_a=sa_e[e].t(), scale_b=sbt[e],
                                              out_dtype=torch.bfloat16)
    try:
        f()
        return f
    except Exception as ex:
        print(f"_scaled_mm(out=...): {str(ex).splitlines()[0][:100]}; results copied instead")
        return g


def main():
    lib = ctypes.CDLL(sys.argv[1])
    for fn in (lib.tirx_grouped_fp8_blockwise_contiguous, lib.tirx_grouped_fp8_blockwise_masked):
        fn.restype = ctypes.c_int
    lib.tirx_grouped_fp8_blockwise_contiguous.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_int, ctypes.c_longlong] + \
        [ctypes.c_int] * 2 + [ctypes.c_void_p] * 2 + [ctypes.c_int, ctypes.c_void_p]
    lib.tirx_grouped_fp8_blockwise_masked.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_int] * 4 + \
        [ctypes.c_void_p] * 2 + [ctypes.c_int, ctypes.c_void_p]
    libs = [x for x in sys.argv[2:] if not x.startswith("--")]
    rw = ctypes.CDLL(libs[0]) if libs else None
    if rw:
        rw.tirx_grouped_fp8_contiguous.restype = ctypes.c_int
        rw.tirx_grouped_fp8_contiguous.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_int, ctypes.c_longlong] + \
            [ctypes.c_int] * 2 + [ctypes.c_void_p] * 3
    quick = "--quick" in sys.argv
    dev = torch.device("cuda")
    torch.backends.cuda.matmul.allow_tf32 = False
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}")
    flush = torch.empty(256 << 20, dtype=torch.uint8, device=dev)
    stream = torch.cuda.current_stream().cuda_stream
    ok = True
    nks = [(7168, 2048), (4096, 7168), (2112, 7168)]
    experts = [8, 64, 256]
    if quick:
        nks, experts = nks[:2], [8, 256]
    print("blockwise fp8 (1x128 A, 128x128 B), contiguous layout, L2 cold")
    print("| E | tokens (min-max) | N x K | torch blockwise loop TFLOP/s | ours picked TFLOP/s (r1, r2) "
          "| **ours / loop** | forced 128x128, 128x256, 64x256 (TFLOP/s) | ours row-wise fast-accum TFLOP/s "
          "| err ours, torch (vs float64) |")
    print("| ---: | --- | --- | ---: | ---: | ---: | --- | ---: | --- |")
    for (N, K) in nks:
        for E in experts:
            ms = [(m + 15) // 16 * 16 for m in sizes_for(E, 1000 + E)]
            rows = sum(ms)
            starts = [0] + list(itertools.accumulate(ms))
            spans = list(zip(starts[:-1], starts[1:]))
            offs = torch.tensor(starts, dtype=torch.int32, device=dev)
            a, b, sa, sb = make(dev, rows, E, N, K, E + N + K + 11)
            c = torch.full((rows, N), float("nan"), device=dev, dtype=torch.bfloat16)
            ct = torch.full((rows, N), float("nan"), device=dev, dtype=torch.bfloat16)

            def ours(tile=-1):
                err = lib.tirx_grouped_fp8_blockwise_contiguous(a.data_ptr(), b.data_ptr(), c.data_ptr(),
                                                                offs.data_ptr(), E, rows, N, K, sa.data_ptr(),
                                                                sb.data_ptr(), tile, stream)
                if err:
                    raise RuntimeError(f"gemm_grouped_fp8_blockwise: cudaError {err}")

            loop = torch_loop(a, b, sa, sb, spans, ct)
            torch.cuda.synchronize()
            refs = [(lo, hi, reference(a, b, sa, sb, e, lo, hi, N, K)) for e, (lo, hi) in enumerate(spans)]
            good = True
            for tile in (0, 1, 2, -1):  # each forced, then the picked one
                c.fill_(float("nan"))
                ours(tile)
                torch.cuda.synchronize()
                err, within = compare(c, refs)
                good = good and err < 1e-2 and within
            err_t = compare(ct, refs)[0]
            del refs
            ok = ok and good
            fns = [loop, ours, lambda: ours(0), lambda: ours(1), lambda: ours(2)]
            if rw:
                sar = torch.rand(rows, device=dev) + 0.5
                sbr = torch.rand(E, N, device=dev) + 0.5

                def rowwise():
                    err = rw.tirx_grouped_fp8_contiguous(a.data_ptr(), b.data_ptr(), c.data_ptr(), offs.data_ptr(), E,
                                                         rows, N, K, sar.data_ptr(), sbr.data_ptr(), stream)
                    if err:
                        raise RuntimeError(f"gemm_grouped_fp8: cudaError {err}")
                fns.append(rowwise)
            med = timed(fns, flush)
            flop = 2.0 * rows * N * K
            best = [min(mm) for mm in med]
            tf = [flop / m / 1e9 for m in med[1]]
            rwt = f"{flop / best[5] / 1e9:.0f}" if rw else "-"
            print(f"| {E} | {rows} ({min(ms)}-{max(ms)}) | {N} x {K} | {flop / best[0] / 1e9:.0f} | "
                  f"{tf[0]:.0f}, {tf[1]:.0f} | **{best[0] / best[1]:.3f}x** | "
                  f"{flop / best[2] / 1e9:.0f}, {flop / best[3] / 1e9:.0f}, {flop / best[4] / 1e9:.0f} | {rwt} | "
                  f"{err:.1e}, {err_t:.1e}{'' if good else ' FAIL'} |", flush=True)
            del a, b, c, ct, sa, sb, loop, fns
    if "--no-masked" not in sys.argv:
        print("blockwise fp8, masked layout (decode), L2 cold: A [E, Mmax, K], counts drawn 0-Mmax (multiples of 16)")
        print("| E | Mmax | tokens | N x K | torch blockwise loop TFLOP/s | ours picked TFLOP/s | **ours / loop** "
              "| forced 128x128, 128x256, 64x256 (TFLOP/s) | err ours |")
        print("| ---: | ---: | ---: | --- | ---: | ---: | ---: | --- | --- |")
        for (N, K) in nks:
            for (E, slot) in [(8, 256), (64, 128), (256, 64)][::2 if quick else 1]:
                g = torch.Generator().manual_seed(E * slot)
                counts_l = [int(x) * 16 for x in torch.randint(0, slot // 16 + 1, (E,), generator=g)]
                counts_l[0] = 0
                counts = torch.tensor(counts_l, dtype=torch.int32, device=dev)
                rows = E * slot
                spans = [(e * slot, e * slot + counts_l[e]) for e in range(E)]
                a, b, sa, sb = make(dev, rows, E, N, K, E + N + K + 13)
                c = torch.full((rows, N), float("nan"), device=dev, dtype=torch.bfloat16)
                ct = torch.full((rows, N), float("nan"), device=dev, dtype=torch.bfloat16)

                def ours_m(tile=-1):
                    err = lib.tirx_grouped_fp8_blockwise_masked(a.data_ptr(), b.data_ptr(), c.data_ptr(),
                                                                counts.data_ptr(), E, slot, N, K, sa.data_ptr(),
                                                                sb.data_ptr(), tile, stream)
                    if err:
                        raise RuntimeError(f"gemm_grouped_fp8_blockwise masked: cudaError {err}")

                loop = torch_loop(a, b, sa, sb, spans, ct)
                mask = torch.zeros(rows, dtype=torch.bool, device=dev)
                refs = []
                for e, (lo, hi) in enumerate(spans):
                    mask[lo:hi] = True
                    if hi > lo:
                        refs.append((lo, hi, reference(a, b, sa, sb, e, lo, hi, N, K)))
                good, untouched = True, True
                for tile in (0, 1, 2, -1):  # each forced, then the picked one
                    c.fill_(float("nan"))
                    ours_m(tile)
                    torch.cuda.synchronize()
                    err, within = compare(c, refs)
                    untouched = untouched and bool(torch.isnan(c[~mask]).all().item())
                    good = good and err < 1e-2 and within and untouched
                del refs
                ok = ok and good
                med = timed([loop, ours_m, lambda: ours_m(0), lambda: ours_m(1), lambda: ours_m(2)], flush)
                flop = 2.0 * sum(counts_l) * N * K
                best = [min(mm) for mm in med]
                print(f"| {E} | {slot} | {sum(counts_l)} | {N} x {K} | {flop / best[0] / 1e9:.0f} | "
                      f"{flop / best[1] / 1e9:.0f} | **{best[0] / best[1]:.3f}x** | "
                      f"{flop / best[2] / 1e9:.0f}, {flop / best[3] / 1e9:.0f}, {flop / best[4] / 1e9:.0f} | {err:.1e}"
                      f"{'' if good else ' FAIL'}{'' if untouched else ' (rows past a count written)'} |", flush=True)
                del a, b, c, ct, sa, sb, loop
    print("grouped blockwise bench:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
