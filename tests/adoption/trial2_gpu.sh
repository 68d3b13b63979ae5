#!/usr/bin/env bash
# Adoption trial 2 (docs/adoption.md), step 2 of 2, on a GPU machine with nvcc
# and no libclang: builds the unannotated (orig) and tirx-pp-rewritten (tirx)
# programs from the bundle that trial2_prepare.sh made, runs both, and compares
# every line they print other than timings. Prints one line per program and a
# summary; logs in OUT (default BUNDLE/out). Exit 0 when every check passes.
#   trial2_gpu.sh BUNDLE [OUT]
set -u
B=$(realpath "$1"); O=$(realpath -m "${2:-$B/out}"); T=$B/tree H=$B/headers
mkdir -p "$O"; export PATH=/usr/local/cuda/bin:$PATH
ARCH="-gencode=arch=compute_90a,code=sm_90a"
CSO="-I $T/cuda-samples-orig/Common -std=c++17 --extended-lambda -lineinfo -Wno-deprecated-gpu-targets $ARCH"
CST="-I $T/cuda-samples/Common -I $H -std=c++17 --extended-lambda -lineinfo -Wno-deprecated-gpu-targets $ARCH"
LF="-O3 --use_fast_math $ARCH -lcublas -lcublasLt -std=c++17"
SF="-std=c++17 -O3 $ARCH"
SS=Samples/2_Concepts_and_Techniques/scalarProd G=Samples/3_CUDA_Features/globalToShmemAsyncCopy
# build V_NAME DIR nvcc-args...: in DIR, to OUT/V/NAME (one name for both, as
# programs print it); the log keeps nvcc's warnings
mkdir -p "$O/orig" "$O/tirx"
build() { local n=$1 d=$2; shift 2
  (cd "$d" && nvcc "$@" -o "$O/${n%%_*}/${n#*_}" > "$O/$n.build.log" 2>&1; echo $? > "$O/$n.build.rc"); }
build orig_scalarProd "$T/cuda-samples-orig/$SS" $CSO scalarProd.cu scalarProd_cpu.cpp &
build tirx_scalarProd "$T/cuda-samples/$SS" $CST tirx_out/scalarProd.cu scalarProd_cpu.cpp &
build orig_g2s "$T/cuda-samples-orig/$G" $CSO globalToShmemAsyncCopy.cu &
build tirx_g2s "$T/cuda-samples/$G" $CST tirx_out/globalToShmemAsyncCopy.cu &
build orig_sgemm "$T/SGEMM_CUDA-orig" $SF -I src sgemm.cu src/runner.cu -lcublas &
build tirx_sgemm "$T/SGEMM_CUDA/tirx_out" $SF -I ../src -I "$H" sgemm.cu runner.cu -lcublas &
build orig_softmax "$T/llm.c-orig/dev/cuda" $LF softmax_forward.cu &
build tirx_softmax "$T/llm.c/dev/cuda/tirx_out" $LF -I "$H" softmax_forward.cu &
build tirx_partition_2d "$B" -I "$H" $ARCH partition_2d.tirx.cu &

wait
pass=0 fail=0
say() { echo "$1"; echo "$1" >> "$O/summary.txt"; }
: > "$O/summary.txt"
for f in "$O"/*.build.rc; do n=$(basename "$f" .build.rc)
  w=$(grep -c "warning #" "$O/$n.build.log")
  say "build $n: exit $(cat "$f"), $w nvcc warnings"; done
# run NAME ARGS...: both builds, timeout 120 s each, outputs compared without timings
TIMING='time|[0-9] ?ms\b|msec|GFLOP|GB/s|Performance|bandwidth|elapsed|throughput|MPixels'
run() { local n=$1 tag=$1${2:+_${2#-}}; shift
  for v in orig tirx; do
    (cd "$O/$v" && timeout 120 "./$n" "$@" > "$O/$v.$tag.out" 2>&1; echo $? > "$O/$v.$tag.rc")
    grep -viE "$TIMING" "$O/$v.$tag.out" | sed 's#-orig/#/#g' > "$O/$v.$tag.cmp"
  done
  local ro=$(cat "$O/orig.$tag.rc") rt=$(cat "$O/tirx.$tag.rc")
  if [ "$ro" = 0 ] && [ "$rt" = 0 ] && cmp -s "$O/orig.$tag.cmp" "$O/tirx.$tag.cmp"; then
    pass=$((pass+1)); say "ok   $tag: exit 0 / 0, same output"
  else fail=$((fail+1)); say "FAIL $tag: exit $ro / $rt$(cmp -s "$O/orig.$tag.cmp" "$O/tirx.$tag.cmp" || echo ', outputs differ')"
    diff "$O/orig.$tag.cmp" "$O/tirx.$tag.cmp" | head -10 | sed 's/^/     /' | tee -a "$O/summary.txt"; fi
}
run scalarProd
run g2s -kernel=3
run g2s -kernel=0
run sgemm 6
run softmax 4
run softmax 7
run softmax 8
# warpAggregatedAtomicsCG is not built: tirx-pp refuses its `elect` in divergent
# code (docs/adoption.md, trial 2, problem B; trial2_prepare.sh checks that).
(cd "$O/tirx" && timeout 60 ./partition_2d > ../partition_2d.out 2>&1; echo $? > ../partition_2d.rc)
if [ "$(cat "$O/partition_2d.rc")" = 0 ]; then pass=$((pass+1)); say "ok   partition_2d: $(tr '\n' ';' < "$O/partition_2d.out")"
else fail=$((fail+1)); say "FAIL partition_2d: exit $(cat "$O/partition_2d.rc"): $(tr '\n' ';' < "$O/partition_2d.out")"; fi
say "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
