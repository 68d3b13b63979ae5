#!/usr/bin/env bash
# tests/gpu/run_persistent_wide.sh - tests/gpu/persistent_wide.cu through
# tirx-pp and nvcc (sm_90a, warnings are errors), then run on a GPU:
# `persistent(tile: TOTAL)` with an int64_t TOTAL walks every tile once within
# int's range, and traps past it (tirx_tile_below; docs/threads.md).
#   run_persistent_wide.sh TIRX_PP SOURCE_DIR WORK_DIR   preprocess here, build, run (ctest gpu_persistent_wide)
#   run_persistent_wide.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                                    only tirx-pp, into OUT_DIR (bench/prepare_gpu.sh
#                                                    writes .device/persistent_wide)
#   run_persistent_wide.sh --prepared [DEVICE_DIR]       on the GPU machine, after bench/prepare_gpu.sh
# Exit 0 when it ran and passed, 1 when the rewrite, the build or the run
# failed, 77 (skipped) after a good build on a machine without a GPU.
set -u

preprocess() {
  mkdir -p "$3" && "$1" -I "$2/headers" "$2/tests/gpu/persistent_wide.cu" -o "$3/persistent_wide.cu"
}

. "$(dirname "$0")/lib.sh"
gpu_modes run_persistent_wide.sh persistent_wide persistent_wide tirx-pp "$@"
grep -q tirx_tile_below "$dir/persistent_wide.cu" || { echo "persistent_wide: FAIL: the loop does not test with tirx_tile_below"; exit 1; }
"$nvcc" -std=c++17 -Werror all-warnings -I "$src/headers" -gencode=arch=compute_90a,code=sm_90a \
  "$dir/persistent_wide.cu" -o "$work/persistent_wide" || { echo "persistent_wide: FAIL: nvcc"; exit 1; }
echo "built $work/persistent_wide"
gpu_require "persistent_wide is built but not run"
timeout 120 "$work/persistent_wide" && timeout 120 "$work/persistent_wide" grouped &&
  timeout 120 "$work/persistent_wide" near
