#!/usr/bin/env bash
# tests/gpu/run_two_copies.sh - tests/gpu/two_copies.cu on a GPU: a ring whose
# stages are filled by two bulk copies, each with its own tirx_trigger_bytes
# (and by one trigger run twice per stage), every element checked
# (docs/regions-and-events.md, "Arrivals per phase"). Then a control: the same
# output with the count of `full` set back to 1 must fail (a mismatch, a
# fault or a hang stopped by the timeout), or the test could not tell.
#
#   run_two_copies.sh TIRX_PP SOURCE_DIR WORK_DIR   preprocess here, build, run (ctest gpu_two_copies)
#   run_two_copies.sh --prepared [DEVICE_DIR]       on the GPU machine, after bench/prepare_gpu.sh
#                                                   wrote DEVICE_DIR (default .device)
#   run_two_copies.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                                   only tirx-pp, into OUT_DIR (what
#                                                   bench/prepare_gpu.sh writes to .device/two_copies)
#
# Prints `two_copies: PASS` and exits 0, or `two_copies: FAIL ...` and exits 1;
# 77 (skipped) after a good build on a machine without a GPU.
set -u

# tirx-pp on the test, and the control with count 1: preprocess TIRX_PP SOURCE_DIR OUT_DIR.
preprocess() {
  local tool=$1 src=$2 out=$3
  mkdir -p "$out" &&
    "$tool" -I "$src/headers" -I "$src/examples" "$src/tests/gpu/two_copies.cu" -o "$out/two_copies.cu" &&
    [ "$(grep -c 'tirx_event_init(full, STAGES, 2)' "$out/two_copies.cu")" = 2 ] &&
    [ "$(grep -c 'tirx_event_init(full, STAGES, (2))' "$out/two_copies.cu")" = 2 ] &&
    sed 's/tirx_event_init(full, STAGES, (\{0,1\}2)\{0,1\})/tirx_event_init(full, STAGES, 1)/' "$out/two_copies.cu" \
      > "$out/two_copies_count1.cu"
}

. "$(dirname "$0")/lib.sh"
gpu_modes run_two_copies.sh two_copies two_copies "tirx-pp (or a count other than 2)" "$@"
# A warning in the build of tirx-pp's output is a failure (the output adds no nvcc warning).
flags="-std=c++17 -O3 -Werror all-warnings -I $src/headers -I $src/examples -gencode=arch=compute_90a,code=sm_90a"
for n in two_copies two_copies_count1; do
  # shellcheck disable=SC2086
  "$nvcc" $flags "$dir/$n.cu" -o "$work/$n" || { echo "two_copies: FAIL: nvcc $n"; exit 1; }
done
echo "built $work/two_copies and $work/two_copies_count1"
gpu_require "two_copies is built but not run"
timeout 120 "$work/two_copies" "${ITERATIONS:-200}"
rc=$?
[ $rc -eq 0 ] || { echo "two_copies: FAIL (exit $rc)"; exit 1; }
for v in 1 2 3 4; do  # each variant's control on its own: the first to fail must not hide the others
  timeout 60 "$work/two_copies_count1" "${ITERATIONS:-200}" $v > "$work/two_copies_count1.log" 2>&1
  rc=$?
  if [ $rc -eq 0 ]; then
    echo "two_copies: FAIL: variant $v's control with count 1 passed too: the test cannot tell the counts apart"
    exit 1
  fi
  echo "variant $v, control with count 1: fails as it must (exit $rc: $(grep -m1 -v '^$' "$work/two_copies_count1.log"))"
done
echo "two_copies: PASS"
