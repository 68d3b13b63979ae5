#!/usr/bin/env python3
"""bench/gemm_fp8_torch/bench.py - examples/gemm_fp8.cu against torch._scaled_mm, one process.

    python3 bench/gemm_fp8_torch/bench.py LIB.so [M N K ...]

C (bf16, m x n) = scale_a * scale_b * A (e4m3, m x k) . B (e4m3, n x k)^T, per-tensor
scales. On the same tensors: ours (through ctypes), torch._scaled_mm (cuBLASLt) with
use_fast_accum=False and =True. Checked: each result against torch's fp32 matmul of
the same e4m3 values (relative Frobenius error below 3e-2: fp8 accumulation without
promotion). Timed: 3 warm-up calls of each, then 2 rounds of 20 event-timed samples of
5 back-to-back calls, the three alternating sample by sample; TFLOP/s = 2 m n k /
median; ratio = best torch median / best of ours. Exit status 1 if a check failed.
"""
import ctypes
import sys

import torch


def main():
    lib = ctypes.CDLL(sys.argv[1])
    lib.tirx_gemm_fp8.restype = ctypes.c_int
    lib.tirx_gemm_fp8.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_int] * 3 + [ctypes.c_float] * 2 + [ctypes.c_void_p]
    nums = [int(a) for a in sys.argv[2:]]
    sizes = [tuple(nums[i:i + 3]) for i in range(0, len(nums) - 2, 3)] or \
        [(4096, 4096, 4096), (8192, 8192, 8192), (8000, 7984, 8064), (5000, 6000, 7008)]  # torch: n, k multiples of 16
    dev = torch.device("cuda")
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}")
    print("| m x n x k | _scaled_mm TFLOP/s (r1, r2) | fast-accum (r1, r2) | ours (r1, r2) | ours / _scaled_mm "
          "| ours / fast-accum | err ours, Lt, fast (vs fp32) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    ok = True
    sa, sb = 0.25, 0.375
    for (M, N, K) in sizes:
        g = torch.Generator(device=dev).manual_seed(M + N + K)
        a = (torch.randn(M, K, device=dev, generator=g) * 2).to(torch.float8_e4m3fn)
        b = (torch.randn(N, K, device=dev, generator=g) * 2).to(torch.float8_e4m3fn)
        c = torch.full((M, N), float("nan"), device=dev, dtype=torch.bfloat16)
        ta = torch.tensor(sa, device=dev)
        tb = torch.tensor(sb, device=dev)
        stream = torch.cuda.current_stream().cuda_stream

        def ours():
            err = lib.tirx_gemm_fp8(a.data_ptr(), b.data_ptr(), c.data_ptr(), M, N, K, sa, sb, stream)
            if err:
                raise RuntimeError(f"gemm_fp8: cudaError {err}")

        def lt():
            return torch._scaled_mm(a, b.t(), scale_a=ta, scale_b=tb, out_dtype=torch.bfloat16, use_fast_accum=False)

        def fast():
            return torch._scaled_mm(a, b.t(), scale_a=ta, scale_b=tb, out_dtype=torch.bfloat16, use_fast_accum=True)

        ours()
        c_lt, c_fast = lt(), fast()
        ref = (a.float() @ b.float().t()) * (sa * sb)
        torch.cuda.synchronize()
        errs = [((x.float() - ref).norm() / ref.norm()).item() for x in (c, c_lt, c_fast)]
        good = all(e < 3e-2 for e in errs)  # NaN fails
        ok = ok and good
        fns = [lt, fast, ours]
        for _ in range(3):
            for f in fns:
                f()
        times = [[0.0] * 3 for _ in range(2)]
        ev = [torch.cuda.Event(enable_timing=True) for _ in range(2)]
        for r in range(2):
            samples = [[] for _ in fns]
            for _ in range(20):
                for i, f in enumerate(fns):
                    ev[0].record()
                    for _ in range(5):
                        f()
                    ev[1].record()
                    ev[1].synchronize()
                    samples[i].append(ev[0].elapsed_time(ev[1]) / 5)
            for i in range(3):
                times[r][i] = sorted(samples[i])[10]
        flop = 2.0 * M * N * K
        tf = [[flop / times[r][i] / 1e9 for i in range(3)] for r in range(2)]
        best = [min(times[0][i], times[1][i]) for i in range(3)]
        print(f"| {M} x {N} x {K} | {tf[0][0]:.0f}, {tf[1][0]:.0f} | {tf[0][1]:.0f}, {tf[1][1]:.0f} | "
              f"{tf[0][2]:.0f}, {tf[1][2]:.0f} | {best[0] / best[2]:.3f}x | {best[1] / best[2]:.3f}x | "
              f"{errs[0]:.1e}, {errs[1]:.1e}, {errs[2]:.1e}{'' if good else ' FAIL'} |")
    print(f"gemm_fp8 vs torch: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
