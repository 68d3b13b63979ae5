#!/usr/bin/env python3
"""bench/attention/bwd.py - examples/attention_bwd.cu against torch's backward, one process.

    python3 bench/attention/bwd.py LIB.so[,LIB2.so...] [--shapes=BxHxS,...] [--d=128] [--causal | --not-causal]
                                          [--no-flash] [--no-det] [--det-libs=0,...] [--samples=15]

bf16 attention backward, Q, K, V, O, dO [B, H, S, D] contiguous (default shapes 4x32x4096,
16x16x2048 and 1x32x16384, D = 128, causal and not). On the same random tensors: torch SDPA's backward
(autograd, retain_graph) with the cuDNN backend and with the flash backend, and ours (the
compiled example through ctypes: delta, the main kernel and dQ's conversion), with O and the
logsumexp from torch's flash forward; ours deterministic too (--no-det: not); further libraries
(variants of the kernel built the same way) as "ours (variant N)", deterministic too for those
in --det-libs (default the first). Checked:
dQ, dK, dV of ours against cuDNN's (relative Frobenius error below 2e-2) and, at S <= 2k,
against an fp32 reference (torch autograd in float32). Timed with a cold L2 (a 256 MiB
write before every sample, one call per sample): 3 warm-up calls of each, then 2 rounds of
--samples event-timed samples, the variants alternating sample by sample; the median of each round,
TFLOP/s = 10 B H S^2 D (half when causal) / time, ratio = cuDNN's best median / ours' best.
Prints a markdown table; exit status 1 if a check failed.
"""
import ctypes
import math
import os
import sys

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from cold_timing import time_alternating  # noqa: E402


def rel(x, y):
    x, y = x.float(), y.float()
    return ((x - y).norm() / y.norm()).item()


def fp32_grads(q, k, v, do, causal):
    """dQ, dK, dV in float32 (torch autograd on the explicit formula), a quarter of the batch at a time."""
    B, S, D = q.shape[0], q.shape[2], q.shape[3]
    out = [torch.empty_like(x, dtype=torch.float32) for x in (q, k, v)]
    step = max(1, B // 4)
    for b0 in range(0, B, step):
        sl = slice(b0, b0 + step)
        qf, kf, vf = (x[sl].float().requires_grad_() for x in (q, k, v))
        sc = (qf @ kf.transpose(-1, -2)) / math.sqrt(D)
        if causal:
            sc = sc.masked_fill(torch.ones(S, S, device=q.device, dtype=torch.bool).triu(1), float("-inf"))
        o = torch.softmax(sc, -1) @ vf
        g = torch.autograd.grad(o, (qf, kf, vf), do[sl].float())
        for i in range(3):
            out[i][sl] = g[i]
        del sc, o, g
    return out


def forward_with_lse(q, k, v, causal, out):
    """O and the row logsumexp (natural log) from torch's flash forward, or O = out and the
    logsumexp computed in float32 a batch at a time where that op is not there."""
    S = q.shape[2]
    try:
        res = torch.ops.aten._scaled_dot_product_flash_attention(q, k, v, 0.0, causal, False)
        return res[0].contiguous(), res[1][..., :S].contiguous().float()
    except (RuntimeError, AttributeError) as e:
        print(f"flash forward op: {e}; logsumexp in float32 instead")
    lse = torch.empty(q.shape[:3], device=q.device, dtype=torch.float32)
    for b in range(q.shape[0]):
        sc = (q[b].float() @ k[b].float().transpose(-1, -2)) / math.sqrt(q.shape[3])
        if causal:
            sc = sc.masked_fill(torch.ones(S, S, device=q.device, dtype=torch.bool).triu(1), float("-inf"))
        lse[b] = torch.logsumexp(sc, -1)
    return out.detach().contiguous(), lse


def main():
    libs = []
    for path in sys.argv[1].split(","):
        lib = ctypes.CDLL(path)
        lib.tirx_attention_bwd.restype = ctypes.c_int
        lib.tirx_attention_bwd.argtypes = [ctypes.c_void_p] * 9 + [ctypes.c_int] * 7 + [ctypes.c_void_p] * 2
        lib.tirx_attention_bwd_workspace.restype = ctypes.c_size_t
        lib.tirx_attention_bwd_workspace.argtypes = [ctypes.c_int] * 5
        libs.append(lib)
    dev = torch.device("cuda")
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}")
    opt = {a.split("=")[0]: a.split("=", 1)[1] for a in sys.argv[2:] if "=" in a}
    shapes = [tuple(int(x) for x in s.split("x")) for s in opt.get("--shapes", "4x32x4096,16x16x2048,1x32x16384").split(",")]
    D = int(opt.get("--d", "128"))
    causals = [True] if "--causal" in sys.argv else [False] if "--not-causal" in sys.argv else [False, True]
    use_flash, use_det = "--no-flash" not in sys.argv, "--no-det" not in sys.argv
    det_libs = [int(x) for x in opt.get("--det-libs", "0").split(",")]
    flush = torch.empty(256 << 20, dtype=torch.uint8, device=dev)
    print("L2 cold (256 MiB written before each call), one call per sample")
    ok = True
    print("| B x H x S x D | causal | backward | TFLOP/s (round 1, 2) | cuDNN / it | err vs cuDNN (dQ, dK, dV) "
          "| err vs fp32 (dQ, dK, dV) |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
    stream = torch.cuda.current_stream().cuda_stream
    samples = int(opt.get("--samples", "15"))
    for (B, H, S) in shapes:
        for causal in causals:
            g = torch.Generator(device=dev).manual_seed(S * 1000 + D + causal)
            q, k, v, do = (torch.randn(B, H, S, D, device=dev, dtype=torch.bfloat16, generator=g) for _ in range(4))
            q.requires_grad_(), k.requires_grad_(), v.requires_grad_()
            with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                out_c = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
            with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                out_f = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
            with torch.no_grad():
                o, lse = forward_with_lse(q, k, v, causal, out_f)
            grads = [torch.full_like(q, float("nan")) for _ in range(3)]

            def make_ours(lib, det):
                work = torch.empty(lib.tirx_attention_bwd_workspace(B, H, S, D, det), dtype=torch.uint8, device=dev)

                def ours():
                    err = lib.tirx_attention_bwd(q.data_ptr(), k.data_ptr(), v.data_ptr(), o.data_ptr(),
                                                 do.data_ptr(), lse.data_ptr(), grads[0].data_ptr(),
                                                 grads[1].data_ptr(), grads[2].data_ptr(), B, H, H, S, D,
                                                 int(causal), det, work.data_ptr(), stream)
                    if err:
                        raise RuntimeError(f"attention_bwd: cudaError {err}")
                    return grads
                return ours

            def cudnn():
                return torch.autograd.grad(out_c, (q, k, v), do, retain_graph=True)

            def flash():
                return torch.autograd.grad(out_f, (q, k, v), do, retain_graph=True)

            impls = [("cuDNN", cudnn)] + ([("flash", flash)] if use_flash else [])
            for n, lib in enumerate(libs):
                tag = "" if n == 0 else f" (variant {n})"
                impls.append(("ours" + tag, make_ours(lib, 0)))
                if use_det and n in det_libs:
                    impls.append((f"ours{tag}, deterministic", make_ours(lib, 1)))
            ref = fp32_grads(q.detach(), k.detach(), v.detach(), do, causal) if S <= 2048 else None
            ref_c = [x.clone() for x in cudnn()]
            errs = {}
            for name, f in impls:
                got = [x.clone() for x in f()]
                torch.cuda.synchronize()
                e_c = [rel(got[i], ref_c[i]) for i in range(3)]
                e_f = [rel(got[i], ref[i]) for i in range(3)] if ref is not None else None
                good = all(e < 2e-2 for e in e_c) or name == "cuDNN"
                if "deterministic" in name:  # the same bits every call
                    again = f()
                    torch.cuda.synchronize()
                    if not all(torch.equal(a, b) for a, b in zip(got, again)):
                        print(f"{name}: two calls differ at {B}x{H}x{S} causal={causal}")
                        good = False
                errs[name] = (e_c, e_f, good)
                ok = ok and good
                del got
            del ref, ref_c

            med = time_alternating([f for _, f in impls], flush, samples=samples)
            flop = 10.0 * B * H * S * S * D / (2 if causal else 1)
            for n, (name, _) in enumerate(impls):
                e_c, e_f, good = errs[name]
                tf = [flop / m / 1e9 for m in med[n]]
                f32 = ", ".join(f"{e:.1e}" for e in e_f) if e_f else "-"
                print(f"| {B} x {H} x {S} x {D} | {'yes' if causal else 'no'} | {name} | {tf[0]:.0f}, {tf[1]:.0f} | "
                      f"{'**' if name == 'ours' else ''}{min(med[0]) / min(med[n]):.3f}x{'**' if name == 'ours' else ''} | "
                      f"{', '.join(f'{e:.1e}' for e in e_c)} | {f32}{'' if good else ' FAIL'} |", flush=True)
            del q, k, v, do, o, lse, out_c, out_f, grads, impls
            torch.cuda.empty_cache()
    print("attention bwd bench:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
