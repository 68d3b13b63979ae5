#!/usr/bin/env bash
# bench/gemm_fp8_torch/run.sh PP_DIR [M N K ...] - on the GPU machine: build the
# tirx-pp output PP_DIR/gemm_fp8.cu (bench/prepare_gpu.sh) into a shared library
# and run bench.py: ours against torch._scaled_mm (cuBLASLt fp8), one process.
# With BLOCKWISE=1: PP_DIR/gemm_fp8_blockwise.cu and blockwise.py instead (each
# tile shape of ours against torch._scaled_mm per-tensor with fast accumulation
# and blockwise, cold L2; BW_TILES=-1,0,1 picks which of ours).
set -eu -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
pp=$(cd "$1" && pwd)
shift
nvcc=${NVCC:-nvcc}
work=${WORK:-/tmp/gemm-fp8-torch}
mkdir -p "$work"
if [ "${BLOCKWISE:-0}" = 1 ]; then
  name=gemm_fp8_blockwise lib=blockwise_lib.cu define=GEMM_FP8_BLOCKWISE_SOURCE script=blockwise.py
else
  name=gemm_fp8 lib=fp8_lib.cu define=GEMM_FP8_SOURCE script=bench.py
fi
"$nvcc" -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I "$root/headers" -I "$root/examples" \
  -Xcompiler -fPIC -shared -D$define="\"$pp/$name.cu\"" "$here/$lib" -o "$work/lib$name.so"
PYTHONUNBUFFERED=1 python3 "$here/$script" "$work/lib$name.so" "$@"
