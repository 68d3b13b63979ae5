#!/usr/bin/env bash
# tests/gpu/run_watchdog.sh - on a GPU machine: programs with a planted runtime
# deadlock, preprocessed with `tirx-pp --watchdog`, must stop with the
# watchdog's message instead of hanging, and that message must hold the lines
# of the watchdog's table that each scenario expects (what each partition
# index waits for, and who last triggered that slot: the cycle).
#
# usage:
#   run_watchdog.sh FILE.cu...                  run tirx-pp's outputs (below)
#   run_watchdog.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                               only tirx-pp on the planted deadlocks
#                                               (tests/gpu/deadlock_watchdog.cu), into
#                                               OUT_DIR (bench/prepare_gpu.sh: .device/watchdog)
#   run_watchdog.sh --prepared [DEVICE_DIR]     on the GPU machine: run DEVICE_DIR/watchdog
#                                               (default .device)
#   run_watchdog.sh TIRX_PP SOURCE_DIR WORK_DIR preprocess here, build, run (ctest
#                                               gpu_watchdog; 77 after the build
#                                               without a GPU)
#
# Each FILE.cu is tirx-pp's output (made elsewhere, e.g.
#   tirx-pp --watchdog=20000000 -I headers -I examples \
#       tests/gpu/deadlock_watchdog.cu -o OUT/deadlock_watchdog.cu
# ). This script
#   1. refuses a file with no watchdog wait in it (preprocessed without
#      --watchdog, it would hang until the timeout);
#   2. builds it with $NVCC -std=c++17 $ARCH_FLAGS -Werror all-warnings
#      -I headers -I examples;
#   3. asks the program how many scenarios it has (`PROGRAM --count`; a program
#      that does not answer with a number is run once, without arguments) and
#      runs each, `PROGRAM N`, under `timeout $RUN_TIMEOUT`. A run passes when
#      the program exits non-zero before the timeout and its output holds a
#      line with "tirx watchdog" (the device printf of tirx.h's watchdog wait);
#      when the program announced `expect a watchdog on NAME[` (NAME may be
#      `a|b`: either), that line must name the event NAME; and each line it
#      announced as `expect the line: TEXT` must be in a line of the device's
#      output (file names there without their folders). Exit 77 (no CUDA
#      device) is a failure.
# It prints one line per run and then `N passed, M failed`; the exit status is
# 1 if anything failed.
#
# Environment:
#   NVCC         compiler (default nvcc)
#   ARCH_FLAGS   target flags (default -gencode=arch=compute_90a,code=sm_90a)
#   RUN_TIMEOUT  seconds per run (default 60)
#   KEEP=DIR     build in DIR and keep binaries and logs there; a binary there
#                newer than its FILE.cu is run without building it again
#   BUILD_ONLY=1 build (into KEEP), run nothing
set -u

usage() {
  echo "usage: $0 PREPROCESSED_FILE.cu... | --preprocess TIRX_PP SOURCE_DIR OUT_DIR | --prepared [DEVICE_DIR]" \
    "| TIRX_PP SOURCE_DIR WORK_DIR" >&2
  exit 2
}
[ $# -ge 1 ] || usage
case "$1" in -h | --help) usage ;; esac

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}

# tirx-pp on the planted deadlocks: preprocess TIRX_PP SOURCE_DIR OUT_DIR.
preprocess() {
  mkdir -p "$3" &&
    "$1" --watchdog=20000000 -I "$2/headers" -I "$2/examples" "$2/tests/gpu/deadlock_watchdog.cu" \
      -o "$3/deadlock_watchdog.cu"
}

no_gpu=0
if [ "$1" = --preprocess ]; then
  [ $# -eq 4 ] || usage
  preprocess "$2" "$3" "$4" || { echo "watchdog: FAIL: tirx-pp"; exit 1; }
  exit 0
elif [ "$1" = --prepared ]; then
  [ $# -le 2 ] || usage
  set -- "${2:-$ROOT/.device}/watchdog/deadlock_watchdog.cu"
elif [ $# -eq 3 ] && [[ "$1" != *.cu ]]; then
  preprocess "$1" "$2" "$3" || { echo "watchdog: FAIL: tirx-pp"; exit 1; }
  KEEP=$3
  set -- "$3/deadlock_watchdog.cu"
  command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 || no_gpu=1
fi
ARCH_FLAGS=${ARCH_FLAGS:--gencode=arch=compute_90a,code=sm_90a}
RUN_TIMEOUT=${RUN_TIMEOUT:-60}

if [ -n "${KEEP:-}" ]; then
  WORK=$KEEP
  mkdir -p "$WORK" || exit 2
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/tirx-watchdog.XXXXXX") || exit 2
  trap 'rm -rf "$WORK"' EXIT
fi
command -v "$NVCC" >/dev/null 2>&1 || { echo "$0: $NVCC not found" >&2; exit 2; }

# The lines that the program announced as `NAME: expect the line: TEXT` and
# that no line of its other output holds (file names there without their
# folders: `(/x/y/k.cu:40)` reads `(k.cu:40)`), one per line.
missing_lines() {
  local name=$1 out=$2 device text
  device=$(grep -v "^$name: " "$out" | sed -E 's#([( ])[^ ():]*/([^ ():/]+:[0-9]+)#\1\2#g')
  sed -n "s/^$name: expect the line: //p" "$out" | while IFS= read -r text; do
    grep -qF -- "$text" <<<"$device" || echo "    $text"
  done
}

passed=0
failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
failure() { echo "FAIL $1"; failed=$((failed + 1)); }

for file in "$@"; do
  name=$(basename "$file" .cu)
  if [ ! -f "$file" ]; then
    failure "$name: $file does not exist"
    continue
  fi
  if ! grep -qE 'tirx_((cluster_)?(event|mbar)_wait(_parity)?_watchdog *\(|watch_at *\(|watch_alone *\{)' "$file"; then
    failure "$name: $file has no watchdog wait: preprocess it with tirx-pp --watchdog"
    continue
  fi
  bin="$WORK/$name"
  # A binary that KEEP holds from a build of the same file (BUILD_ONLY) is run as it is.
  if [ -n "${KEEP:-}" ] && [ -z "${BUILD_ONLY:-}" ] && [ -x "$bin" ] && [ "$bin" -nt "$file" ]; then
    echo "$name: built before ($bin)"
  # shellcheck disable=SC2086
  elif ! "$NVCC" -std=c++17 $ARCH_FLAGS -Werror all-warnings -lineinfo -I "$ROOT/headers" -I "$ROOT/examples" -o "$bin" "$file" \
    >"$bin.build.log" 2>&1; then
    failure "$name: build failed: $(grep -m 1 'error' "$bin.build.log")"
    sed 's/^/    /' "$bin.build.log" | head -n 30
    continue
  fi

  if [ -n "${BUILD_ONLY:-}" ]; then
    echo "built $bin"
    continue
  fi
  if [ "$no_gpu" = 1 ]; then
    echo "built $bin; SKIP: no CUDA GPU on this machine, the scenarios are not run"
    exit 77
  fi
  count=$(timeout "$RUN_TIMEOUT" "$bin" --count 2>/dev/null | head -n 1)
  if [[ "$count" =~ ^[1-9][0-9]*$ ]]; then
    scenarios=$(seq 1 "$count")
  else
    scenarios=none
  fi

  for scenario in $scenarios; do
    args=()
    label=$name
    if [ "$scenario" != none ]; then
      args=("$scenario")
      label="$name scenario $scenario"
    fi
    out="$bin.$scenario.out"
    start=$(date +%s)
    timeout "$RUN_TIMEOUT" "$bin" ${args[@]+"${args[@]}"} >"$out" 2>&1
    rc=$?
    secs=$(($(date +%s) - start))
    line=$(grep -m 1 'tirx watchdog' "$out")
    expect=$(sed -n 's/.*expect a watchdog on \([A-Za-z_|][A-Za-z_0-9|]*\)\[.*/\1/p' "$out" | head -n 1)
    missing=$(missing_lines "$name" "$out")
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
      failure "$label: still running after ${RUN_TIMEOUT}s: the watchdog did not fire"
    elif [ $rc -eq 77 ]; then
      failure "$label: SKIP (no CUDA device): this test needs a GPU"
    elif [ $rc -eq 0 ]; then
      failure "$label: exit 0: the program finished, but it was meant to stop on the watchdog"
    elif [ -z "$line" ]; then
      failure "$label: exit $rc after ${secs}s without a 'tirx watchdog' line"
    elif [ -n "$expect" ] && ! grep -qE "tirx watchdog: .* on ($expect)\[" <<<"$line"; then
      failure "$label: the watchdog fired on another event than '$expect': $line"
    elif [ -n "$missing" ]; then
      failure "$label: the watchdog's table lacks the line(s):"$'\n'"$missing"
    else
      pass "$label (exit $rc after ${secs}s): $line"
      continue
    fi
    sed 's/^/    /' "$out" | head -n 40
  done
done

[ -n "${BUILD_ONLY:-}" ] && [ "$failed" -eq 0 ] && exit 0
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
