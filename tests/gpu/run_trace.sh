#!/usr/bin/env bash
# tests/gpu/run_trace.sh - `tirx-pp --trace` (docs/trace.md):
#   0. (no GPU needed) tests/gpu/trace_json.cu: synthetic rings, one wrapped,
#      one timed in clocks with counted waits, a run of --trace=regions,
#      written by tirx_trace_write;
#      the JSON checked by trace_check.py, the summary (times converted from
#      clocks, waits counted) and the dropped count checked, and
#      bench/trace_png.py run on it;
#   1. examples/gemm_bf16.cu rewritten with --trace runs its own test (C
#      against the CPU reference, at each tile shape); every launch records
#      alone and writes $TIRX_TRACE_FILE, which trace_check.py checks: the
#      regions `wg == 0` and `wg >= 1`, waits that blocked on `full` (the
#      consumers' first wait of a tile blocks; the producer's waits on `empty`
#      may all find their slot free), waits that did not block counted;
#   2. tests/gpu/trace_gemm.cu: the traced GEMM between tirx_trace_begin() and
#      tirx_trace_end() against a CPU reference, then alone, both traces
#      checked; then the plain and the traced GEMM timed in one process, the
#      ratio printed (goal <= 1.03; it fails above 1.10);
#   3. tests/gpu/trace_smem.cu, a kernel that leaves 256 bytes of shared
#      memory free, launched with status(VAR): plain it runs; traced, its
#      launch fails and the message that says what --trace's stages take is
#      printed all the same (the full stderr checked); traced with
#      -DTIRX_TRACE_STAGE=2 it runs and its trace is checked; with
#      --trace=regions (no stage) it runs and its trace is checked.
#
#   run_trace.sh TIRX_PP SOURCE_DIR WORK_DIR   preprocess here, build, run 0-2 (ctest gpu_trace)
#   run_trace.sh --prepared [DEVICE_DIR]       on the GPU machine, after bench/prepare_gpu.sh
#                                              wrote DEVICE_DIR (default .device): 0-2
#   run_trace.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                              only tirx-pp, into OUT_DIR (what
#                                              bench/prepare_gpu.sh writes to .device/trace)
#
# BUILD_ONLY=1: build, run nothing (a later run with the same WORK_DIR or
# DEVICE_DIR uses the binaries there that are newer than their sources).
#
# Prints `trace: PASS` and exits 0, or `trace: FAIL ...` and exits 1; 77
# (skipped) after step 0 and a good build on a machine without a GPU.
set -u
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}

preprocess() {
  local tool=$1 src=$2 out=$3
  mkdir -p "$out" &&
    "$tool" --trace -I "$src/headers" -I "$src/examples" "$src/examples/gemm_bf16.cu" -o "$out/gemm_traced.cu" &&
    "$tool" -I "$src/headers" -I "$src/examples" "$src/examples/gemm_bf16.cu" -o "$out/gemm_plain.cu" &&
    "$tool" --trace -I "$src/headers" "$src/tests/gpu/trace_smem.cu" -o "$out/smem_traced.cu" &&
    "$tool" --trace=regions -I "$src/headers" "$src/tests/gpu/trace_smem.cu" -o "$out/smem_regions.cu" &&
    "$tool" -I "$src/headers" "$src/tests/gpu/trace_smem.cu" -o "$out/smem_plain.cu"
}

if [ "${1:-}" = --preprocess ]; then
  [ $# -eq 4 ] || { echo "usage: run_trace.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR" >&2; exit 2; }
  preprocess "$2" "$3" "$4" || { echo "trace: FAIL: tirx-pp"; exit 1; }
  exit 0
elif [ "${1:-}" = --prepared ]; then
  src=$(cd "$(dirname "$0")/../.." && pwd)
  device=$(cd "${2:-$src/.device}" && pwd) || exit 1
  dir=$device/trace work=$device/trace
else
  tool=$1 src=$2 work=$3
  dir=$work
  preprocess "$tool" "$src" "$dir" || { echo "trace: FAIL: tirx-pp"; exit 1; }
fi
flags="-std=c++17 -O3 -I $src/headers -I $src/examples -gencode=arch=compute_90a,code=sm_90a -Werror all-warnings"
check="python3 $src/tests/gpu/trace_check.py"
# Whether binary $1 is newer than each of its sources ($2...): not built again.
fresh() {
  local bin=$1 f
  shift
  [ -z "${BUILD_ONLY:-}" ] && [ -x "$bin" ] || return 1
  for f in "$@"; do [ "$bin" -nt "$f" ] || return 1; done
}

# 0. The host half, no GPU needed.
# shellcheck disable=SC2086
fresh "$work/trace_json" "$src/tests/gpu/trace_json.cu" "$src/headers/tirx/trace.h" ||
  "$nvcc" $flags "$src/tests/gpu/trace_json.cu" -o "$work/trace_json" || { echo "trace: FAIL: nvcc trace_json"; exit 1; }
# shellcheck disable=SC2086
fresh "$work/gemm_traced" "$dir/gemm_traced.cu" ||
  "$nvcc" $flags "$dir/gemm_traced.cu" -lcuda -o "$work/gemm_traced" || { echo "trace: FAIL: nvcc gemm_traced"; exit 1; }
# shellcheck disable=SC2086
fresh "$work/trace_gemm" "$dir/gemm_traced.cu" "$dir/gemm_plain.cu" "$src/tests/gpu/trace_gemm.cu" ||
  "$nvcc" $flags -DGEMM_PLAIN_SOURCE="\"$dir/gemm_plain.cu\"" -DGEMM_TRACED_SOURCE="\"$dir/gemm_traced.cu\"" \
    "$src/tests/gpu/trace_gemm.cu" -lcuda -o "$work/trace_gemm" || { echo "trace: FAIL: nvcc trace_gemm"; exit 1; }
for v in plain traced traced_stage2 regions; do
  stage=""
  [ $v = traced_stage2 ] && stage=-DTIRX_TRACE_STAGE=2
  # shellcheck disable=SC2086
  fresh "$work/smem_$v" "$dir/smem_${v%_stage2}.cu" "$src/headers/tirx.h" "$src/headers/tirx/trace.h" ||
    "$nvcc" $flags $stage "$dir/smem_${v%_stage2}.cu" -o "$work/smem_$v" ||
    { echo "trace: FAIL: nvcc smem_$v"; exit 1; }
done
echo "built $work/trace_json, $work/gemm_traced, $work/trace_gemm and $work/smem_{plain,traced,traced_stage2,regions}"
[ -n "${BUILD_ONLY:-}" ] && exit 0
summary=$("$work/trace_json" "$work/synthetic.json" 2>&1) || { echo "trace: FAIL: trace_json: $summary"; exit 1; }
echo "$summary"
$check "$work/synthetic.json" --regions 'wg == 0' 'wg >= 1' --waits empty full 'turn mma' --turns mma --min-blocks 3 \
  --min-counted 5 ||
  { echo "trace: FAIL: synthetic trace"; exit 1; }
grep -q '58 dropped (a full ring of 64 keeps its latest), 5 region runs of blocks past 3 not recorded' <<<"$summary" &&
  grep -qE '^  wg >= 1 +3 +16\.6 +53\.8% +29 +24 +full 43\.3% turn mma 2\.9%$' <<<"$summary" &&
  grep -qx 'kernel halves (halves.cu:91)' <<<"$summary" &&
  grep -qE '^  wg == 0 +1 +2\.5 +- +- +-  \(waits not recorded\)$' <<<"$summary" &&
  grep -qE '^  wg >= 1 +1 +4\.0 +- +- +-  \(waits not recorded\)$' <<<"$summary" ||
  { echo "trace: FAIL: the summary"; exit 1; }
python3 "$src/bench/trace_png.py" "$work/synthetic.json" -o "$work/synthetic.png" && [ -s "$work/synthetic.png" ] ||
  { echo "trace: FAIL: trace_png.py"; exit 1; }

if ! command -v nvidia-smi > /dev/null || ! nvidia-smi -L > /dev/null 2>&1; then
  echo "SKIP: no CUDA GPU on this machine; the trace tests are built but not run"
  exit 77
fi
fail=""
# 1. The example, traced: its own check against the CPU reference.
rm -f "$work/example.json"
TIRX_TRACE_FILE=$work/example.json timeout 600 "$work/gemm_traced" 2> "$work/example.stderr"
rc=$?
cat "$work/example.stderr"
[ $rc -eq 0 ] || fail="$fail gemm_traced(exit $rc)"
grep -q 'waiting on' "$work/example.stderr" || fail="$fail example-summary"
$check "$work/example.json" --regions 'wg == 0' 'wg >= 1' --waits full --min-counted 1 || fail="$fail example.json"
# 2. The API, the launch alone, the overhead.
timeout 900 "$work/trace_gemm" "$work/session.json" "$work/alone.json"
rc=$?
[ $rc -eq 0 ] || fail="$fail trace_gemm(exit $rc)"
for j in session alone; do
  $check "$work/$j.json" --regions 'wg == 0' 'wg >= 1' --waits full --min-counted 1 || fail="$fail $j.json"
done
python3 "$src/bench/trace_png.py" "$work/session.json" -o "$work/session.png" || fail="$fail trace_png"
# 3. A kernel with 256 bytes of shared memory left.
timeout 60 "$work/smem_plain" > "$work/smem_plain.out" 2>&1 && grep -qx 'trace_smem: ran' "$work/smem_plain.out" ||
  { cat "$work/smem_plain.out"; fail="$fail smem_plain"; }
TIRX_TRACE_FILE=$work/smem_none.json timeout 60 "$work/smem_traced" > "$work/smem_traced.out" 2> "$work/smem_traced.err"
rc=$?
read -r _ st _ dyn _ most < "$work/smem_traced.out"
at="$src/tests/gpu/trace_smem.cu:$(grep -n 'halves<<<' "$src/tests/gpu/trace_smem.cu" | cut -d: -f1):3"
printf '%s\n' "$at: the kernel's $st bytes of static shared memory and the launch's $dyn bytes of dynamic shared memory are $((st + dyn)) bytes, over the $most this device gives a block (--trace takes TIRX_TRACE_STAGE x 16 bytes of it for each traced region of an sm_90 kernel: -DTIRX_TRACE_STAGE=2 takes 32)" \
  "tirx trace: $work/smem_none.json: 0 blocks, 0 records kept, 0 dropped (a full ring of 1024 keeps its latest)" \
  "trace_smem: invalid argument" > "$work/smem_traced.expected"
cat "$work/smem_traced.err"
[ $rc -eq 1 ] && diff "$work/smem_traced.expected" "$work/smem_traced.err" || fail="$fail smem_traced(exit $rc)"
rm -f "$work/smem.json"
TIRX_TRACE_FILE=$work/smem.json timeout 60 "$work/smem_traced_stage2" > "$work/smem_stage2.out" 2>&1 &&
  grep -qx 'trace_smem: ran' "$work/smem_stage2.out" && $check "$work/smem.json" --regions 'wg == 0' 'wg == 1' ||
  { cat "$work/smem_stage2.out"; fail="$fail smem_traced_stage2"; }
# --trace=regions takes no stage: it launches, and its runs say their waits were not recorded.
rm -f "$work/smem_regions.json"
TIRX_TRACE_FILE=$work/smem_regions.json timeout 60 "$work/smem_regions" > "$work/smem_regions.out" 2>&1 &&
  grep -qx 'trace_smem: ran' "$work/smem_regions.out" && grep -q '"waits_recorded":false' "$work/smem_regions.json" &&
  $check "$work/smem_regions.json" --regions 'wg == 0' 'wg == 1' ||
  { cat "$work/smem_regions.out"; fail="$fail smem_regions"; }
if [ -n "$fail" ]; then
  echo "trace: FAIL:$fail"
  exit 1
fi
echo "trace: PASS (traces in $work: example.json, session.json, alone.json, smem.json, smem_regions.json; session.png)"
