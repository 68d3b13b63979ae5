#!/usr/bin/env bash
# tests/gpu/run_cluster.sh - cluster events and multicast TMA on a GPU
# (docs/clusters.md):
#   1. tests/gpu/cluster_multicast.cu: rings of cluster events filled by
#      multicast copies in clusters of 2 x 1 and 2 x 2, every element checked,
#      sums against the host's; built plainly and with --watchdog (which must
#      pass too: a wait that gives up would trap);
#   2. tests/gpu/cluster_watchdog.cu through tests/gpu/run_watchdog.sh: planted
#      deadlocks on cluster events stop with a watchdog message that names the
#      event.
#
#   run_cluster.sh TIRX_PP SOURCE_DIR WORK_DIR   preprocess here, build, run (ctest gpu_cluster)
#   run_cluster.sh --prepared DIR                build and run what bench/prepare_gpu.sh wrote
#                                                into DIR (.device/cluster/): the GPU machine
#
# Prints `cluster: PASS` and exits 0, or `cluster: FAIL ...` and exits 1;
# 77 (skipped) after a good build on a machine without a GPU.
set -u
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [ "${1:-}" = --prepared ]; then
  dir=$(cd "$2" && pwd) src=$(cd "$(dirname "$0")/../.." && pwd) work=$dir
else
  tool=$1 src=$2 work=$3
  mkdir -p "$work"
  dir=$work
  "$tool" -I "$src/headers" -I "$src/examples" "$src/tests/gpu/cluster_multicast.cu" -o "$dir/cluster_multicast.cu" &&
    "$tool" --watchdog=2000000000 -I "$src/headers" -I "$src/examples" "$src/tests/gpu/cluster_multicast.cu" \
      -o "$dir/cluster_multicast_watchdog.cu" &&
    "$tool" --watchdog=20000000 -I "$src/headers" -I "$src/examples" "$src/tests/gpu/cluster_watchdog.cu" \
      -o "$dir/cluster_watchdog.cu" || { echo "cluster: FAIL: tirx-pp"; exit 1; }
fi
flags="-std=c++17 -O3 -I $src/headers -I $src/examples -gencode=arch=compute_90a,code=sm_90a"
for n in cluster_multicast cluster_multicast_watchdog; do
  # shellcheck disable=SC2086
  "$nvcc" $flags "$dir/$n.cu" -o "$work/$n" || { echo "cluster: FAIL: nvcc $n"; exit 1; }
done
echo "built $work/cluster_multicast and $work/cluster_multicast_watchdog"
if ! command -v nvidia-smi > /dev/null || ! nvidia-smi -L > /dev/null 2>&1; then
  echo "SKIP: no CUDA GPU on this machine; the cluster tests are built but not run"
  exit 77
fi
fail=""
for n in cluster_multicast cluster_multicast_watchdog; do
  timeout 300 "$work/$n" "${ITERATIONS:-1000}"
  rc=$?
  [ $rc -eq 0 ] || fail="$fail $n(exit $rc)"
done
"$src/tests/gpu/run_watchdog.sh" "$dir/cluster_watchdog.cu" || fail="$fail cluster_watchdog"
if [ -n "$fail" ]; then
  echo "cluster: FAIL:$fail"
  exit 1
fi
echo "cluster: PASS"
