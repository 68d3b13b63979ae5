#!/usr/bin/env bash
# rt_no_device.sh - rt_runner where libcuda.so.1 exists but no GPU does: the
# toolkit's stub stands in for the driver, so cuInit fails. Every example must
# print its SKIP line with the reason, and the exit status must be 77.
#   rt_no_device.sh RUNNER ROOT STUB_LIBCUDA
set -u
runner=$1 root=$2 stub=$3
dir=$(mktemp -d) && trap 'rm -rf "$dir"' EXIT
ln -s "$stub" "$dir/libcuda.so.1"
out=$(LD_LIBRARY_PATH=$dir "$runner" --root "$root")
rc=$?
echo "$out"
skips=$(grep -c '^SKIP: [a-z_0-9]*: no CUDA GPU (cuInit: CUDA_ERROR_STUB_LIBRARY' <<< "$out")
# One per example of rt_runner.c's table.
[ "$rc" = 77 ] && [ "$skips" = 12 ] && { echo "PASS: exit 77, 12 SKIP lines"; exit 0; }
echo "FAIL: exit $rc, $skips SKIP lines (expected 77, 12)"
exit 1
