#!/usr/bin/env python3
"""bench/gemm_fp8_torch/blockwise.py - examples/gemm_fp8_blockwise.cu against torch, one process.

    python3 bench/gemm_fp8_torch/blockwise.py LIB.so [M N K ...]

C (bf16, m x n) = sum over 128-wide K-blocks of scale_a[kb][m] * scale_b[n / 128][kb] *
(A . B^T restricted to the block), A (m x k) and B (n x k) e4m3 (DeepSeek-V3's 1 x 128
activation and 128 x 128 weight scales). On the same tensors: ours at each tile shape
(through ctypes; the picked one first), torch._scaled_mm per-tensor with
use_fast_accum=True (cuBLASLt's fastest fp8 GEMM: the anchor), and torch._scaled_mm
with the blockwise scales where this torch accepts them. Checked: each of ours
against a float64 reference of the same e4m3 values and scales (relative Frobenius
error below 1e-2, every element within max|ref| / 128 + |ref| / 256, the example's
bounds). Timed with a cold L2 (a 256 MiB buffer rewritten before every sample): 3
warm-up calls of each, then 25 event-timed single calls of each, alternating sample by
sample; TFLOP/s = 2 m n k / median; ratios against the per-tensor fast-accum median.
Exit status 1 if a check failed. BW_TILES=-1,0,2 (environment) times only those of
ours (the BlockTile numbers of the example; -1: the picked one); BW_TORCH_BW=0 leaves
torch's blockwise call out.
"""
import ctypes
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from cold_timing import time_alternating  # noqa: E402

TILES = [(-1, "ours picked"), (0, "ours 128x128"), (1, "ours 128x256"), (2, "ours 128x256 pairs"), (3, "ours 128x128 pairs")]


def main():
    lib = ctypes.CDLL(sys.argv[1])
    lib.tirx_gemm_fp8_blockwise.restype = ctypes.c_int
    lib.tirx_gemm_fp8_blockwise.argtypes = [ctypes.c_void_p] * 5 + [ctypes.c_int] * 4 + [ctypes.c_void_p]
    only = os.environ.get("BW_TILES")
    tiles = [t for t in TILES if only is None or str(t[0]) in only.split(",")]
    nums = [int(a) for a in sys.argv[2:]]
    sizes = [tuple(nums[i:i + 3]) for i in range(0, len(nums) - 2, 3)] or [(4096, 4096, 4096)]
    dev = torch.device("cuda")
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}")
    flush = torch.empty(256 << 20, dtype=torch.uint8, device=dev)
    ok = True
    rows = []
    for (M, N, K) in sizes:
        g = torch.Generator(device=dev).manual_seed(M + N + K)
        kb, nb = (K + 127) // 128, (N + 127) // 128
        a = (torch.randn(M, K, device=dev, generator=g) * 2).to(torch.float8_e4m3fn)
        b = (torch.randn(N, K, device=dev, generator=g) * 2).to(torch.float8_e4m3fn)
        sa = torch.rand(kb, M, device=dev, generator=g) * 0.9375 + 1.0625  # scale_a[kb * M + m]
        sb = torch.rand(nb, kb, device=dev, generator=g) * 0.9375 + 1.0625  # scale_b[nb * kb_count + kb]
        c = torch.full((M, N), float("nan"), device=dev, dtype=torch.bfloat16)
        one = torch.tensor(1.0, device=dev)
        stream = torch.cuda.current_stream().cuda_stream

        def ours_fn(tile):
            def f():
                err = lib.tirx_gemm_fp8_blockwise(a.data_ptr(), b.data_ptr(), c.data_ptr(), sa.data_ptr(),
                                                  sb.data_ptr(), M, N, K, tile, stream)
                if err:
                    raise RuntimeError(f"gemm_fp8_blockwise: cudaError {err}")
            return f

        def fast():
            return torch._scaled_mm(a, b.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16, use_fast_accum=True)

        # torch's blockwise layouts: scale_a (m, k/128) with strides (1, m): ours, viewed;
        # scale_b of b.t() (k/128, n/128) with strides (1, k/128): ours transposed.
        def torch_bw():
            return torch._scaled_mm(a, b.t(), scale_a=sa.t(), scale_b=sb.t(), out_dtype=torch.bfloat16)

        # The reference in float64, one 128-wide K-block at a time.
        ref = torch.zeros(M, N, dtype=torch.float64, device=dev)
        af, bf = a.float(), b.float()  # e4m3 values, exact
        for k in range(kb):
            lo, hi = k * 128, min(K, k * 128 + 128)
            part = af[:, lo:hi].double() @ bf[:, lo:hi].double().t()
            ref += part * sa[k].double()[:, None] * sb[:, k].double().repeat_interleave(128)[:N][None, :]
        max_ref = ref.abs().max().item()
        fns, names, errs = [fast], ["per-tensor fast"], []
        try:
            if os.environ.get("BW_TORCH_BW") == "0":
                raise RuntimeError("left out (BW_TORCH_BW=0)")
            cb = torch_bw()
            e = ((cb.double() - ref).norm() / ref.norm()).item()
            fns.append(torch_bw), names.append("torch blockwise")
            print(f"  torch blockwise _scaled_mm: runs, error {e:.1e}")
        except Exception as ex:  # this torch or cuBLASLt lacks it
            print(f"  torch blockwise _scaled_mm: not available ({str(ex).splitlines()[0][:100]})")
        for tile, name in tiles:
            c.fill_(float("nan"))
            ours_fn(tile)()
            torch.cuda.synchronize()
            d = c.double() - ref
            rel = (d.norm() / ref.norm()).item()
            within = bool((d.abs() <= max_ref / 128 + ref.abs() / 256).all().item())
            good = rel < 1e-2 and within  # NaN fails
            ok = ok and good
            errs.append(f"{name} {rel:.1e}{'' if good else ' FAIL'}")
            fns.append(ours_fn(tile)), names.append(name)
        del ref, af, bf, part
        med = [m[0] for m in time_alternating(fns, flush, rounds=1, samples=25)]
        flop = 2.0 * M * N * K
        print(f"{M} x {N} x {K}: errors vs float64: {', '.join(errs)}")
        for i, n in enumerate(names):
            print(f"  {n:18s} {flop / med[i] / 1e9:7.0f} TFLOP/s  {med[0] / med[i]:.3f}x per-tensor fast")
        rows.append((M, N, K, [flop / m / 1e9 for m in med], names))
    print("| m x n x k | " + " | ".join(rows[0][4]) + " |")
    for M, N, K, tf, _ in rows:
        print(f"| {M} x {N} x {K} | " + " | ".join(f"{x:.0f}" for x in tf) + " |")
    print(f"gemm_fp8_blockwise vs torch: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
