#!/usr/bin/env bash
# Adoption trial 3 (docs/adoption.md), on the CPU machine (libclang): runs
# tirx-pp on the annotated scratch copies under ADOPT4 (default /tmp/adopt4)
# and packs what the GPU machine needs into BUNDLE (default
# build/adopt4-bundle): the unannotated and annotated trees with the tirx-pp
# outputs (tirx_out/), two deliberately wrong annotations (wrong/), tirx's
# headers/ and run.sh (tests/adoption/trial3_gpu.sh). Then, on the GPU:
#   build/adopt4-bundle/run.sh          (run's carry: build/adopt4-bundle)
#   trial3_prepare.sh TIRX_PP [ADOPT4] [BUNDLE]
set -eu
TP=$(realpath "$1"); A=$(realpath "${2:-/tmp/adopt4}"); repo=$(cd "$(dirname "$0")/../.." && pwd)
B=$(realpath -m "${3:-$repo/build/adopt4-bundle}")
FF="-O2 -gencode=arch=compute_90a,code=sm_90a -I $A/famh"
TKF="-std=c++20 -O3 --use_fast_math -lrt -lpthread -ldl -lcuda -lcudadevrt -lcudart_static --expt-extended-lambda
 --expt-relaxed-constexpr -forward-unknown-to-host-compiler -Xcompiler=-Wno-psabi -Xcompiler=-fno-strict-aliasing
 -Xnvlink=--verbose -Xptxas=--verbose -Xptxas=--warn-on-spills -I$A/tk/include -I$A/tk/prototype -DNDEBUG -lineinfo
 -ftemplate-backtrace-limit=0 -DKITTENS_HOPPER -gencode arch=compute_90a,code=sm_90a"
CS="-I $A/cs/Common -std=c++17 --extended-lambda -lineinfo -Wno-deprecated-gpu-targets -gencode=arch=compute_90a,code=sm_90a"
tp() { echo "+ (cd ${PWD#$A/}) tirx-pp -Rpass $*" | cut -c1-160; "$TP" -Rpass "$@"; }
E=educational_h100 SS=Samples/2_Concepts_and_Techniques/shfl_scan
mkdir -p "$A/fam/tirx_out" "$A/tk/kernels/gemm/$E/tirx_out" "$A/cs/$SS/tirx_out" "$A/wrong"
(cd "$A/fam" && tp flash.cu -o tirx_out/flash.cu -- $FF)
(cd "$A/tk/kernels/gemm/$E" && tp level_08.cu -o tirx_out/level_08.cu -- $TKF 2> >(grep -v "^  '\|^}\|libclang: crash" >&2))
(cd "$A/cs/$SS" && tp shfl_scan.cu -o tirx_out/shfl_scan.cu -- $CS)
# Two wrong ones (trial 3): w15 (a warning since fix D; the output is the same), w20 (silent)
(cd "$A/tk/kernels/gemm/$E" && tp w15.cu -o "$A/wrong/w15.out.cu" -- $TKF 2> >(grep -v "^  '\|^}\|libclang: crash" >&2))
(cd "$A/wrong" && tp w20.cu -o w20.out.cu -- $CS)
rm -rf "$B"; mkdir -p "$B/tree"
for d in fam-orig fam famh cs-orig cs wrong; do cp -r "$A/$d" "$B/tree/"; done
rm -rf "$B/tree/fam-orig/.git" "$B/tree/fam/.git"
for t in tk-orig tk; do
  mkdir -p "$B/tree/$t/kernels/gemm"
  cp -r "$A/$t/include" "$A/$t/prototype" "$B/tree/$t/"
  cp "$A/$t/kernels/gemm/common.cuh" "$B/tree/$t/kernels/gemm/"
  cp -r "$A/$t/kernels/gemm/$E" "$B/tree/$t/kernels/gemm/"
done
cp -r "$repo/headers" "$B/headers"
cp "$repo/tests/adoption/trial3_gpu.sh" "$B/run.sh"
echo "bundle: $B ($(du -sh "$B" | cut -f1))"
