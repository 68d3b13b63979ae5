#!/usr/bin/env bash
# tests/gpu/run_launch_host.sh - tests/gpu/launch_host_branch.cu through
# tirx-pp and nvcc (sm_90a, warnings are errors), then run on a GPU: a
# `#pragma tirx launch smem(...)` under #ifndef __CUDA_ARCH__ (host-only code)
# gets its shared memory, and every block's sum matches the host's
# (docs/launch.md).
#   run_launch_host.sh TIRX_PP SOURCE_DIR WORK_DIR   preprocess here, build, run (ctest gpu_launch_host)
#   run_launch_host.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                                    only tirx-pp, into OUT_DIR (bench/prepare_gpu.sh
#                                                    writes .device/launch_host)
#   run_launch_host.sh --prepared [DEVICE_DIR]       on the GPU machine, after bench/prepare_gpu.sh
# Exit 0 when it ran and passed, 1 when the rewrite, the build or the run
# failed, 77 (skipped) after a good build on a machine without a GPU.
set -u

preprocess() {
  mkdir -p "$3" && "$1" -I "$2/headers" "$2/tests/gpu/launch_host_branch.cu" -o "$3/launch_host_branch.cu"
}

. "$(dirname "$0")/lib.sh"
gpu_modes run_launch_host.sh launch_host_branch launch_host tirx-pp "$@"
grep -q tirx_launch_begin "$dir/launch_host_branch.cu" || { echo "launch_host_branch: FAIL: the launch was not lowered"; exit 1; }
"$nvcc" -std=c++17 -Werror all-warnings -I "$src/headers" -gencode=arch=compute_90a,code=sm_90a \
  "$dir/launch_host_branch.cu" -o "$work/launch_host_branch" || { echo "launch_host_branch: FAIL: nvcc"; exit 1; }
echo "built $work/launch_host_branch"
gpu_require "launch_host_branch is built but not run"
timeout 120 "$work/launch_host_branch"
