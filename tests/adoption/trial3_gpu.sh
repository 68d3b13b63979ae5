#!/usr/bin/env bash
# Adoption trial 3 (docs/adoption.md), on a GPU machine with nvcc 13 and no
# libclang (sm_90a), from the bundle that trial3_prepare.sh made (copied there
# as run.sh): builds each original (orig) and tirx-pp-rewritten (tirx) program
# in parallel, runs both, and compares what they print with timings blanked.
# One ok/FAIL line per pair, then the two deliberately wrong annotations
# (informative, not counted), then a summary. Logs in BUNDLE/out.
#   build/adopt4-bundle/run.sh        (from the repository root or anywhere)
set -u
B=$(cd "$(dirname "$0")" && pwd); T=$B/tree H=$B/headers O=$B/out
rm -rf "$O"; mkdir -p "$O/bin"; export PATH=/usr/local/cuda/bin:$PATH
ARCH="-gencode=arch=compute_90a,code=sm_90a"
tkf() { echo "-std=c++20 -O3 --use_fast_math -lrt -lpthread -ldl -lcuda -lcudadevrt -lcudart_static
  --expt-extended-lambda --expt-relaxed-constexpr -forward-unknown-to-host-compiler -Xcompiler=-Wno-psabi
  -Xcompiler=-fno-strict-aliasing -Xnvlink=--verbose -Xptxas=--verbose -Xptxas=--warn-on-spills -I$T/$1/include
  -I$T/$1/prototype -DNDEBUG -lineinfo -ftemplate-backtrace-limit=0 -DKITTENS_HOPPER -gencode arch=compute_90a,code=sm_90a"; }
cs() { echo "-I $T/$1/Common -std=c++17 --extended-lambda -lineinfo -Wno-deprecated-gpu-targets $ARCH"; }
E=kernels/gemm/educational_h100 SS=Samples/2_Concepts_and_Techniques/shfl_scan
# build NAME DIR nvcc-args...: in DIR, to OUT/bin/NAME; the log keeps nvcc's warnings
build() { local n=$1 d=$2; shift 2
  (cd "$d" && timeout 170 nvcc "$@" -o "$O/bin/$n" > "$O/$n.build.log" 2>&1; echo $? > "$O/$n.build.rc"); }
build orig_flash "$T/fam-orig" -O2 $ARCH -I ../famh flash.cu ../famh/main.cu &
build tirx_flash "$T/fam/tirx_out" -O2 $ARCH -I ../../famh -I "$H" flash.cu ../../famh/main.cu &
build orig_level_08 "$T/tk-orig/$E" level_08.cu $(tkf tk-orig) &
build tirx_level_08 "$T/tk/$E/tirx_out" level_08.cu $(tkf tk) -I "$H" &
build orig_shfl_scan "$T/cs-orig/$SS" $(cs cs-orig) shfl_scan.cu &
build tirx_shfl_scan "$T/cs/$SS/tirx_out" $(cs cs) -I "$H" shfl_scan.cu &
build wrong_w15 "$T/wrong" w15.out.cu $(tkf tk) -I "$H" &
build wrong_w20 "$T/wrong" $(cs cs) -I "$H" w20.out.cu &
wait
: > "$O/summary.txt"; say() { echo "$1" | tee -a "$O/summary.txt"; }
for f in "$O"/*.build.rc; do n=$(basename "$f" .build.rc)
  say "build $n: exit $(cat "$f"), $(grep -c 'warning #' "$O/$n.build.log") nvcc warnings"; done
# Timings blanked: '12.3 ms' -> 'N ms' (also us, TFLOPs, MegaElements/s), 'Time (ms): 1.2'
# and the names that differ between the builds: ./orig_x -> ./x, tree/cs-orig/ -> tree/cs/,
# a message's leading program name
blank() { sed -E 's/[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)? ?(ms|us|TFLOPs|MegaElements\/s)/N \3/g; s/(Time \(ms\): )[0-9.]+/\1N/
  s#\./(orig|tirx|wrong)_#./#g; s#/(cs|tk|fam)-orig/#/\1/#g; s#^\./[A-Za-z0-9_]+: #./PROGRAM: #'; }
runone() { local n=$1; shift
  (cd "$O/bin" && timeout 60 "./$n" "$@" > "$O/$n.out" 2>&1; echo $? > "$O/$n.rc"); blank < "$O/$n.out" > "$O/$n.cmp"; }
pass=0 fail=0
pair() { local n=$1; runone "orig_$n"; runone "tirx_$n"
  local ro=$(cat "$O/orig_$n.rc") rt=$(cat "$O/tirx_$n.rc")
  if [ "$ro" = 0 ] && [ "$rt" = 0 ] && cmp -s "$O/orig_$n.cmp" "$O/tirx_$n.cmp"; then
    pass=$((pass+1)); say "ok   $n: exit 0 / 0, same output ($(grep -ciE 'error|diff|checksum|test sum' "$O/orig_$n.cmp") result lines)"
  else fail=$((fail+1)); say "FAIL $n: exit $ro / $rt$(cmp -s "$O/orig_$n.cmp" "$O/tirx_$n.cmp" || echo ', outputs differ')"
    diff "$O/orig_$n.cmp" "$O/tirx_$n.cmp" | head -8 | sed 's/^/     /' | tee -a "$O/summary.txt"; fi; }
pair flash
pair level_08
pair shfl_scan
# The wrong annotations (w15: exit 0 and no message before fix D; w20: still silent): what they do.
wrong() { local n=$1 ref=$2; runone "wrong_$n"; local r=$(cat "$O/wrong_$n.rc")
  if [ "$r" = 0 ] && cmp -s "$O/$ref.cmp" "$O/wrong_$n.cmp"; then say "wrong $n: exit 0, same output as $ref (the bug did not show)"
  else say "wrong $n: exit $r ($ref: $(cat "$O/$ref.rc"))$(cmp -s "$O/$ref.cmp" "$O/wrong_$n.cmp" || echo ", output differs from $ref's:")"
    diff "$O/$ref.cmp" "$O/wrong_$n.cmp" | head -6 | sed 's/^/     /' | tee -a "$O/summary.txt"; fi; }
wrong w15 orig_level_08
wrong w20 orig_shfl_scan
say "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
