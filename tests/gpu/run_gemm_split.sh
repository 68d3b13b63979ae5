#!/usr/bin/env bash
# tests/gpu/run_gemm_split.sh - the split-K of examples/gemm_bf16.cu and
# gemm_bf16_cluster.cu (clusters of two blocks, their pairs of tiles split alike) on a GPU
# (docs/hopper.md), whose splits meet at a grid event (the last to arrive at
# a tile's counter sums the partials: docs/regions-and-events.md#grid-events):
# through tirx-pp and nvcc (sm_90a, every nvcc warning an error), then at
# ragged sizes with the split forced (the example's fourth argument), each
# tile shape against the CPU reference and each result three times bit for
# bit alike (the deterministic reduction, whichever split arrives last); the
# skinny sizes of bench/RESULTS.md with their splits forced; the picked split
# at a skinny size; and small splits under compute-sanitizer memcheck.
#
#   run_gemm_split.sh TIRX_PP SOURCE_DIR WORK_DIR   preprocess here, build, run (ctest gpu_gemm_split)
#   run_gemm_split.sh --prepared [DEVICE_DIR]       on the GPU machine, after bench/prepare_gpu.sh
#                                                   wrote DEVICE_DIR (default .device): build, run
#   run_gemm_split.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                                   only tirx-pp, into OUT_DIR (what
#                                                   bench/prepare_gpu.sh writes to .device/gemm_split)
#
# Prints `gemm_split: PASS` and exits 0, or FAIL and exits 1; 77 (skipped)
# after a good build on a machine without a GPU.
set -u

preprocess() {
  mkdir -p "$3" && for f in gemm_bf16 gemm_bf16_cluster; do
    "$1" -I "$2/headers" -I "$2/examples" "$2/examples/$f.cu" -o "$3/$f.cu" || return 1
  done
}

. "$(dirname "$0")/lib.sh"
gpu_modes run_gemm_split.sh gemm_split gemm_split tirx-pp "$@"
for f in gemm_bf16 gemm_bf16_cluster; do
  "$nvcc" -std=c++17 -O3 -Werror all-warnings -I "$src/headers" -I "$src/examples" -gencode=arch=compute_90a,code=sm_90a \
    "$dir/$f.cu" -o "$work/$f" || { echo "gemm_split: FAIL: nvcc ($f)"; exit 1; }
  echo "built $work/$f"
done
gpu_require "gemm_bf16 and gemm_bf16_cluster are built but not run"
bad=0
# m n k splits: ranges of unequal length (k not a multiple of the split), a
# split with more ranges than K-tiles of some shapes (clamped), tiles past C's
# edge (in clusters: a pair's tile past the edge, side by side and one
# above the other); then the split pick_tile_split chooses (no fourth argument).
for f in gemm_bf16 gemm_bf16_cluster; do
  for args in "1000 300 3000 3" "777 136 5000 4" "300 200 700 2" "129 1000 4100 2" "200 72 200 8" "1000 256 6000" \
    "4224 256 4096 2" "2112 256 8192 3" "4224 256 16384"; do
    out=$(timeout 120 "$work/$f" $args 2>&1)
    echo "[$f $args] $(echo "$out" | tail -1)"
    echo "$out" | tail -1 | grep -q ": PASS$" || { echo "$out" | tail -5; bad=1; }
  done
done
if command -v compute-sanitizer > /dev/null; then
  for f in gemm_bf16 gemm_bf16_cluster; do
    for args in "200 136 1200 3" "300 256 2048 4"; do
      out=$(timeout 300 compute-sanitizer --tool memcheck --error-exitcode 9 "$work/$f" $args 2>&1)
      rc=$?
      echo "[memcheck $f $args] rc=$rc $(echo "$out" | tail -1)"
      [ $rc -eq 0 ] || { echo "$out" | tail -8; bad=1; }
    done
  done
fi
[ $bad -eq 0 ] && echo "gemm_split: PASS" || echo "gemm_split: FAIL"
exit $bad
