#!/usr/bin/env bash
# tests/gpu/run_vectorize.sh - tests/gpu/vectorize_tail.cu through tirx-pp and
# nvcc (sm_90a), then run on a GPU against the scalar loops on the CPU: the
# tail guard of a row (the last row ending at the end of its allocation) and
# arrays that overlap (docs/vectorize.md). Then again under compute-sanitizer
# memcheck, which reports any access past an allocation (a vector across the
# row's end), with compute-sanitizer from PATH or nvcc's directory.
#
#   run_vectorize.sh TIRX_PP SOURCE_DIR WORK_DIR   preprocess here, build, run (ctest gpu_vectorize)
#   run_vectorize.sh --prepared [DEVICE_DIR]       on the GPU machine, after bench/prepare_gpu.sh
#                                                  wrote DEVICE_DIR (default .device): build, run
#   run_vectorize.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                                  only tirx-pp, into OUT_DIR (what
#                                                  bench/prepare_gpu.sh writes to .device/vectorize)
#
# Prints `vectorize: PASS` and exits 0, or `vectorize: FAIL ...` and exits 1;
# 77 (skipped) after a good build on a machine without a GPU, or after a good
# run where compute-sanitizer is missing (memcheck not run: not a pass).
set -u

preprocess() {
  local tool=$1 src=$2 out=$3
  mkdir -p "$out" &&
    "$tool" -I "$src/headers" -I "$src/examples" "$src/tests/gpu/vectorize_tail.cu" -o "$out/vectorize_tail.cu"
}

. "$(dirname "$0")/lib.sh"
gpu_modes run_vectorize.sh vectorize vectorize tirx-pp "$@"
# A warning in the build of tirx-pp's output is a failure (the output adds no
# nvcc warning).
"$nvcc" -std=c++17 -O3 -Werror all-warnings -I "$src/headers" -I "$src/examples" \
  -gencode=arch=compute_90a,code=sm_90a "$work/vectorize_tail.cu" -o "$work/vectorize_tail" ||
  { echo "vectorize: FAIL: nvcc"; exit 1; }
echo "built $work/vectorize_tail"
gpu_require "vectorize_tail is built but not run"
timeout 120 "$work/vectorize_tail" || { echo "vectorize: FAIL: vectorize_tail"; exit 1; }
sanitizer=$(command -v compute-sanitizer || echo "$(dirname "$nvcc")/compute-sanitizer")
if [ -x "$sanitizer" ]; then
  timeout 600 "$sanitizer" --tool memcheck --error-exitcode 86 "$work/vectorize_tail" > "$work/memcheck.log" 2>&1
  rc=$?
  if [ $rc -ne 0 ] || ! grep -q 'ERROR SUMMARY: 0 errors' "$work/memcheck.log"; then
    tail -n 40 "$work/memcheck.log"
    echo "vectorize: FAIL: memcheck (exit $rc)"
    exit 1
  fi
  echo "memcheck: $(grep 'ERROR SUMMARY' "$work/memcheck.log")"
else
  # Half of the test did not run: not a pass (ctest shows it as not run).
  echo "SKIP: vectorize_tail passed, but there is no compute-sanitizer (on PATH or beside nvcc): memcheck not run"
  exit 77
fi
echo "vectorize: PASS"
