#!/usr/bin/env bash
# tests/gpu/run_grid_events.sh - tests/gpu/grid_events.cu through tirx-pp and
# nvcc (sm_90a, every nvcc warning an error), then run on a GPU: grid events'
# last-arrival forms (split sums bit for bit the CPU's, counters back to zero
# after each launch) and waits (a grid barrier, group barriers over more
# items than resident blocks), then the small cases under compute-sanitizer
# memcheck (docs/regions-and-events.md#grid-events).
#   run_grid_events.sh TIRX_PP SOURCE_DIR WORK_DIR
# Exit 0 when it ran and passed, 1 when the rewrite, the build or the run
# failed, 77 (skipped) after a good build on a machine without a GPU.
set -u
tool=$1 src=$2 work=$3
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$work"
"$tool" -I "$src/headers" "$src/tests/gpu/grid_events.cu" -o "$work/grid_events.cu" || exit 1
"$nvcc" -std=c++17 -O2 -Werror all-warnings -I "$src/headers" -gencode=arch=compute_90a,code=sm_90a \
  "$work/grid_events.cu" -o "$work/grid_events" || exit 1
echo "built $work/grid_events"
if ! command -v nvidia-smi > /dev/null || ! nvidia-smi -L > /dev/null 2>&1; then
  echo "SKIP: no CUDA GPU on this machine; grid_events is built but not run"
  exit 77
fi
bad=0
timeout 120 "$work/grid_events" || bad=1
if command -v compute-sanitizer > /dev/null; then
  out=$(timeout 300 compute-sanitizer --tool memcheck --error-exitcode 9 "$work/grid_events" small 2>&1)
  rc=$?
  echo "[memcheck, small cases] rc=$rc $(echo "$out" | tail -1)"
  [ $rc -eq 0 ] || { echo "$out" | tail -8; bad=1; }
fi
exit $bad
