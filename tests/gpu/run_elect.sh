#!/usr/bin/env bash
# tests/gpu/run_elect.sh - the elected shuffle on a GPU (docs/threads.md):
# tests/gpu/elect_shuffle.cu through tirx-pp and nvcc (sm_90a, every nvcc
# warning an error), then run: ggml's xor-butterfly sums stored under elect
# with `#pragma tirx uniform(...)`, per warp and per block, and an elect
# spelled through a `_Pragma(#x)` macro, against the CPU.
#
#   run_elect.sh TIRX_PP SOURCE_DIR WORK_DIR   preprocess here, build, run (ctest gpu_elect)
#   run_elect.sh --prepared [DEVICE_DIR]       on the GPU machine, after bench/prepare_gpu.sh
#                                              wrote DEVICE_DIR (default .device): build, run
#   run_elect.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                              only tirx-pp, into OUT_DIR (what
#                                              bench/prepare_gpu.sh writes to .device/elect)
#
# Prints `elect_shuffle: PASS` and exits 0, or FAIL and exits 1; 77 (skipped)
# after a good build on a machine without a GPU.
set -u

preprocess() {
  mkdir -p "$3" && "$1" -I "$2/headers" "$2/tests/gpu/elect_shuffle.cu" -o "$3/elect_shuffle.cu"
}

. "$(dirname "$0")/lib.sh"
gpu_modes run_elect.sh elect_shuffle elect tirx-pp "$@"
"$nvcc" -std=c++17 -O3 -Werror all-warnings -I "$src/headers" -gencode=arch=compute_90a,code=sm_90a \
  "$dir/elect_shuffle.cu" -o "$work/elect_shuffle" || { echo "elect_shuffle: FAIL: nvcc"; exit 1; }
echo "built $work/elect_shuffle"
gpu_require "elect_shuffle is built but not run"
timeout 120 "$work/elect_shuffle"
