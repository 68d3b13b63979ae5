#!/usr/bin/env python3
"""bench/attention/bench.py - examples/attention_fwd.cu against torch SDPA, one process.

    python3 bench/attention/bench.py LIB.so [--quick] [--d=64|128] [--shapes=BxH,...] [--seqs=S,...]
                                            [--causal | --not-causal] [--cold] [--no-flash]

bf16 forward attention, Q, K, V [B, H, S, D] contiguous, B*S = 16k tokens, H*D = 2048,
S = 512 ... 16k, D = 64 and 128, causal and not; or, with --shapes, every B x H given at
every S of --seqs (default 1k, 2k, 4k, 16k). --causal / --not-causal: only those.
--cold: each sample is one call after a 256 MiB write that evicts L2 (inputs cold, as in
a model's forward pass); --no-flash: cuDNN and ours only. For each shape, on the same random
tensors: ours (the compiled example through ctypes), torch SDPA with its default
backend (cuDNN on an H200) and with the flash backend. Every output is checked against
the others (relative Frobenius error below 1e-2), and at S <= 2k also against an
fp32 reference (torch math in float32; ours' logsumexp too). Then timed: 3 warm-up
calls of each, then 2 rounds of 20 event-timed samples of each (a sample: 5
back-to-back calls), the three alternating sample by sample; the median of each
round, TFLOP/s = 4 B H S^2 D (half when causal) / time, ratio = best torch median /
best of ours. Prints a markdown table; exit status 1 if a check failed.
"""
import ctypes
import math
import sys

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel


def rel(x, y):
    x, y = x.float(), y.float()
    return ((x - y).norm() / y.norm()).item()


def main():
    lib = ctypes.CDLL(sys.argv[1])
    lib.tirx_attention_fwd.restype = ctypes.c_int
    lib.tirx_attention_fwd.argtypes = [ctypes.c_void_p] * 5 + [ctypes.c_int] * 5 + [ctypes.c_void_p]
    quick = "--quick" in sys.argv
    dev = torch.device("cuda")
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}")
    seqs = [1024, 4096, 16384] if quick else [512, 1024, 2048, 4096, 8192, 16384]
    opt = {a.split("=")[0]: a.split("=", 1)[1] for a in sys.argv[2:] if "=" in a}
    shapes = [tuple(int(x) for x in bh.split("x")) for bh in opt["--shapes"].split(",")] if "--shapes" in opt else None
    if shapes:
        seqs = [int(x) for x in opt.get("--seqs", "1024,2048,4096,16384").split(",")]
    causals = [True] if "--causal" in sys.argv else [False] if "--not-causal" in sys.argv else [False, True]
    cold, use_flash = "--cold" in sys.argv, "--no-flash" not in sys.argv
    flush = torch.empty(256 << 20, dtype=torch.uint8, device=dev) if cold else None
    print(f"L2 {'cold (256 MiB written before each call)' if cold else 'warm (5 calls back to back)'}")
    ok = True
    rows = []
    print("| D | S | causal | B x H | cuDNN TFLOP/s (r1, r2) | flash TFLOP/s (r1, r2) | ours TFLOP/s (r1, r2) "
          "| ours / cuDNN | ours / flash | err vs cuDNN | err vs flash | err vs fp32 (O, lse) |")
    print("| ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    dims = [int(a[4:]) for a in sys.argv if a.startswith("--d=")] or [128, 64]
    for D in dims:
        for S, B, H in [(S, B, H) for S in seqs for (B, H) in (shapes or [(16384 // S, 2048 // D)])]:
            for causal in causals:
                g = torch.Generator(device=dev).manual_seed(S * 1000 + D + causal)
                q, k, v = (torch.randn(B, H, S, D, device=dev, dtype=torch.bfloat16, generator=g) for _ in range(3))
                o = torch.full_like(q, float("nan"))
                lse = torch.full((B, H, S), float("nan"), device=dev, dtype=torch.float32)
                stream = torch.cuda.current_stream().cuda_stream

                def ours():
                    err = lib.tirx_attention_fwd(q.data_ptr(), k.data_ptr(), v.data_ptr(), o.data_ptr(),
                                                 lse.data_ptr(), B, H, S, D, int(causal), stream)
                    if err:
                        raise RuntimeError(f"attention_fwd: cudaError {err}")

                def cudnn():
                    return F.scaled_dot_product_attention(q, k, v, is_causal=causal)

                def flash():
                    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                        return F.scaled_dot_product_attention(q, k, v, is_causal=causal)

                ours()
                o_cudnn = cudnn()
                o_flash = flash() if use_flash else o_cudnn
                torch.cuda.synchronize()
                e_c, e_f = rel(o, o_cudnn), rel(o, o_flash)
                e_cf = rel(o_flash, o_cudnn)
                good = e_c < 1e-2 and e_f < 1e-2 and e_cf < 1e-2  # NaN fails
                ref = "-"
                if S <= 2048:
                    qf, kf, vf = q.float(), k.float(), v.float()
                    e_o, e_l = 0.0, 0.0
                    for b0 in range(0, B, max(1, B // 4)):  # a quarter of the batch at a time
                        sl = slice(b0, b0 + max(1, B // 4))
                        sc = (qf[sl] @ kf[sl].transpose(-1, -2)) / math.sqrt(D)
                        if causal:
                            sc = sc.masked_fill(torch.ones(S, S, device=dev, dtype=torch.bool).triu(1), float("-inf"))
                        ref_lse = torch.logsumexp(sc, -1)
                        ref_o = torch.softmax(sc, -1) @ vf[sl]
                        e_o = max(e_o, rel(o[sl], ref_o))
                        e_l = max(e_l, (lse[sl] - ref_lse).abs().max().item())
                        del sc
                    good = good and e_o < 1e-2 and e_l < 1e-3
                    ref = f"{e_o:.1e}, {e_l:.1e}"
                ok = ok and good
                del o_cudnn, o_flash

                fns = [cudnn, flash, ours] if use_flash else [cudnn, ours]
                calls = 1 if cold else 5
                for _ in range(3):
                    for f in fns:
                        f()
                ev = [torch.cuda.Event(enable_timing=True) for _ in range(2)]
                med = [[0.0, 0.0] for _ in fns]
                for rnd in range(2):
                    t = [[] for _ in fns]
                    for i in range(20):
                        for n, f in enumerate(fns):
                            if cold:
                                flush.fill_(i & 255)
                            ev[0].record()
                            for _ in range(calls):
                                f()
                            ev[1].record()
                            ev[1].synchronize()
                            t[n].append(ev[0].elapsed_time(ev[1]) / calls)
                    for n in range(len(fns)):
                        med[n][rnd] = sorted(t[n])[10]
                flop = 4.0 * B * H * S * S * D / (2 if causal else 1)
                if not use_flash:
                    med.insert(1, [math.inf, math.inf])
                tf = [[flop / m / 1e9 for m in mm] for mm in med]
                best = [min(mm) for mm in med]
                fl = [f"{tf[1][0]:.0f}, {tf[1][1]:.0f}", f"{best[1] / best[2]:.3f}x", f"{e_f:.1e}"] if use_flash else "---"
                print(f"| {D} | {S} | {'yes' if causal else 'no'} | {B} x {H} | {tf[0][0]:.0f}, {tf[0][1]:.0f} | "
                      f"{fl[0]} | {tf[2][0]:.0f}, {tf[2][1]:.0f} | "
                      f"**{best[0] / best[2]:.3f}x** | {fl[1]} | {e_c:.1e} | {fl[2]} | {ref}"
                      f"{'' if good else ' FAIL'} |", flush=True)
                del q, k, v, o, lse
    print("attention bench:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
