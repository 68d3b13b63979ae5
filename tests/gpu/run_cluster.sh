#!/usr/bin/env bash
# tests/gpu/run_cluster.sh - cluster events and multicast TMA on a GPU
# (docs/clusters.md):
#   0. tests/gpu/cluster_launch_grid.cu (no GPU needed): a grid that is not a
#      multiple of the cluster is reported at the launch's line, with why;
#   1. tests/gpu/cluster_multicast.cu: rings of cluster events filled by
#      multicast copies in clusters of 2 x 1 and 2 x 2, every element checked,
#      sums against the host's; built plainly and with --watchdog (which must
#      pass too: a wait that gives up would trap);
#   2. tests/gpu/cluster_watchdog.cu through tests/gpu/run_watchdog.sh: planted
#      deadlocks on cluster events stop with a watchdog message that names the
#      event;
#   with --prepared, also
#   3. examples/gemm_bf16_cluster.cu at ragged sizes against its CPU reference,
#      the tile shape it picks and each of its three forced (run_examples.sh;
#      SANITIZE=1 adds compute-sanitizer);
#   4. bench/gemm_cluster.cu: the cluster GEMM against gemm_bf16 (1 x 1) and
#      cuBLAS in one process (needs -lcublas), with each cluster tile shape
#      forced too (GEMM_ALL_TILES, default 1 here; 0 times the picked only).
#
#   run_cluster.sh TIRX_PP SOURCE_DIR WORK_DIR   preprocess here, build, run 1-2 (ctest gpu_cluster)
#   run_cluster.sh --prepared [DEVICE_DIR]       on the GPU machine, after bench/prepare_gpu.sh
#                                                wrote DEVICE_DIR (default .device): 1-4
#   run_cluster.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                                only tirx-pp on 0-2, into OUT_DIR (what
#                                                bench/prepare_gpu.sh writes to .device/cluster)
#
# Prints `cluster: PASS` and exits 0, or `cluster: FAIL ...` and exits 1;
# 77 (skipped) after a good build on a machine without a GPU.
set -u

# tirx-pp on the cluster tests: preprocess TIRX_PP SOURCE_DIR OUT_DIR.
preprocess() {
  local tool=$1 src=$2 out=$3
  mkdir -p "$out" &&
    "$tool" -I "$src/headers" -I "$src/examples" "$src/tests/gpu/cluster_multicast.cu" -o "$out/cluster_multicast.cu" &&
    "$tool" --watchdog=2000000000 -I "$src/headers" -I "$src/examples" "$src/tests/gpu/cluster_multicast.cu" \
      -o "$out/cluster_multicast_watchdog.cu" &&
    "$tool" --watchdog=20000000 -I "$src/headers" -I "$src/examples" "$src/tests/gpu/cluster_watchdog.cu" \
      -o "$out/cluster_watchdog.cu" &&
    "$tool" -I "$src/headers" "$src/tests/gpu/cluster_launch_grid.cu" -o "$out/cluster_launch_grid.cu"
}

. "$(dirname "$0")/lib.sh"
gpu_modes run_cluster.sh cluster cluster tirx-pp "$@"
flags="-std=c++17 -O3 -I $src/headers -I $src/examples -gencode=arch=compute_90a,code=sm_90a"
for n in cluster_multicast cluster_multicast_watchdog; do
  # shellcheck disable=SC2086
  "$nvcc" $flags "$dir/$n.cu" -o "$work/$n" || { echo "cluster: FAIL: nvcc $n"; exit 1; }
done
echo "built $work/cluster_multicast and $work/cluster_multicast_watchdog"
# 0. No GPU needed: the configuration is refused before the launch.
# shellcheck disable=SC2086
"$nvcc" $flags "$dir/cluster_launch_grid.cu" -o "$work/cluster_launch_grid" || { echo "cluster: FAIL: nvcc"; exit 1; }
"$work/cluster_launch_grid" || { echo "cluster: FAIL: cluster_launch_grid"; exit 1; }
msg=$("$work/cluster_launch_grid" handler 2>&1)
rc=$?
if [ $rc -ne 1 ] || ! grep -q 'cluster_launch_grid.cu:18:5: the grid (3, 1, 1) is not a multiple of the cluster (2, 1, 1)' <<<"$msg" ||
  ! grep -q 'cluster_launch_grid.cu:18:5: launch of pair failed: invalid argument' <<<"$msg"; then
  echo "cluster: FAIL: cluster_launch_grid handler (exit $rc): $msg"
  exit 1
fi
echo "cluster_launch_grid: PASS (reported: $(head -1 <<<"$msg"))"
gpu_require "the cluster tests are built but not run"
fail=""
for n in cluster_multicast cluster_multicast_watchdog; do
  timeout 300 "$work/$n" "${ITERATIONS:-1000}"
  rc=$?
  [ $rc -eq 0 ] || fail="$fail $n(exit $rc)"
done
"$src/tests/gpu/run_watchdog.sh" "$dir/cluster_watchdog.cu" || fail="$fail cluster_watchdog"
if [ $prepared = 1 ]; then
  SIZES=${SIZES:-"default 1 7 129 255 257 1000 4099"} "$src/tests/gpu/run_examples.sh" "$device/pp" gemm_bf16_cluster ||
    fail="$fail gemm_bf16_cluster"
  # shellcheck disable=SC2086
  if "$nvcc" $flags -DGEMM_BF16_SOURCE="\"$device/pp/gemm_bf16.cu\"" \
      -DGEMM_BF16_CLUSTER_SOURCE="\"$device/pp/gemm_bf16_cluster.cu\"" "$src/bench/gemm_cluster.cu" -lcublas \
      -o "$work/gemm_cluster"; then
    GEMM_ALL_TILES=${GEMM_ALL_TILES:-1} timeout 900 "$work/gemm_cluster" || fail="$fail gemm_cluster"
  else
    fail="$fail gemm_cluster(build)"
  fi
fi
if [ -n "$fail" ]; then
  echo "cluster: FAIL:$fail"
  exit 1
fi
echo "cluster: PASS"
