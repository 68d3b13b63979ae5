#!/usr/bin/env bash
# Adoption trial 3 (docs/adoption.md), step 1: pass-through. Runs tirx-pp on
# every .cu of the unannotated scratch copies under ADOPT4 (default
# /tmp/adopt4): flash-attention-minimal (fam-orig), ThunderKittens (tk-orig)
# and six cuda-samples (cs-orig), each with its project's flags, plain and with
# --parse-always, the output written beside the input (NAME.pass.cu, removed
# after). The rule: exit 0 and the input byte for byte. One line per file and
# mode, stderr kept in LOG (default ADOPT4/pass.log) when not empty.
#   trial3_passthrough.sh TIRX_PP [ADOPT4] [LOG]
set -u
TP=$(realpath "$1"); A=$(realpath "${2:-/tmp/adopt4}"); LOG=${3:-$A/pass.log}
: > "$LOG"; pass=0 fail=0
# one DIR FILE FLAGS... ; tirx-pp runs in DIR as the project's build does
one() { local d=$1 f=$2; shift 2
  for m in plain --parse-always; do
    local o=${f%.cu}.pass.cu mode=; [ $m = plain ] || mode=$m
    local t0=$(date +%s.%N)
    (cd "$d" && "$TP" $mode "$f" -o "$o" -- "$@" > "$A/.err" 2>&1); local rc=$?
    local t=$(echo "$(date +%s.%N) - $t0" | bc)
    local same=differs; cmp -s "$d/$f" "$d/$o" && same=identical
    rm -f "$d/$o"
    if [ $rc = 0 ] && [ $same = identical ]; then pass=$((pass+1)); r=ok; else fail=$((fail+1)); r=FAIL; fi
    printf '%-4s %-14s %s: exit %s, %s, %.2f s\n' $r $m "${d#$A/}/$f" $rc $same $t
    [ -s "$A/.err" ] && { echo "== ${d#$A/}/$f $m (exit $rc)"; cat "$A/.err"; } >> "$LOG"
  done
}
# flash-attention-minimal: torch.utils.cpp_extension.load(extra_cuda_cflags=['-O2']);
# torch's include paths are not on this machine (no torch)
one "$A/fam-orig" flash.cu -O2 -gencode=arch=compute_90a,code=sm_90a
# ThunderKittens: kernels/common.mk (CONFIG=standalone; GPU from each Makefile)
TK=$A/tk-orig
TKF=(-std=c++20 -O3 --use_fast_math -lrt -lpthread -ldl -lcuda -lcudadevrt -lcudart_static
     --expt-extended-lambda --expt-relaxed-constexpr -forward-unknown-to-host-compiler
     -Xcompiler=-Wno-psabi -Xcompiler=-fno-strict-aliasing -Xnvlink=--verbose -Xptxas=--verbose
     -Xptxas=--warn-on-spills -I$TK/include -I$TK/prototype -DNDEBUG -lineinfo -ftemplate-backtrace-limit=0)
gpuflags() { case $1 in
  B300) echo "-DKITTENS_BLACKWELL -gencode arch=compute_103a,code=sm_103a";;
  B200) echo "-DKITTENS_BLACKWELL -gencode arch=compute_100a,code=sm_100a";;
  *)    echo "-DKITTENS_HOPPER -gencode arch=compute_90a,code=sm_90a";; esac; }
for f in $(cd "$TK" && find kernels -name '*.cu' | sort); do
  d=$TK/$(dirname "$f"); g=H100
  [ -f "$d/Makefile" ] && g=$(sed -n 's/^GPU *:\?= *\([A-Z0-9]*\).*/\1/p' "$d/Makefile" | head -1)
  one "$d" "$(basename "$f")" "${TKF[@]}" $(gpuflags "${g:-H100}")
done
# ThunderKittens tests/Makefile (GPU_TARGET=H100, COMP_LEVEL=fast), run from tests/
for f in $(cd "$TK/tests" && find . -name '*.cu' | sort); do
  one "$TK/tests" "${f#./}" -std=c++20 --expt-relaxed-constexpr -Itesting_commons -I../include --extended-lambda \
    -DTEST_INTENSITY=2 -DTEST_ALL -DTEST_ALL_MULTI_GPU -O0 --threads=0 -diag-suppress 20054 \
    -gencode arch=compute_90a,code=sm_90a -DKITTENS_HOPPER -lcuda -lcudart
done
# cuda-samples: each sample's CMakeLists.txt (Common, C++17, --extended-lambda, -lineinfo)
for f in $(cd "$A/cs-orig" && find Samples -name '*.cu' | sort); do
  d=$A/cs-orig/$(dirname "$f")
  one "$d" "$(basename "$f")" -I "$A/cs-orig/Common" -std=c++17 --extended-lambda -lineinfo \
    -Wno-deprecated-gpu-targets -gencode=arch=compute_90a,code=sm_90a
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
