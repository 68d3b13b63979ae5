#!/usr/bin/env bash
# tests/gpu/run_turns.sh - tests/gpu/turns_order.cu through tirx-pp and nvcc
# (sm_90a), then run on a GPU: the turns of `#pragma tirx turns` come in
# increasing index order, cyclically, and a FlashAttention-3-shaped pipeline
# finishes (docs/turns.md).
#   run_turns.sh TIRX_PP SOURCE_DIR WORK_DIR
# Exit 0 when it ran and passed, 1 when the rewrite, the build or the run
# failed, 77 (skipped) after a good build on a machine without a GPU.
set -u
tool=$1 src=$2 work=$3
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$work"
"$tool" -I "$src/headers" -I "$src/examples" "$src/tests/gpu/turns_order.cu" -o "$work/turns_order.cu" || exit 1
# A warning in the build of tirx-pp's output is a failure (docs/language.md#headers-and-existing-builds: the output
# adds no nvcc warning; run_examples.sh WERROR=1 does the same).
"$nvcc" -std=c++17 -Werror all-warnings -I "$src/headers" -I "$src/examples" -gencode=arch=compute_90a,code=sm_90a \
  "$work/turns_order.cu" -o "$work/turns_order" || exit 1
echo "built $work/turns_order"
if ! command -v nvidia-smi > /dev/null || ! nvidia-smi -L > /dev/null 2>&1; then
  echo "SKIP: no CUDA GPU on this machine; turns_order is built but not run"
  exit 77
fi
timeout 120 "$work/turns_order"
