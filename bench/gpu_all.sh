#!/usr/bin/env bash
# On a GPU machine, after bench/prepare_gpu.sh ran on a machine with tirx-pp:
#   bench/gpu_all.sh [LOG_DIR]
# 1. every example, raw and through tirx-pp, at several sizes, against its CPU
#    reference, outputs compared, the tirx-pp builds under compute-sanitizer
#    (but attention_fwd, gemm_fp8 and gemm_fp8_blockwise: steps 5 and 6);
# 2. planted deadlocks built with --watchdog stop with the watchdog's message
#    and its table's lines (tests/gpu/run_watchdog.sh --prepared);
#    then the elected shuffle (tests/gpu/run_elect.sh --prepared);
#    a ring whose stages take two byte triggers each (tests/gpu/run_two_copies.sh);
# 3. the memory-bound kernels against cudaMemcpy (bench/membw.cu);
# 4. examples/gemm_bf16.cu against cuBLAS (bench/gemm.cu), L2 cold, and its
#    split-K at ragged sizes, bit for bit run to run, under memcheck
#    (tests/gpu/run_gemm_split.sh);
# 5. examples/attention_fwd.cu at ragged lengths under the sanitizers, then
#    against torch SDPA (bench/attention/run.sh: cuDNN and flash, one process),
#    and causal at 4x32, 1x32, 16x16, 2x64 heads, S = 1k-16k, L2 cold, against cuDNN;
#    examples/attention_bwd.cu at ragged lengths and under memcheck
#    (tests/gpu/run_attention_bwd.sh --prepared), then against cuDNN's backward
#    (bench/attention/bwd.py);
# 6. examples/gemm_fp8.cu and gemm_fp8_blockwise.cu at ragged sizes, under the
#    sanitizers, and against cuBLASLt fp8 (bench/fp8_gpu.sh);
# 7. vectorize's tail guard and overlapping arrays against the scalar loops,
#    plainly and under memcheck (tests/gpu/run_vectorize.sh).
# 8. a `launch` in host-only code gets its shared memory (run_launch_host.sh);
#    persistent over an int64_t count walks every tile, and traps past int (run_persistent_wide.sh).
# 9. gemm_bf16 with --trace: its result, its traces, its overhead (run_trace.sh).
# 10. what --trace costs on gemm_bf16 and attention_fwd, L2 cold (bench/trace_overhead/run.sh).
# 11. the grouped GEMM at uneven expert sizes, under memcheck, and against
#    torch._grouped_mm (tests/gpu/run_grouped.sh --prepared).
set -u -o pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
logs=${1:-/tmp}
nvcc=${NVCC:-nvcc}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
echo "commit $(cat "$root/.device/commit")"
# Every example but the four Hopper ones that steps 5 and 6 run at their own
# sizes and under the sanitizers (once is enough).
names=()
for f in "$root"/examples/*.cu; do
  n=$(basename "$f" .cu)
  case $n in attention_fwd | attention_bwd | gemm_fp8 | gemm_fp8_blockwise) ;; *) names+=("$n") ;; esac
done
SANITIZE=${SANITIZE:-1} "$root/tests/gpu/run_examples.sh" "$root/.device/pp" "${names[@]}" 2>&1 | tee "$logs/examples.log"
ex=$?
"$root/tests/gpu/run_watchdog.sh" --prepared "$root/.device" 2>&1 | tee "$logs/watchdog.log"
wd=$?
"$root/tests/gpu/run_elect.sh" --prepared "$root/.device" 2>&1 | tee "$logs/elect.log"
el=$?
"$root/tests/gpu/run_two_copies.sh" --prepared "$root/.device" 2>&1 | tee "$logs/two_copies.log"
tc=$?
"$root/tests/gpu/run_gemm_split.sh" --prepared "$root/.device" 2>&1 | tee "$logs/gemm_split.log"
gs=$?
"$nvcc" -O3 -std=c++17 -I "$root/headers" -gencode=arch=compute_90a,code=sm_90a \
  "$root/.device/membw.pp.cu" -o /tmp/membw && /tmp/membw 2>&1 | tee "$logs/membw.log"
bw=$?
"$nvcc" -O3 -std=c++17 -I "$root/headers" -I "$root/examples" -gencode=arch=compute_90a,code=sm_90a \
  -DGEMM_BF16_SOURCE="\"$root/.device/pp/gemm_bf16.cu\"" "$root/bench/gemm.cu" -lcublas -o /tmp/gemm \
  -Xptxas -v > "$logs/gemm.build.log" 2>&1 &&
  { grep -A2 "entry function '.*gemm_bf16_kernel" "$logs/gemm.build.log" | grep -E "registers|spill"
    echo "SASS of the bench binary (gemm_bf16_kernel and fill_random):"
    cuobjdump -sass /tmp/gemm | grep -oE "HGMMA\.[^ ]*|HMMA\.[^ ]*|LDL|STL|UTMALDG\.[^ ]*|UTMASTG\.[^ ]*|USETMAXREG\.[^ ]*" |
      sort | uniq -c; } | tee "$logs/gemm.sass.log" &&
  GEMM_COLD=1 /tmp/gemm 2>&1 | tee "$logs/gemm.log"
gm=$?
SIZES="1 17 129 1000 4097" SANITIZE=1 SANITIZE_SIZES="17 129" \
  "$root/tests/gpu/run_examples.sh" "$root/.device/pp" attention_fwd 2>&1 | tee "$logs/attention.log"
at=$?
"$root/bench/attention/run.sh" "$root/.device/pp" 2>&1 | tee "$logs/attention_bench.log"
ab=$?
# Causal at the head counts of bench/RESULTS.md, L2 cold (one call per sample after evicting it).
"$root/bench/attention/run.sh" "$root/.device/pp" --shapes=4x32,1x32,16x16,2x64 --cold --no-flash --d=128 --causal \
  2>&1 | tee "$logs/attention_causal.log"
ab=$(( ab || $? ))
"$root/tests/gpu/run_attention_bwd.sh" --prepared "$root/.device" 2>&1 | tee "$logs/attention_bwd.log"
at=$(( at || $? ))
"$nvcc" -O3 -std=c++17 -I "$root/headers" -I "$root/examples" -gencode=arch=compute_90a,code=sm_90a -Xcompiler -fPIC \
  -shared -DATTENTION_BWD_SOURCE="\"$root/.device/pp/attention_bwd.cu\"" "$root/bench/attention/bwd_lib.cu" \
  -o /tmp/libattnbwd.so && python3 "$root/bench/attention/bwd.py" /tmp/libattnbwd.so 2>&1 | tee "$logs/attention_bwd_bench.log"
ab=$(( ab || $? ))
"$root/bench/fp8_gpu.sh" "$logs/fp8" 2>&1 | tee "$logs/fp8.log"
f8=$?
"$root/tests/gpu/run_vectorize.sh" --prepared "$root/.device" 2>&1 | tee "$logs/vectorize.log"
vz=$?
"$root/tests/gpu/run_launch_host.sh" --prepared "$root/.device" 2>&1 | tee "$logs/launch_host.log"
lh=$?
"$root/tests/gpu/run_persistent_wide.sh" --prepared "$root/.device" 2>&1 | tee "$logs/persistent_wide.log"
pw=$?
"$root/tests/gpu/run_trace.sh" --prepared "$root/.device" 2>&1 | tee "$logs/trace.log"
tr=$?
"$root/bench/trace_overhead/run.sh" --prepared "$root/.device/trace_overhead" 2>&1 | tee "$logs/trace_overhead.log"
to=$?
"$root/tests/gpu/run_grouped.sh" --prepared "$root/.device" 2>&1 | tee "$logs/grouped.log"
gg=$?
exit $(( ex || wd || el || tc || gs || bw || gm || at || ab || f8 || vz || lh || pw || tr || to || gg ))
