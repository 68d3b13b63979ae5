#!/usr/bin/env bash
# tests/gpu/run_attention_bwd.sh - examples/attention_bwd.cu on a GPU: through
# tirx-pp and nvcc (sm_90a, every nvcc warning an error), then dQ, dK, dV
# against the example's CPU reference (double) at s = 1, 17, 129, 300 (head
# dim 64 and 128, causal and not, 3 heads and GQA 4 over 2, deterministic
# dQ at d = 128), then at s = 17 under compute-sanitizer memcheck.
#
#   run_attention_bwd.sh TIRX_PP SOURCE_DIR WORK_DIR   preprocess here, build, run (ctest gpu_attention_bwd)
#   run_attention_bwd.sh --prepared [DEVICE_DIR]       on the GPU machine, after bench/prepare_gpu.sh
#                                                      wrote DEVICE_DIR (default .device): build, run
#   run_attention_bwd.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                                      only tirx-pp, into OUT_DIR (what
#                                                      bench/prepare_gpu.sh writes to .device/attention_bwd)
#
# Prints `attention_bwd: PASS` and exits 0, or FAIL and exits 1; 77 (skipped)
# after a good build on a machine without a GPU.
set -u

preprocess() {
  mkdir -p "$3" && "$1" -I "$2/headers" -I "$2/examples" "$2/examples/attention_bwd.cu" -o "$3/attention_bwd.cu"
}

. "$(dirname "$0")/lib.sh"
gpu_modes run_attention_bwd.sh attention_bwd attention_bwd tirx-pp "$@"
"$nvcc" -std=c++17 -O3 -Werror all-warnings -I "$src/headers" -I "$src/examples" \
  -gencode=arch=compute_90a,code=sm_90a "$dir/attention_bwd.cu" -o "$work/attention_bwd" ||
  { echo "attention_bwd: FAIL: nvcc"; exit 1; }
echo "built $work/attention_bwd"
gpu_require "attention_bwd is built but not run"
timeout 300 "$work/attention_bwd" || { echo "attention_bwd: FAIL (the CPU reference run)"; exit 1; }
if command -v compute-sanitizer > /dev/null; then
  timeout 300 compute-sanitizer --tool memcheck --error-exitcode 9 "$work/attention_bwd" 17 > "$work/memcheck.log" 2>&1 ||
    { tail -30 "$work/memcheck.log"; echo "attention_bwd: FAIL (memcheck, s = 17)"; exit 1; }
  echo "memcheck at s = 17: $(grep 'ERROR SUMMARY' "$work/memcheck.log")"
else
  echo "no compute-sanitizer: memcheck left out"
fi
echo "attention_bwd: PASS"
