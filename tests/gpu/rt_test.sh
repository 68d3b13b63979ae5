#!/usr/bin/env bash
# rt_test.sh - runs a program linked to libtirx_rt for ctest (gpu_rt_NAME).
#   rt_test.sh NAME PROGRAM [ARGS...]
# libtirx_rt links the Driver API (libcuda.so.1, the driver's): on a machine
# without the driver the program cannot even start, so that is checked first.
# Exit 77 (skipped) without a GPU, with the line `SKIP: NAME: no CUDA GPU (reason)`;
# the programs print that line themselves when the driver is there but cuInit fails.
set -u
name=$1 program=$2
shift 2
missing=$(ldd "$program" 2>/dev/null | awk '/=> not found/ {print $1}' | tr '\n' ' ')
if [ -n "$missing" ]; then
  echo "SKIP: $name: no CUDA GPU (${missing% } not found: no NVIDIA driver)"
  exit 77
fi
exec "$program" "$@"
